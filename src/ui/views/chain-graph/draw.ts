/**
 * The chain graph drawn with d3 into an <svg>, with zoom and pan (d3-zoom): a plain module the
 * React component mounts. setData() redraws nodes and edges and frames what it is asked to at a
 * scale where the names can be read; update() only toggles classes for the traced path, the
 * current, the selected and the found chain.
 */
import { select, type Selection } from 'd3-selection';
import 'd3-transition';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import type { EdgeText } from './edge-label.ts';
import { snapTranslation } from './frame-snap.ts';
import type { ChainEdge, ChainNode } from './graph-model.ts';
import { LABEL_LINE_H, NODE_H, type GraphLayout, type NodeBox } from './elk-layout.ts';
import { nodeName, nodeSubtitle } from './node-text.ts';
import type { GraphStrings } from './strings.ts';

/**
 * The smallest scale a view is framed at: names are drawn at 12 px, so they show at 11.5 px or
 * more. Only the user zooms out past it (or asks for the overview).
 */
export const READABLE_SCALE = 0.96;
/** the room kept between a framed view's edge and the chains it shows */
const SNAP_MARGIN = 8;

export interface GraphData {
  layout: GraphLayout;
  nodes: ChainNode[];
  edges: ChainEdge[];
  edgeText: (id: string) => EdgeText | null;
  text: GraphStrings;
  /**
   * 'keep' keeps the user's zoom and pan; a list of nodes (empty: the whole graph) is framed at
   * a readable scale (a first layout, another table, a search hit, an opened family)
   */
  frame: 'keep' | readonly string[];
}

export interface GraphState {
  visited: ReadonlySet<string>;
  litEdges: ReadonlySet<string>;
  current: string | null;
  selected: string | null;
  /** the chain a search found */
  found: string | null;
  reducedMotion: boolean;
}

export interface ChainGraphView {
  setData(data: GraphData): void;
  update(state: GraphState): void;
  zoomBy(k: number): void;
  /** the whole graph, however small that makes it */
  fit(): void;
  /** some nodes at a readable scale, as setData's frame */
  frame(ids: readonly string[]): void;
  destroy(): void;
}

const NS = 'cg';

function pathOf(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join('');
}

