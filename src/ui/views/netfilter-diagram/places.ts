/**
 * The coordinates of the two shapes (layout.ts): where each hook box, spot and edge goes. Every
 * word in the picture is drawn at 14 units or more, so that the smallest scale a shape is shown
 * at (layout.ts, MIN_SCALE) still renders it at 12 px.
 */
import { hookStages, type Hook } from '../../../engine/netfilter/hooks.ts';
import type { Backend } from '../../../engine/netfilter/host.ts';
import type { HookBox, PlaceId, Point, Spot } from './layout.ts';

export const HEADER_H = 28;
export const ROW_H = 20;
export const HOOK_W = 150;

/** A hook box: its name, then one row per table (and conntrack stage) that runs inside it. */
export function hookHeight(hook: Hook, backend: Backend): number {
  return HEADER_H + hookStages(hook, backend).length * ROW_H + 6;
}

export interface Places {
  width: number;
  height: number;
  hooks: Record<Hook, Point>;
  spots: Spot[];
  edges(box: (h: Hook) => HookBox): [PlaceId, PlaceId, Point[]][];
  backendLabel: Point;
}

const cx = (b: HookBox): number => b.x + b.w / 2;
const pt = (x: number, y: number): Point => ({ x, y });
const PILL = 56;
const LOCAL_PILL = 140;

/** The pill's word sits right of centre: its left end is the packet marker's. */
function pill(id: PlaceId, x: number, y: number, w: number, badge: Point): Spot {
  return { id, kind: 'pill', x, y, w, label: { x: x + 8, y: y + 1, anchor: 'middle' }, badge };
}

function diamond(id: PlaceId, x: number, y: number, label: Spot['label'], badge: Point): Spot {
  return { id, kind: 'diamond', x, y, w: 32, label, badge };
}

const WIDE_LANE = 88;
const WIDE_LOWER = 200;
const WIDE_BOTTOM = 385;

export function widePlaces(backend: Backend): Places {
  const top = (h: Hook, x: number): Point => ({ x, y: WIDE_LANE - hookHeight(h, backend) / 2 });
  const lane = WIDE_LANE;
  const inSpot = pill('in', 40, lane, PILL, { x: 40, y: lane - 28 });
  const outSpot = pill('out', 890, lane, PILL, { x: 890, y: lane - 28 });
  inSpot.iface = { x: 40, y: lane + 30, anchor: 'middle' };
  outSpot.iface = { x: 890, y: lane + 30, anchor: 'middle' };
  const ri = diamond(
    'route-in',
    300,
    lane,
    { x: 300, y: lane - 24, anchor: 'middle' },
    { x: 300, y: lane - 46 },
  );
  const ro = diamond(
    'route-out',
    735,
    165,
    { x: 757, y: 166, anchor: 'start' },
    { x: 850, y: 166 },
  );
  const rl = diamond(
    'route-local',
    640,
    WIDE_BOTTOM,
    { x: 640, y: WIDE_BOTTOM + 28, anchor: 'middle' },
    { x: 640, y: WIDE_BOTTOM - 28 },
  );
  const local = pill('local', 470, WIDE_BOTTOM, LOCAL_PILL, { x: 470, y: WIDE_BOTTOM - 28 });
  return {
    width: 940,
    height: 430,
    hooks: {
      PREROUTING: top('PREROUTING', 90),
      FORWARD: top('FORWARD', 370),
      POSTROUTING: top('POSTROUTING', 660),
      INPUT: { x: 225, y: WIDE_LOWER },
      OUTPUT: { x: 660, y: WIDE_LOWER },
    },
    spots: [inSpot, outSpot, local, ri, ro, rl],
    edges(box) {
      const [pre, fwd, post, input, output] = [
        box('PREROUTING'),
        box('FORWARD'),
        box('POSTROUTING'),
        box('INPUT'),
        box('OUTPUT'),
      ];
      return [
        ['in', pre.id, [pt(inSpot.x + PILL / 2, lane), pt(pre.x, lane)]],
        [pre.id, 'route-in', [pt(pre.x + pre.w, lane), pt(ri.x - 16, lane)]],
        ['route-in', fwd.id, [pt(ri.x + 16, lane), pt(fwd.x, lane)]],
        ['route-in', input.id, [pt(ri.x, lane + 14), pt(cx(input), input.y)]],
        [fwd.id, post.id, [pt(fwd.x + fwd.w, lane), pt(post.x, lane)]],
        [post.id, 'out', [pt(post.x + post.w, lane), pt(outSpot.x - PILL / 2, lane)]],
        [
          input.id,
          'local',
          [
            pt(cx(input), input.y + input.h),
            pt(cx(input), local.y),
            pt(local.x - LOCAL_PILL / 2, local.y),
          ],
        ],
        ['local', 'route-local', [pt(local.x + LOCAL_PILL / 2, local.y), pt(rl.x - 16, rl.y)]],
        [
          'route-local',
          output.id,
          [pt(rl.x + 16, rl.y), pt(cx(output), rl.y), pt(cx(output), output.y + output.h)],
        ],
        [output.id, 'route-out', [pt(cx(output), output.y), pt(ro.x, ro.y + 14)]],
        ['route-out', post.id, [pt(ro.x, ro.y - 14), pt(cx(post), post.y + post.h)]],
      ];
    },
    backendLabel: { x: 932, y: 424 },
  };
}

