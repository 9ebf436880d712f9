/**
 * The chain graph drawn with d3 into an <svg>, with zoom and pan (d3-zoom): a plain module the
 * React component mounts. setLayout() redraws nodes and edges; update() only toggles classes for
 * the traced path, the current and the selected chain.
 */
import { select, type Selection } from 'd3-selection';
import 'd3-transition';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import type { ChainEdge, ChainNode } from './graph-model.ts';
import { NODE_H, type GraphLayout, type NodeBox } from './elk-layout.ts';
import { nodeSubtitle } from './node-text.ts';
import type { GraphStrings } from './strings.ts';

export interface GraphData {
  layout: GraphLayout;
  nodes: ChainNode[];
  edges: ChainEdge[];
  edgeLabel: (id: string) => string | null;
  edgeTitle: (id: string) => string | null;
  text: GraphStrings;
  /**
   * fit the whole graph to the view (a first layout, another table); otherwise the user's zoom
   * and pan are kept
   */
  refit: boolean;
}

export interface GraphState {
  visited: ReadonlySet<string>;
  litEdges: ReadonlySet<string>;
  current: string | null;
  selected: string | null;
  reducedMotion: boolean;
}

export interface ChainGraphView {
  setData(data: GraphData): void;
  update(state: GraphState): void;
  zoomBy(k: number): void;
  fit(): void;
  destroy(): void;
}

const NS = 'cg';

function pathOf(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join('');
}

export function createChainGraph(
  svgEl: SVGSVGElement,
  onSelect: (chain: string) => void,
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

  /** Frames some nodes (all when none are given), never magnifying past 1:1. */
  function fit(ids: readonly string[] = []): void {
    if (!layout) return;
    const boxes = ids.flatMap((id) => layout?.nodes.get(id) ?? []);
    const x0 = boxes.length ? Math.min(...boxes.map((b) => b.x)) : 0;
    const y0 = boxes.length ? Math.min(...boxes.map((b) => b.y)) : 0;
    const x1 = boxes.length ? Math.max(...boxes.map((b) => b.x + b.w)) : layout.width;
    const y1 = boxes.length ? Math.max(...boxes.map((b) => b.y + b.h)) : layout.height;
    const { w, h } = size();
    const k = Math.max(
      boxes.length ? 0.6 : 0.05,
      Math.min(1, (w - 32) / Math.max(1, x1 - x0), (h - 32) / Math.max(1, y1 - y0)),
    );
    const t = zoomIdentity
      .translate(w / 2 - ((x0 + x1) / 2) * k, h / 2 - ((y0 + y1) / 2) * k)
      .scale(k);
    zoomer.transform(svg, t);
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
    const labelled = d.edges.filter((e) => lines.get(e.id)?.label && d.edgeLabel(e.id));
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
        if (!l) return;
        const g = select(this);
        g.select('rect')
          .attr('x', l.x)
          .attr('y', l.y)
          .attr('width', l.w)
          .attr('height', l.h)
          .attr('rx', 3);
        g.select('text')
          .attr('x', l.x + l.w / 2)
          .attr('y', l.y + l.h / 2 + 1)
          .text(d.edgeLabel(e.id) ?? '');
        g.select('title').text(d.edgeTitle(e.id) ?? '');
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
        g.on('click', (_e: MouseEvent, n: ChainNode) => onSelect(n.id));
        g.on('keydown', (e: KeyboardEvent, n: ChainNode) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onSelect(n.id);
          }
        });
        g.on('focus', (_e: FocusEvent, n: ChainNode) => {
          const box = layout?.nodes.get(n.id);
          if (box) reveal(box);
        });
        return g;
      })
      .attr('class', (n) => `node ${NS}-node${n.builtin ? ' builtin' : ''}`)
      .attr('data-chain', (n) => n.id)
      .attr('aria-label', (n) => t.nodeLabel(n.id, n.builtin, n.policy, n.rules))
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
      .text((n) => n.id);
    nodes
      .select(`text.${NS}-sub`)
      .attr('x', 10)
      .attr('y', 31)
      .text((n) => nodeSubtitle(n, t));
    if (d.refit) fit();
    lastCurrent = null; // the next update brings the current chain into the new picture
  }

  function update(s: GraphState): void {
    reducedMotion = s.reducedMotion;
    nodesG
      .selectAll<SVGGElement, ChainNode>('g.node')
      .classed('visited', (n) => s.visited.has(n.id))
      .classed('current', (n) => n.id === s.current)
      .classed('selected', (n) => n.id === s.selected)
      .attr('aria-pressed', (n) => (n.id === s.selected ? 'true' : 'false'));
    edgesG
      .selectAll<SVGPathElement, ChainEdge>('path')
      .classed('lit', (e) => s.litEdges.has(e.id))
      .attr('marker-end', (e) => `url(#${NS}-arrow-${s.litEdges.has(e.id) ? 'lit' : 'plain'})`);
    labelsG.selectAll<SVGGElement, ChainEdge>('g').classed('lit', (e) => s.litEdges.has(e.id));
    // follow the packet: bring the current chain into view when it changes
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
    fit: () => fit(),
    destroy() {
      sizeWatch?.disconnect();
      svg.on('.zoom', null);
      svg.selectAll('*').remove();
    },
  };
}
