/**
 * The packet-flow picture drawn with d3 into an <svg>: a plain module with update/destroy that
 * the React component mounts once. Static parts are drawn when the backend changes; update()
 * only toggles classes, moves the packet dot and redraws badges and NAT notes.
 */
import { select, type Selection } from 'd3-selection';
import 'd3-transition';
import { easeCubicInOut } from 'd3-ease';
import type { Backend } from '../../../engine/netfilter/host.ts';
import type { DiagramState } from './diagram-state.ts';
import {
  diagramLayout,
  HEADER_H,
  ROW_H,
  VIEW_H,
  VIEW_W,
  type DiagramLayout,
  type PlaceId,
  type Point,
} from './layout.ts';
import type { DiagramStrings } from './strings.ts';

export interface DiagramInput {
  backend: Backend;
  state: DiagramState;
  text: DiagramStrings;
  reducedMotion: boolean;
}

export interface DiagramView {
  update(input: DiagramInput): void;
  destroy(): void;
}

type G = Selection<SVGGElement, unknown, null, undefined>;

const NS = 'nf';

/** Where the dot sits for a place: the left end of a table row, a hook's header, a spot's centre. */
function anchors(layout: DiagramLayout): Map<PlaceId, Point> {
  const m = new Map<PlaceId, Point>();
  for (const h of layout.hooks) {
    m.set(h.id, { x: h.x + 12, y: h.y + HEADER_H / 2 });
    for (const s of h.stages) m.set(s.id, { x: s.x + 8, y: s.y + s.h / 2 });
  }
  // on a pill the dot sits at its left end, clear of the label
  for (const s of layout.spots)
    m.set(
      s.id,
      s.kind === 'pill' ? { x: s.x - pillWidth(s.id) / 2 + 9, y: s.y } : { x: s.x, y: s.y },
    );
  return m;
}

function pillWidth(id: PlaceId): number {
  return id === 'local' ? 120 : 56;
}

function pathOf(points: readonly Point[]): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join('');
}