/** Left and right column of the tall shape. */
const COL_A = 10;
const COL_B = 180;

/** Both backends run as many stages at each hook, so the tall places suit either. */
export function tallPlaces(): Places {
  const a = COL_A + HOOK_W / 2;
  const b = COL_B + HOOK_W / 2;
  const inSpot = pill('in', a, 22, PILL, { x: COL_B, y: 22 });
  inSpot.iface = { x: a + PILL / 2 + 8, y: 23, anchor: 'start' };
  const outSpot = pill('out', a, 720, PILL, { x: a, y: 752 });
  outSpot.iface = { x: a + PILL / 2 + 8, y: 721, anchor: 'start' };
  const ri = diamond('route-in', a, 198, { x: a + 22, y: 186, anchor: 'start' }, { x: 40, y: 198 });
  const local = pill('local', b, 346, LOCAL_PILL, { x: 130, y: 346 });
  const rl = diamond(
    'route-local',
    b,
    396,
    { x: b + 22, y: 397, anchor: 'start' },
    { x: b - 50, y: 396 },
  );
  const ro = diamond(
    'route-out',
    b,
    618,
    { x: b + 22, y: 619, anchor: 'start' },
    { x: b + 40, y: 650 },
  );
  return {
    width: 340,
    height: 800,
    hooks: {
      PREROUTING: { x: COL_A, y: 54 },
      INPUT: { x: COL_B, y: 178 },
      FORWARD: { x: COL_A, y: 236 },
      OUTPUT: { x: COL_B, y: 430 },
      POSTROUTING: { x: COL_A, y: 590 },
    },
    spots: [inSpot, outSpot, local, ri, ro, rl],
    edges(box) {
      const [pre, fwd, post, input, output] = [
        box('PREROUTING'),
        box('FORWARD'),
        box('POSTROUTING'),
        box('INPUT'),
        box('OUTPUT'),
      ];
      return [
        ['in', pre.id, [pt(a, inSpot.y + 13), pt(a, pre.y)]],
        [pre.id, 'route-in', [pt(a, pre.y + pre.h), pt(a, ri.y - 14)]],
        ['route-in', fwd.id, [pt(a, ri.y + 14), pt(a, fwd.y)]],
        ['route-in', input.id, [pt(a + 16, ri.y), pt(input.x, ri.y)]],
        [fwd.id, post.id, [pt(a, fwd.y + fwd.h), pt(a, post.y)]],
        [post.id, 'out', [pt(a, post.y + post.h), pt(a, outSpot.y - 13)]],
        [input.id, 'local', [pt(b, input.y + input.h), pt(b, local.y - 13)]],
        ['local', 'route-local', [pt(b, local.y + 13), pt(b, rl.y - 14)]],
        ['route-local', output.id, [pt(b, rl.y + 14), pt(b, output.y)]],
        [output.id, 'route-out', [pt(b, output.y + output.h), pt(b, ro.y - 14)]],
        ['route-out', post.id, [pt(b - 16, ro.y), pt(post.x + post.w, ro.y)]],
      ];
    },
    backendLabel: { x: 334, y: 790 },
  };
}
