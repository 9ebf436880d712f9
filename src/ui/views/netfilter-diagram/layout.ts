/**
 * Where everything sits in the packet-flow picture, in SVG user units (a 940×420 view box):
 *
 *   in → PREROUTING → ◇ → FORWARD → POSTROUTING → out
 *                     ↓                 ↑ ◇ (re-route check)
 *                   INPUT             OUTPUT
 *                     ↓                 ↑
 *              local process  →  ◇ (output routing)
 *
 * Each hook box lists what runs inside it in the backend's kernel order (hookStages).
 */
import { HOOKS, hookStages, type Hook } from '../../../engine/netfilter/hooks.ts';
import type { Backend } from '../../../engine/netfilter/host.ts';

export const VIEW_W = 940;
export const VIEW_H = 420;
export const HEADER_H = 24;
export const ROW_H = 18;
export const HOOK_W = 150;

export type PlaceId = string;

export interface StageBox {
  id: PlaceId;
  /** a table name, `conntrack` or `confirm` */
  stage: string;
  isTable: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface HookBox {
  id: PlaceId;
  hook: Hook;
  x: number;
  y: number;
  w: number;
  h: number;
  stages: StageBox[];
}

export interface Point {
  x: number;
  y: number;
}

export interface Spot extends Point {
  id: PlaceId;
  kind: 'pill' | 'diamond';
}

export interface FlowEdge {
  id: string;
  from: PlaceId;
  to: PlaceId;
  points: Point[];
}

export interface DiagramLayout {
  hooks: HookBox[];
  spots: Spot[];
  edges: FlowEdge[];
}

export const hookId = (h: Hook): PlaceId => `hook:${h}`;
export const stageId = (h: Hook, stage: string): PlaceId => `${h}/${stage}`;
export const edgeId = (from: PlaceId, to: PlaceId): string => `${from}>${to}`;

const LANE = 88;
const LOWER_TOP = 200;
const BOTTOM_LANE = 380;

/** Left x and whether the box hangs on the top lane (centred) or starts at the lower row. */
const HOOK_PLACE: Record<Hook, { x: number; top: boolean }> = {
  PREROUTING: { x: 90, top: true },
  FORWARD: { x: 370, top: true },
  POSTROUTING: { x: 660, top: true },
  INPUT: { x: 225, top: false },
  OUTPUT: { x: 660, top: false },
};

export const SPOTS: Record<
  'in' | 'out' | 'local' | 'route-in' | 'route-out' | 'route-local',
  Point
> = {
  in: { x: 40, y: LANE },
  out: { x: 890, y: LANE },
  local: { x: 470, y: BOTTOM_LANE },
  'route-in': { x: 300, y: LANE },
  'route-out': { x: 735, y: 165 },
  'route-local': { x: 640, y: BOTTOM_LANE },
};

export function diagramLayout(backend: Backend): DiagramLayout {
  const hooks: HookBox[] = HOOKS.map((hook) => {
    const stages = hookStages(hook, backend);
    const h = HEADER_H + stages.length * ROW_H + 4;
    const place = HOOK_PLACE[hook];
    const y = place.top ? LANE - h / 2 : LOWER_TOP;
    return {
      id: hookId(hook),
      hook,
      x: place.x,
      y,
      w: HOOK_W,
      h,
      stages: stages.map((s, i) => {
        const stage = s.kind === 'table' ? s.table : s.kind;
        return {
          id: stageId(hook, stage),
          stage,
          isTable: s.kind === 'table',
          x: place.x + 6,
          y: y + HEADER_H + i * ROW_H,
          w: HOOK_W - 12,
          h: ROW_H - 2,
        };
      }),
    };
  });
  const box = (h: Hook): HookBox => hooks.find((b) => b.hook === h) as HookBox;
  const pre = box('PREROUTING');
  const fwd = box('FORWARD');
  const post = box('POSTROUTING');
  const input = box('INPUT');
  const output = box('OUTPUT');
  const spots: Spot[] = (Object.keys(SPOTS) as (keyof typeof SPOTS)[]).map((id) => ({
    id,
    kind: id.startsWith('route') ? 'diamond' : 'pill',
    ...SPOTS[id],
  }));
  const cx = (b: HookBox) => b.x + b.w / 2;
  const e = (from: PlaceId, to: PlaceId, points: Point[]): FlowEdge => ({
    id: edgeId(from, to),
    from,
    to,
    points,
  });
  const ri = SPOTS['route-in'];
  const ro = SPOTS['route-out'];
  const rl = SPOTS['route-local'];
  const local = SPOTS.local;
  const edges: FlowEdge[] = [
    e('in', pre.id, [
      { x: SPOTS.in.x + 28, y: LANE },
      { x: pre.x, y: LANE },
    ]),
    e(pre.id, 'route-in', [
      { x: pre.x + pre.w, y: LANE },
      { x: ri.x - 16, y: LANE },
    ]),
    e('route-in', fwd.id, [
      { x: ri.x + 16, y: LANE },
      { x: fwd.x, y: LANE },
    ]),
    e('route-in', input.id, [
      { x: ri.x, y: LANE + 16 },
      { x: cx(input), y: input.y },
    ]),
    e(fwd.id, post.id, [
      { x: fwd.x + fwd.w, y: LANE },
      { x: post.x, y: LANE },
    ]),
    e(post.id, 'out', [
      { x: post.x + post.w, y: LANE },
      { x: SPOTS.out.x - 28, y: LANE },
    ]),
    e(input.id, 'local', [
      { x: cx(input), y: input.y + input.h },
      { x: cx(input), y: local.y },
      { x: local.x - 60, y: local.y },
    ]),
    e('local', 'route-local', [
      { x: local.x + 60, y: local.y },
      { x: rl.x - 16, y: rl.y },
    ]),
    e('route-local', output.id, [
      { x: rl.x + 16, y: rl.y },
      { x: cx(output), y: rl.y },
      { x: cx(output), y: output.y + output.h },
    ]),
    e(output.id, 'route-out', [
      { x: cx(output), y: output.y },
      { x: ro.x, y: ro.y + 14 },
    ]),
    e('route-out', post.id, [
      { x: ro.x, y: ro.y - 14 },
      { x: cx(post), y: post.y + post.h },
    ]),
  ];
  return { hooks, spots, edges };
}