export function createDiagram(svgEl: SVGSVGElement): DiagramView {
  const svg = select(svgEl).attr('viewBox', `0 0 ${VIEW_W} ${VIEW_H}`).classed(`${NS}-svg`, true);
  const defs = svg.append('defs');
  defs
    .append('marker')
    .attr('id', `${NS}-arrow`)
    .attr('viewBox', '0 0 10 10')
    .attr('refX', 9)
    .attr('refY', 5)
    .attr('markerWidth', 7)
    .attr('markerHeight', 7)
    .attr('orient', 'auto-start-reverse')
    .append('path')
    .attr('d', 'M0,0L10,5L0,10z')
    .attr('class', `${NS}-arrowhead`);
  const edgesG: G = svg.append('g').attr('class', `${NS}-edges`);
  const nodesG: G = svg.append('g').attr('class', `${NS}-nodes`);
  const notesG: G = svg.append('g').attr('class', `${NS}-notes`);
  const badgesG: G = svg.append('g').attr('class', `${NS}-badges`);
  const dot = svg
    .append('circle')
    .attr('class', `${NS}-dot`)
    .attr('r', 7)
    .attr('cx', 0)
    .attr('cy', 0)
    .style('opacity', 0);
  let backend: Backend | null = null;
  let lang: DiagramStrings | null = null;
  let layout: DiagramLayout = diagramLayout('nft');
  let anchorOf = anchors(layout);
  let dotAt: PlaceId | null = null;

  function drawStatic(text: DiagramStrings): void {
    edgesG.selectAll('*').remove();
    nodesG.selectAll('*').remove();
    edgesG
      .selectAll('path')
      .data(layout.edges)
      .join('path')
      .attr('class', `${NS}-edge`)
      .attr('data-edge', (d) => d.id)
      .attr('d', (d) => pathOf(d.points))
      .attr('marker-end', `url(#${NS}-arrow)`);
    const hooks = nodesG
      .selectAll('g.hook')
      .data(layout.hooks)
      .join('g')
      .attr('class', `${NS}-hook hook`)
      .attr('data-place', (d) => d.id);
    hooks
      .append('rect')
      .attr('class', `${NS}-hook-box`)
      .attr('x', (d) => d.x)
      .attr('y', (d) => d.y)
      .attr('width', (d) => d.w)
      .attr('height', (d) => d.h)
      .attr('rx', 6);
    hooks
      .append('text')
      .attr('class', `${NS}-hook-name`)
      .attr('x', (d) => d.x + d.w / 2)
      .attr('y', (d) => d.y + HEADER_H / 2 + 1)
      .text((d) => d.hook);
    const stages = hooks
      .selectAll('g.stage')
      .data((d) => d.stages)
      .join('g')
      .attr('class', (d) => `${NS}-stage stage${d.isTable ? '' : ` ${NS}-ct`}`)
      .attr('data-place', (d) => d.id);
    stages
      .append('rect')
      .attr('x', (d) => d.x)
      .attr('y', (d) => d.y)
      .attr('width', (d) => d.w)
      .attr('height', (d) => d.h)
      .attr('rx', 3);
    stages
      .append('text')
      .attr('x', (d) => d.x + 20)
      .attr('y', (d) => d.y + ROW_H / 2)
      .text((d) => text.stage[d.stage] ?? d.stage);
    const spots = nodesG
      .selectAll('g.spot')
      .data(layout.spots)
      .join('g')
      .attr('class', (d) => `${NS}-spot spot ${NS}-${d.kind}`)
      .attr('data-place', (d) => d.id);
    spots
      .filter((d) => d.kind === 'diamond')
      .append('path')
      .attr(
        'd',
        (d) => `M${d.x},${d.y - 14}L${d.x + 16},${d.y}L${d.x},${d.y + 14}L${d.x - 16},${d.y}Z`,
      );
    spots
      .filter((d) => d.kind === 'pill')
      .append('rect')
      .attr('x', (d) => d.x - pillWidth(d.id) / 2)
      .attr('y', (d) => d.y - 13)
      .attr('width', (d) => pillWidth(d.id))
      .attr('height', 26)
      .attr('rx', 13);
    spots
      .filter((d) => d.kind === 'pill')
      .append('text')
      .attr('class', `${NS}-spot-label`)
      .attr('x', (d) => d.x + 6)
      .attr('y', (d) => d.y + 1);
    spots
      .filter((d) => d.id === 'in' || d.id === 'out')
      .append('text')
      .attr('class', `${NS}-iface`)
      .attr('x', (d) => d.x)
      .attr('y', (d) => d.y + 26);
    spots
      .filter((d) => d.kind === 'diamond')
      .append('text')
      .attr('class', `${NS}-route-label`)
      .attr('x', (d) => d.x + (d.id === 'route-out' ? 22 : 0))
      .attr('y', (d) => (d.id === 'route-out' ? d.y + 1 : d.y - 22))
      .attr('text-anchor', (d) => (d.id === 'route-out' ? 'start' : 'middle'))
      .text(text.routing);
    svg
      .selectAll(`text.${NS}-backend`)
      .data([backend])
      .join('text')
      .attr('class', `${NS}-backend`)
      .attr('x', VIEW_W - 8)
      .attr('y', VIEW_H - 8)
      .text(text.backend(backend ?? 'nft'));
  }

  function update(input: DiagramInput): void {
    const { state, text } = input;
    if (input.backend !== backend || text !== lang) {
      backend = input.backend;
      lang = text;
      layout = diagramLayout(backend);
      anchorOf = anchors(layout);
      drawStatic(text);
    }
    nodesG
      .selectAll<SVGGElement, { id: PlaceId }>('[data-place]')
      .classed('visited', (d) => state.visited.has(d.id))
      .classed('skipped', (d) => state.skipped.has(d.id))
      .classed('current', (d) => d.id === state.current || d.id === state.currentHook);
    edgesG
      .selectAll<SVGPathElement, { id: string }>('path')
      .classed('lit', (d) => state.edges.has(d.id));
    nodesG
      .selectAll<SVGTextElement, { id: PlaceId }>(`text.${NS}-spot-label`)
      .text((d) => (d.id === 'in' ? text.inLabel : d.id === 'out' ? text.outLabel : text.local));
    nodesG
      .selectAll<SVGTextElement, { id: PlaceId }>(`text.${NS}-iface`)
      .text((d) => (d.id === 'in' ? state.inIface : state.outIface) ?? '');
    // NAT: a tag on the table row, the full change listed in the free corner
    const stageBox = new Map(layout.hooks.flatMap((h) => h.stages.map((s) => [s.id, s] as const)));
    badgesG.selectAll('*').remove();
    for (const n of state.nat) {
      const box = stageBox.get(n.at);
      if (!box) continue;
      const g = badgesG.append('g').attr('class', `${NS}-nat-tag`);
      g.append('rect')
        .attr('x', box.x + box.w - 40)
        .attr('y', box.y + 2)
        .attr('width', 38)
        .attr('height', box.h - 4)
        .attr('rx', 3);
      g.append('text')
        .attr('x', box.x + box.w - 21)
        .attr('y', box.y + box.h / 2)
        .text(n.type);
    }
    for (const b of state.badges) {
      const box = stageBox.get(b.at);
      const spot = layout.spots.find((sp) => sp.id === b.at);
      const p = box ? { x: box.x + box.w + 4, y: box.y + box.h / 2 } : spot;
      if (!p) continue;
      const w = b.verdict.length * 8 + 12;
      const x = box ? p.x : p.x - w / 2;
      const y = box ? p.y : p.y - 26;
      const g = badgesG
        .append('g')
        .attr('class', `${NS}-badge ${b.verdict === 'ACCEPT' ? 'ok' : 'bad'}`)
        .attr('data-verdict', b.verdict);
      g.append('rect')
        .attr('x', x)
        .attr('y', y - 10)
        .attr('width', w)
        .attr('height', 20)
        .attr('rx', 10);
      g.append('text')
        .attr('x', x + w / 2)
        .attr('y', y + 1)
        .text(b.verdict);
    }
    notesG
      .selectAll('g.note')
      .data(state.nat)
      .join((enter) => {
        const g = enter.append('g').attr('class', `${NS}-note note`);
        g.append('text').attr('class', `${NS}-note-head`);
        g.append('text').attr('class', `${NS}-note-body`);
        return g;
      })
      .each(function (d, i) {
        const g = select(this);
        // the free corner under the INPUT box's left, clear of every edge
        const y = 342 + i * 30;
        g.select(`text.${NS}-note-head`)
          .attr('x', 12)
          .attr('y', y)
          .text(`${d.type} · ${d.at.replace('/', ' ')}`);
        g.select(`text.${NS}-note-body`)
          .attr('x', 12)
          .attr('y', y + 13)
          .text(d.change);
      });
    // the dot glides between places unless the user asked for less motion
    const target = state.current ? anchorOf.get(state.current) : undefined;
    if (!target) {
      dot.interrupt().style('opacity', 0);
      dotAt = null;
      return;
    }
    if (dotAt === null || input.reducedMotion) {
      dot.interrupt().attr('cx', target.x).attr('cy', target.y).style('opacity', 1);
    } else if (dotAt !== state.current) {
      dot
        .interrupt()
        .style('opacity', 1)
        .transition()
        .duration(260)
        .ease(easeCubicInOut)
        .attr('cx', target.x)
        .attr('cy', target.y);
    }
    dotAt = state.current;
    dot.raise();
  }

  return {
    update,
    destroy() {
      dot.interrupt();
      svg.selectAll('*').remove();
    },
  };
}
