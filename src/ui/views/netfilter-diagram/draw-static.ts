/**
 * The parts of the packet-flow picture that change only with the backend, the shape or the
 * language: edges, hook boxes with their table rows, the routing diamonds, the pills.
 */
import type { Selection } from 'd3-selection';
import { HEADER_H, ROW_H, type DiagramLayout, type Spot } from './layout.ts';
import type { DiagramStrings } from './strings.ts';

export type G = Selection<SVGGElement, unknown, null, undefined>;

export const NS = 'nf';

export function pathOf(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join('');
}

function drawHooks(nodesG: G, layout: DiagramLayout, text: DiagramStrings): void {
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
}

function drawSpots(nodesG: G, layout: DiagramLayout, text: DiagramStrings): void {
  const spots = nodesG
    .selectAll('g.spot')
    .data(layout.spots)
    .join('g')
    .attr('class', (d) => `${NS}-spot spot ${NS}-${d.kind}`)
    .attr('data-place', (d) => d.id);
  const diamonds = spots.filter((d) => d.kind === 'diamond');
  const pills = spots.filter((d) => d.kind === 'pill');
  diamonds
    .append('path')
    .attr(
      'd',
      (d) => `M${d.x},${d.y - 14}L${d.x + 16},${d.y}L${d.x},${d.y + 14}L${d.x - 16},${d.y}Z`,
    );
  pills
    .append('rect')
    .attr('x', (d) => d.x - d.w / 2)
    .attr('y', (d) => d.y - 13)
    .attr('width', (d) => d.w)
    .attr('height', 26)
    .attr('rx', 13);
  const word = (d: Spot): string =>
    d.kind === 'diamond'
      ? text.routing
      : d.id === 'in'
        ? text.inLabel
        : d.id === 'out'
          ? text.outLabel
          : text.local;
  spots
    .append('text')
    .attr('class', (d) => `${NS}-${d.kind === 'pill' ? 'spot-label' : 'route-label'}`)
    .attr('x', (d) => d.label.x)
    .attr('y', (d) => d.label.y)
    .attr('text-anchor', (d) => d.label.anchor)
    .text(word);
  spots
    .filter((d) => d.iface !== undefined)
    .append('text')
    .attr('class', `${NS}-iface`)
    .attr('x', (d) => d.iface?.x ?? d.x)
    .attr('y', (d) => d.iface?.y ?? d.y)
    .attr('text-anchor', (d) => d.iface?.anchor ?? 'middle');
}

export function drawStatic(
  svg: Selection<SVGSVGElement, unknown, null, undefined>,
  edgesG: G,
  nodesG: G,
  layout: DiagramLayout,
  text: DiagramStrings,
  backendName: string,
  family: 'ipv4' | 'ipv6',
): void {
  svg.attr('viewBox', `0 0 ${layout.width} ${layout.height}`).attr('data-shape', layout.shape);
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
  drawHooks(nodesG, layout, text);
  drawSpots(nodesG, layout, text);
  nodesG
    .append('text')
    .attr('class', `${NS}-backend`)
    .attr('x', layout.backendLabel.x)
    .attr('y', layout.backendLabel.y)
    .text(text.backend(backendName, family));
}