export function createChainGraph(
  svgEl: SVGSVGElement,
  onActivate: (node: ChainNode) => void,
): ChainGraphView {
  const svg = select(svgEl).classed(`${NS}-svg`, true);
  const defs = svg.append('defs');
  for (const kind of ['plain', 'lit'])
    defs
      .append('marker')
      .attr('id', `${NS}-arrow-${kind}`)
      .attr('viewBox', '0 0 10 10')
      .attr('refX', 9)
      .attr('refY', 5)
      .attr('markerWidth', 6)
      .attr('markerHeight', 6)
      .attr('orient', 'auto')
      .append('path')
      .attr('d', 'M0,0L10,5L0,10z')
      .attr('class', `${NS}-arrowhead ${kind}`);
  const viewport = svg.append('g').attr('class', `${NS}-viewport`);
  const edgesG = viewport.append('g').attr('class', `${NS}-edges`);
  const labelsG = viewport.append('g').attr('class', `${NS}-labels`);
  const nodesG = viewport.append('g').attr('class', `${NS}-nodes`);
  let layout: GraphLayout | null = null;
  let reducedMotion = false;
  let lastCurrent: string | null = null;
  let framed = false;

  const zoomer: ZoomBehavior<SVGSVGElement, unknown> = zoom<SVGSVGElement, unknown>()
    .scaleExtent([0.05, 3])
    .on('zoom', (e: { transform: { toString(): string } }) => {
      viewport.attr('transform', e.transform.toString());
    });
  svg.call(zoomer).on('dblclick.zoom', null);

  // the drawing's size as the resize observer last reported it: reading clientWidth right after
  // d3 has added the nodes would lay the whole page out there and then (a long task)
  let seen: { w: number; h: number } | null = null;
  const sizeWatch =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver(() => {
          seen = { w: svgEl.clientWidth || 600, h: svgEl.clientHeight || 400 };
        });
  sizeWatch?.observe(svgEl);
  const size = () => seen ?? { w: svgEl.clientWidth || 600, h: svgEl.clientHeight || 400 };
  const run = (s: Selection<SVGSVGElement, unknown, null, undefined>) =>
    reducedMotion ? s : (s.transition().duration(300) as unknown as typeof s);

  const boxesOf = (ids: readonly string[]): NodeBox[] =>
    ids.length
      ? ids.flatMap((id) => layout?.nodes.get(id) ?? [])
      : [{ id: '', x: 0, y: 0, w: layout?.width ?? 0, h: layout?.height ?? 0 }];

  /** The whole graph in the view, never magnifying past 1:1. */
  function fit(): void {
    if (!layout) return;
    const { w, h } = size();
    const k = Math.max(
      0.05,
      Math.min(1, (w - 32) / Math.max(1, layout.width), (h - 32) / Math.max(1, layout.height)),
    );
    const t = zoomIdentity
      .translate(w / 2 - (layout.width / 2) * k, h / 2 - (layout.height / 2) * k)
      .scale(k);
    zoomer.transform(svg, t);
  }

  /**
   * Frames some nodes (the whole graph when none are given) at a readable scale: all of them
   * when they fit, else the first of them, as far right as keeps the others' left edge in view;
   * then moved, if need be, so that no chain is cut by the view's edges (frame-snap.ts).
   */
  function frame(ids: readonly string[]): void {
    const boxes = boxesOf(ids);
    const first = boxes[0];
    if (!layout || !first) return;
    const x0 = Math.min(...boxes.map((b) => b.x));
    const y0 = Math.min(...boxes.map((b) => b.y));
    const x1 = Math.max(...boxes.map((b) => b.x + b.w));
    const y1 = Math.max(...boxes.map((b) => b.y + b.h));
    const { w, h } = size();
    const fits = Math.min(1, (w - 32) / Math.max(1, x1 - x0), (h - 32) / Math.max(1, y1 - y0));
    const k = Math.max(READABLE_SCALE, fits);
    const [tx, ty] =
      fits >= READABLE_SCALE
        ? [w / 2 - ((x0 + x1) / 2) * k, h / 2 - ((y0 + y1) / 2) * k]
        : [
            Math.min(w / 2 - (first.x + first.w / 2) * k, 16 - x0 * k),
            h / 2 - (first.y + first.h / 2) * k,
          ];
    // a single chain (a search hit) is centred as asked
    if (ids.length === 1) {
      zoomer.transform(svg, zoomIdentity.translate(tx, ty).scale(k));
      return;
    }
    // no chain cut by the view's edges: the leftmost framed chain and the first stay in view
    const all = [...layout.nodes.values()];
    const framed = boxes.map((b) => b.id);
    const leftmost = boxes.reduce((a, b) => (b.x < a.x ? b : a), first).id || null;
    const x = snapTranslation({
      wanted: tx,
      k,
      length: w,
      margin: SNAP_MARGIN,
      spans: all.map((b) => ({ id: b.id, start: b.x, size: b.w })),
      framed,
      anchor: leftmost,
    });
    const y = snapTranslation({
      wanted: ty,
      k,
      length: h,
      margin: SNAP_MARGIN,
      spans: all.map((b) => ({ id: b.id, start: b.y, size: b.h })),
      framed,
      anchor: first.id || null,
    });
    zoomer.transform(svg, zoomIdentity.translate(x, y).scale(k));
  }

  /** Pans so a node shows, keeping the zoom level, when it is outside the view. */
  function reveal(box: NodeBox): void {
    const { w, h } = size();
    const t = (svgEl as SVGSVGElement & { __zoom?: { x: number; y: number; k: number } }).__zoom;
    const k = t?.k ?? 1;
    const x = box.x * k + (t?.x ?? 0);
    const y = box.y * k + (t?.y ?? 0);
    if (x >= 0 && y >= 0 && x + box.w * k <= w && y + box.h * k <= h) return;
    const target = zoomIdentity
      .translate(w / 2 - (box.x + box.w / 2) * k, h / 2 - (box.y + box.h / 2) * k)
      .scale(k);
    zoomer.transform(run(svg) as never, target);
  }

  function setData(d: GraphData): void {
    layout = d.layout;
    const boxes = d.layout.nodes;
    const lines = d.layout.edges;
    edgesG
      .selectAll<SVGPathElement, ChainEdge>('path')
      .data(
        d.edges.filter((e) => lines.has(e.id)),
        (e) => e.id,
      )
      .join((enter) => enter.append('path').call((p) => p.append('title')))
      .attr('class', (e) => `${NS}-edge ${e.kind}`)
      .attr('data-edge', (e) => e.id)
      .attr('d', (e) => pathOf(lines.get(e.id)?.points ?? []))
      .each(function (e) {
        select(this)
          .select('title')
          .text(`${e.kind} ${e.from} → ${e.to} (#${e.rules.join(', #')})`);
      });
    const labelled = d.edges.filter((e) => lines.get(e.id)?.label && d.edgeText(e.id));
    labelsG
      .selectAll<SVGGElement, ChainEdge>('g')
      .data(labelled, (e) => e.id)
      .join((enter) => {
        const g = enter.append('g');
        g.append('rect');
        g.append('text');
        g.append('title');
        return g;
      })
      .attr('class', `${NS}-label`)
      .attr('data-edge', (e) => e.id)
      .each(function (e) {
        const l = lines.get(e.id)?.label;
        const text = d.edgeText(e.id);
        if (!l || !text) return;
        const g = select(this);
        g.select('rect')
          .attr('x', l.x)
          .attr('y', l.y)
          .attr('width', l.w)
          .attr('height', l.h)
          .attr('rx', 3);
        const top = l.y + (l.h - text.lines.length * LABEL_LINE_H) / 2 + LABEL_LINE_H / 2 + 1;
        g.select('text')
          .selectAll('tspan')
          .data(text.lines)
          .join('tspan')
          .attr('class', (_, i) => (i ? `${NS}-share` : null))
          .attr('x', l.x + l.w / 2)
          .attr('y', (_, i) => top + i * LABEL_LINE_H)
          .text((line) => line);
        g.select('title').text(text.title);
      });
    const t = d.text;
    const nodes = nodesG
      .selectAll<SVGGElement, ChainNode>('g.node')
      .data(
        d.nodes.filter((n) => boxes.has(n.id)),
        (n) => n.id,
      )
      .join((enter) => {
        const g = enter
          .append('g')
          .attr('class', 'node')
          .attr('tabindex', 0)
          .attr('role', 'button');
        g.append('rect').attr('class', `${NS}-box`);
        g.append('text').attr('class', `${NS}-name`);
        g.append('text').attr('class', `${NS}-sub`);
        g.on('click', (_e: MouseEvent, n: ChainNode) => onActivate(n));
        g.on('keydown', (e: KeyboardEvent, n: ChainNode) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onActivate(n);
          }
        });
        g.on('focus', (_e: FocusEvent, n: ChainNode) => {
          const box = layout?.nodes.get(n.id);
          if (box) reveal(box);
        });
        return g;
      })
      .attr(
        'class',
        (n) => `node ${NS}-node${n.builtin ? ' builtin' : ''}${n.fold ? ' folded' : ''}`,
      )
      .attr('data-chain', (n) => (n.fold ? null : n.id))
      .attr('data-family', (n) => n.fold?.family ?? null)
      .attr('aria-label', (n) =>
        n.fold
          ? t.foldLabel(n.fold.family, n.fold.count)
          : t.nodeLabel(n.id, n.builtin, n.policy, n.rules),
      )
      .attr('transform', (n) => {
        const b = boxes.get(n.id);
        return `translate(${b?.x ?? 0},${b?.y ?? 0})`;
      });
    nodes
      .select('rect')
      .attr('width', (n) => boxes.get(n.id)?.w ?? 0)
      .attr('height', NODE_H)
      .attr('rx', (n) => (n.builtin ? 3 : 8));
    nodes
      .select(`text.${NS}-name`)
      .attr('x', 10)
      .attr('y', 16)
      .text((n) => nodeName(n));
    nodes
      .select(`text.${NS}-sub`)
      .attr('x', 10)
      .attr('y', 31)
      .text((n) => nodeSubtitle(n, t));
    if (d.frame !== 'keep') frame(d.frame);
    // the next update brings the current chain into the new picture, unless it was just framed
    lastCurrent = null;
    framed = d.frame !== 'keep';
    if (d.nodes.length) performance.mark('graph:drawn');
  }

  function update(s: GraphState): void {
    reducedMotion = s.reducedMotion;
    nodesG
      .selectAll<SVGGElement, ChainNode>('g.node')
      .classed('visited', (n) => s.visited.has(n.id))
      .classed('current', (n) => n.id === s.current)
      .classed('selected', (n) => n.id === s.selected)
      .classed('found', (n) => n.id === s.found)
      .attr('aria-pressed', (n) => (n.id === s.selected ? 'true' : 'false'));
    edgesG
      .selectAll<SVGPathElement, ChainEdge>('path')
      .classed('lit', (e) => s.litEdges.has(e.id))
      .attr('marker-end', (e) => `url(#${NS}-arrow-${s.litEdges.has(e.id) ? 'lit' : 'plain'})`);
    labelsG.selectAll<SVGGElement, ChainEdge>('g').classed('lit', (e) => s.litEdges.has(e.id));
    // follow the packet: bring the current chain into view when it changes
    if (framed) lastCurrent = s.current;
    framed = false;
    if (s.current && s.current !== lastCurrent && layout) {
      const box = layout.nodes.get(s.current);
      if (box) reveal(box);
    }
    lastCurrent = s.current;
    nodesG.selectAll<SVGGElement, ChainNode>('g.node.current').raise();
  }

  return {
    setData,
    update,
    zoomBy(k) {
      zoomer.scaleBy(run(svg) as never, k);
    },
    fit,
    frame,
    destroy() {
      sizeWatch?.disconnect();
      svg.on('.zoom', null);
      svg.selectAll('*').remove();
    },
  };
}
