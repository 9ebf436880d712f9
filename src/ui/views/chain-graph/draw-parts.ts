/**
 * The chain graph's d3 joins, each a plain function of its group and the data: the arrow
 * markers, the edges, the edge labels, the nodes, and the classes update() toggles. draw.ts owns
 * the svg, the zoom and the framing and calls these.
 */
import { select, type Selection } from 'd3-selection';
import { zoom, type ZoomBehavior } from 'd3-zoom';
import type { ChainEdge, ChainNode } from './graph-model.ts';
import { LABEL_LINE_H, NODE_H } from './elk-layout.ts';
import { nodeName, nodeSubtitle } from './node-text.ts';
import type { GraphData, GraphState } from './draw.ts';

/** The class prefix of everything the graph draws. */
export const NS = 'cg';

type Group = Selection<SVGGElement, unknown, null, undefined>;

function pathOf(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join('');
}

/** Zoom and pan on the svg move the viewport; a double click does not zoom. */
export function attachZoom(
  svg: Selection<SVGSVGElement, unknown, null, undefined>,
  viewport: Group,
): ZoomBehavior<SVGSVGElement, unknown> {
  const zoomer = zoom<SVGSVGElement, unknown>()
    .scaleExtent([0.05, 3])
    .on('zoom', (e: { transform: { toString(): string } }) => {
      viewport.attr('transform', e.transform.toString());
    });
  svg.call(zoomer).on('dblclick.zoom', null);
  return zoomer;
}

/** The arrowheads of plain and lit edges. */
export function appendArrowMarkers(svg: Selection<SVGSVGElement, unknown, null, undefined>): void {
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
}

export function drawEdges(edgesG: Group, d: GraphData): void {
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
}

/** A label box on each edge that has a text (probabilities, `goto`), its lines centred. */
export function drawLabels(labelsG: Group, d: GraphData): void {
  const lines = d.layout.edges;
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
}

/** The chains: a focusable button each, activated by click, Enter or Space. */
export function drawNodes(
  nodesG: Group,
  d: GraphData,
  on: { activate: (n: ChainNode) => void; focus: (n: ChainNode) => void },
): void {
  const boxes = d.layout.nodes;
  const t = d.text;
  const nodes = nodesG
    .selectAll<SVGGElement, ChainNode>('g.node')
    .data(
      d.nodes.filter((n) => boxes.has(n.id)),
      (n) => n.id,
    )
    .join((enter) => {
      const g = enter.append('g').attr('class', 'node').attr('tabindex', 0).attr('role', 'button');
      g.append('rect').attr('class', `${NS}-box`);
      g.append('text').attr('class', `${NS}-name`);
      g.append('text').attr('class', `${NS}-sub`);
      g.on('click', (_e: MouseEvent, n: ChainNode) => on.activate(n));
      g.on('keydown', (e: KeyboardEvent, n: ChainNode) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          on.activate(n);
        }
      });
      g.on('focus', (_e: FocusEvent, n: ChainNode) => on.focus(n));
      return g;
    })
    .attr('class', (n) => `node ${NS}-node${n.builtin ? ' builtin' : ''}${n.fold ? ' folded' : ''}`)
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
}

/** The traced path, the current, the selected and the found chain, as classes. */
export function markState(g: { nodes: Group; edges: Group; labels: Group }, s: GraphState): void {
  g.nodes
    .selectAll<SVGGElement, ChainNode>('g.node')
    .classed('visited', (n) => s.visited.has(n.id))
    .classed('current', (n) => n.id === s.current)
    .classed('selected', (n) => n.id === s.selected)
    .classed('found', (n) => n.id === s.found)
    .attr('aria-pressed', (n) => (n.id === s.selected ? 'true' : 'false'));
  g.edges
    .selectAll<SVGPathElement, ChainEdge>('path')
    .classed('lit', (e) => s.litEdges.has(e.id))
    .attr('marker-end', (e) => `url(#${NS}-arrow-${s.litEdges.has(e.id) ? 'lit' : 'plain'})`);
  g.labels.selectAll<SVGGElement, ChainEdge>('g').classed('lit', (e) => s.litEdges.has(e.id));
}
