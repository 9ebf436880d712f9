/**
 * The packet-flow picture drawn with d3 into an <svg>: a plain module with update/destroy that
 * the React component mounts once. Static parts are drawn when the backend, shape or language
 * changes; update() only toggles classes, moves the packet marker and redraws the badges.
 */
import { select } from 'd3-selection';
import 'd3-transition';
import { easeCubicInOut } from 'd3-ease';
import type { Backend } from '../../../engine/netfilter/host.ts';
import type { DiagramState } from './diagram-state.ts';
import { drawStatic, NS, type G } from './draw-static.ts';
import {
  diagramLayout,
  type DiagramLayout,
  type PlaceId,
  type Point,
  type Shape,
} from './layout.ts';
import type { DiagramStrings } from './strings.ts';

export interface DiagramInput {
  backend: Backend;
  /** the traced packet's family: the table order is ip6tables' for an IPv6 packet */
  family: 'ipv4' | 'ipv6';
  shape: Shape;
  state: DiagramState;
  text: DiagramStrings;
  reducedMotion: boolean;
}

export interface DiagramView {
  update(input: DiagramInput): void;
  destroy(): void;
}

/** How long the marker takes from one place to the next. */
const GLIDE_MS = 320;

/** Where the marker sits: the left end of a table row, a hook's header, a spot's centre. */
export function anchors(layout: DiagramLayout): Map<PlaceId, Point> {
  const m = new Map<PlaceId, Point>();
  for (const h of layout.hooks) {
    m.set(h.id, { x: h.x + 12, y: h.y + 14 });
    for (const s of h.stages) m.set(s.id, { x: s.x + 9, y: s.y + s.h / 2 });
  }
  // on a pill the marker sits at its left end, clear of the word
  for (const s of layout.spots)
    m.set(s.id, s.kind === 'pill' ? { x: s.x - s.w / 2 + 10, y: s.y } : { x: s.x, y: s.y });
  return m;
}

/** A rounded tag with a word: NAT tags and verdict badges. */
function tag(g: G, cls: string, x: number, y: number, w: number, h: number, word: string): G {
  const t = g.append('g').attr('class', cls);
  t.append('rect')
    .attr('x', x)
    .attr('y', y)
    .attr('width', w)
    .attr('height', h)
    .attr('rx', h / 2);
  t.append('text')
    .attr('x', x + w / 2)
    .attr('y', y + h / 2 + 1)
    .text(word);
  return t;
}

/** NAT tags and verdicts at the right end of their table's row, or by their spot. */
function drawBadges(badgesG: G, layout: DiagramLayout, state: DiagramState): void {
  const stageBox = new Map(layout.hooks.flatMap((h) => h.stages.map((s) => [s.id, s] as const)));
  badgesG.selectAll('*').remove();
  for (const n of state.nat) {
    const box = stageBox.get(n.at);
    if (box) tag(badgesG, `${NS}-nat-tag`, box.x + box.w - 48, box.y + 1, 46, box.h - 2, n.type);
  }
  for (const b of state.badges) {
    const box = stageBox.get(b.at);
    const spot = layout.spots.find((sp) => sp.id === b.at);
    const w = b.verdict.length * 9 + 14;
    const cls = `${NS}-badge ${b.verdict === 'ACCEPT' ? 'ok' : 'bad'}`;
    const drawn = box
      ? tag(badgesG, cls, box.x + box.w - w - 2, box.y, w, box.h, b.verdict)
      : spot
        ? tag(badgesG, cls, spot.badge.x - w / 2, spot.badge.y - 11, w, 22, b.verdict)
        : null;
    drawn?.attr('data-verdict', b.verdict);
  }
}

export function createDiagram(svgEl: SVGSVGElement): DiagramView {
  const svg = select(svgEl).classed(`${NS}-svg`, true);
  svg
    .append('defs')
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
  const badgesG: G = svg.append('g').attr('class', `${NS}-badges`);
  const marker = svg
    .append('circle')
    .attr('class', `${NS}-dot`)
    .attr('data-testid', 'diagram-marker')
    .attr('r', 8)
    .attr('cx', 0)
    .attr('cy', 0)
    .style('opacity', 0);
  let drawn = '';
  let layout: DiagramLayout = diagramLayout('nft');
  let anchorOf = anchors(layout);
  let markerAt: PlaceId | null = null;

  function moveMarker(state: DiagramState, reducedMotion: boolean, jump: boolean): void {
    const target = state.current ? anchorOf.get(state.current) : undefined;
    if (!target || !state.current) {
      marker.interrupt().style('opacity', 0).attr('data-at', null);
      markerAt = null;
      return;
    }
    marker.attr('data-at', state.current);
    if (markerAt === null || reducedMotion || jump) {
      // reduced motion: the marker jumps, no glide
      marker.interrupt().attr('cx', target.x).attr('cy', target.y).style('opacity', 1);
    } else if (markerAt !== state.current) {
      marker
        .interrupt()
        .style('opacity', 1)
        .transition()
        .duration(GLIDE_MS)
        .ease(easeCubicInOut)
        .attr('cx', target.x)
        .attr('cy', target.y);
    }
    markerAt = state.current;
    marker.raise();
  }

  function update(input: DiagramInput): void {
    const { state, text } = input;
    const key = `${input.backend}|${input.family}|${input.shape}|${text.title}`;
    const redrawn = key !== drawn;
    if (redrawn) {
      drawn = key;
      layout = diagramLayout(input.backend, input.shape);
      anchorOf = anchors(layout);
      drawStatic(svg, edgesG, nodesG, layout, text, input.backend, input.family);
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
      .selectAll<SVGTextElement, { id: PlaceId }>(`text.${NS}-iface`)
      .text((d) => (d.id === 'in' ? state.inIface : state.outIface) ?? '');
    drawBadges(badgesG, layout, state);
    // a new shape puts everything elsewhere: the marker goes straight to its new place
    moveMarker(state, input.reducedMotion, redrawn);
  }

  return {
    update,
    destroy() {
      marker.interrupt();
      svg.selectAll('*').remove();
    },
  };
}
