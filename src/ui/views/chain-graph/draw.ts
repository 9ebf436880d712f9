/**
 * The chain graph drawn with d3 into an <svg>, with zoom and pan (d3-zoom): a plain module the
 * React component mounts. setData() redraws nodes and edges and frames what it is asked to at a
 * scale where the names can be read; update() only toggles classes for the traced path, the
 * current, the selected and the found chain.
 */
import { select, type Selection } from 'd3-selection';
import { NS } from './draw-parts.ts';
import 'd3-transition';
import { zoomIdentity } from 'd3-zoom';
import type { EdgeText } from './edge-label.ts';
import { snapTranslation } from './frame-snap.ts';
import type { ChainEdge, ChainNode } from './graph-model.ts';
import type { GraphLayout, NodeBox } from './elk-layout.ts';
import {
  appendArrowMarkers,
  attachZoom,
  drawEdges,
  drawLabels,
  drawNodes,
  markState,
} from './draw-parts.ts';
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

function boxesOf(layout: GraphLayout, ids: readonly string[]): NodeBox[] {
  return ids.length
    ? ids.flatMap((id) => layout.nodes.get(id) ?? [])
    : [{ id: '', x: 0, y: 0, w: layout.width, h: layout.height }];
}

/**
 * Where framing some nodes puts the view: all of them at a readable scale when they fit, else the
 * first of them, as far right as keeps the others' left edge in view; then moved, if need be, so
 * that no chain is cut by the view's edges (frame-snap.ts). A single chain (a search hit) is
 * centred as asked.
 */
function framedTransform(
  layout: GraphLayout,
  ids: readonly string[],
  { w, h }: { w: number; h: number },
): { x: number; y: number; k: number } | undefined {
  const boxes = boxesOf(layout, ids);
  const first = boxes[0];
  if (!first) return undefined;
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h));
  const fits = Math.min(1, (w - 32) / Math.max(1, x1 - x0), (h - 32) / Math.max(1, y1 - y0));
  const k = Math.max(READABLE_SCALE, fits);
  const [tx, ty] =
    fits >= READABLE_SCALE
      ? [w / 2 - ((x0 + x1) / 2) * k, h / 2 - ((y0 + y1) / 2) * k]
      : [
          Math.min(w / 2 - (first.x + first.w / 2) * k, 16 - x0 * k),
          h / 2 - (first.y + first.h / 2) * k,
        ];
  if (ids.length === 1) return { x: tx, y: ty, k };
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
  return { x, y, k };
}

export function createChainGraph(
  svgEl: SVGSVGElement,
  onActivate: (node: ChainNode) => void,
): ChainGraphView {
  const svg = select(svgEl).classed(`${NS}-svg`, true);
  appendArrowMarkers(svg);
  const viewport = svg.append('g').attr('class', `${NS}-viewport`);
  const edgesG = viewport.append('g').attr('class', `${NS}-edges`);
  const labelsG = viewport.append('g').attr('class', `${NS}-labels`);
  const nodesG = viewport.append('g').attr('class', `${NS}-nodes`);
  let layout: GraphLayout | null = null;
  let reducedMotion = false;
  let lastCurrent: string | null = null;
  let framed = false;

  const zoomer = attachZoom(svg, viewport);

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

  /** Frames some nodes (the whole graph when none are given) at a readable scale. */
  function frame(ids: readonly string[]): void {
    if (!layout) return;
    const t = framedTransform(layout, ids, size());
    if (t) zoomer.transform(svg, zoomIdentity.translate(t.x, t.y).scale(t.k));
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
    drawEdges(edgesG, d);
    drawLabels(labelsG, d);
    drawNodes(nodesG, d, {
      activate: onActivate,
      focus: (n: ChainNode) => {
        const box = layout?.nodes.get(n.id);
        if (box) reveal(box);
      },
    });
    if (d.frame !== 'keep') frame(d.frame);
    // the next update brings the current chain into the new picture, unless it was just framed
    lastCurrent = null;
    framed = d.frame !== 'keep';
    if (d.nodes.length) performance.mark('graph:drawn');
  }

  function update(s: GraphState): void {
    reducedMotion = s.reducedMotion;
    markState({ nodes: nodesG, edges: edgesG, labels: labelsG }, s);
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
