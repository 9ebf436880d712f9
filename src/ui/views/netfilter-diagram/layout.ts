/**
 * Where everything sits in the packet-flow picture, in SVG user units. Two shapes of the same
 * graph: a wide one for a wide panel,
 *
 *   in → PREROUTING → ◇ → FORWARD → POSTROUTING → out
 *                     ↓                 ↑ ◇ (re-route check)
 *                   INPUT             OUTPUT
 *                     ↓                 ↑
 *              local process  →  ◇ (output routing)
 *
 * and a tall one in two columns for a phone, where the wide one would shrink its text away:
 *
 *   in, PREROUTING, ◇, FORWARD, POSTROUTING, out      down the left
 *   INPUT, local process, ◇, OUTPUT, ◇ → POSTROUTING   down the right
 *
 * Each hook box lists what runs inside it in the backend's kernel order (hookStages).
 */
import { HOOKS, hookStages, type Hook } from '../../../engine/netfilter/hooks.ts';
import type { Backend } from '../../../engine/netfilter/host.ts';
import {
  HEADER_H,
  HOOK_W,
  hookHeight,
  ROW_H,
  tallPlaces,
  widePlaces,
  type Places,
} from './places.ts';

export { HEADER_H, ROW_H } from './places.ts';

export type Shape = 'wide' | 'tall';

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

export interface Label extends Point {
  anchor: 'start' | 'middle' | 'end';
}

export interface Spot extends Point {
  id: PlaceId;
  kind: 'pill' | 'diamond';
  /** pill width (diamonds are 32 × 28) */
  w: number;
  /** where its word goes: the pill's own label, or "routing" beside a diamond */
  label: Label;
  /** the interface the packet came in or went out by (in and out only) */
  iface?: Label;
  /** the centre of a verdict badge put on this spot */
  badge: Point;
}

export interface FlowEdge {
  id: string;
  from: PlaceId;
  to: PlaceId;
  points: Point[];
}

export interface DiagramLayout {
  shape: Shape;
  width: number;
  height: number;
  hooks: HookBox[];
  spots: Spot[];
  edges: FlowEdge[];
  /** the right end of the line naming the backend's table order */
  backendLabel: Point;
}

export const hookId = (h: Hook): PlaceId => `hook:${h}`;
export const stageId = (h: Hook, stage: string): PlaceId => `${h}/${stage}`;
export const edgeId = (from: PlaceId, to: PlaceId): string => `${from}>${to}`;

/** The box of a hook and the rows of its tables, at the left x and top y given. */
function hookBox(hook: Hook, backend: Backend, x: number, y: number): HookBox {
  const stages = hookStages(hook, backend);
  return {
    id: hookId(hook),
    hook,
    x,
    y,
    w: HOOK_W,
    h: hookHeight(hook, backend),
    stages: stages.map((s, i) => {
      const stage = s.kind === 'table' ? s.table : s.kind;
      return {
        id: stageId(hook, stage),
        stage,
        isTable: s.kind === 'table',
        x: x + 6,
        y: y + HEADER_H + i * ROW_H,
        w: HOOK_W - 12,
        h: ROW_H - 2,
      };
    }),
  };
}

export function diagramLayout(backend: Backend, shape: Shape = 'wide'): DiagramLayout {
  const places: Places = shape === 'wide' ? widePlaces(backend) : tallPlaces();
  const hooks = HOOKS.map((hook) => {
    const at = places.hooks[hook];
    return hookBox(hook, backend, at.x, at.y);
  });
  const spots: Spot[] = places.spots;
  const box = (h: Hook): HookBox => hooks.find((b) => b.hook === h) as HookBox;
  const edges = places
    .edges(box)
    .map(([from, to, points]): FlowEdge => ({ id: edgeId(from, to), from, to, points }));
  return {
    shape,
    width: places.width,
    height: places.height,
    hooks,
    spots,
    edges,
    backendLabel: places.backendLabel,
  };
}

/** Below this scale the picture's 14-unit words would render under 12 px. */
export const MIN_SCALE = 0.86;
const MAX_SCALE: Record<Shape, number> = { wide: 1.35, tall: 1.15 };
const WIDE_W = 940;
const TALL_W = 340;

/**
 * The shape and scale for a panel `width` px wide: the wide shape wherever it fits at a
 * readable scale, else the tall one; never smaller than MIN_SCALE (the panel then scrolls
 * sideways) and never blown up past what a reader needs.
 */
export function fitShape(width: number): { shape: Shape; scale: number } {
  const shape: Shape = width >= WIDE_W * MIN_SCALE ? 'wide' : 'tall';
  const natural = shape === 'wide' ? WIDE_W : TALL_W;
  const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE[shape], width / natural));
  return { shape, scale };
}
