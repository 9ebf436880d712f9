/**
 * Where things go in the journey strip: one column per place the packet touches (the sender,
 * each node it crosses, the receiver), the request's arrows on an upper lane left to right, the
 * reply's on a lower lane coming back. Pure: the component draws what this returns.
 */
import type { Journey, PlaceView } from '../../../engine/cluster/journey.ts';

export const COL_W = 136;
export const GAP = 36;
export const PAD = 6;
export const BOX_Y = 6;
export const BOX_H = 96;
/** the lanes' heights: the request's arrows, then the reply's */
export const REQUEST_Y = BOX_Y + 46;
export const REPLY_Y = BOX_Y + 78;

export type ColumnKind = 'pod' | 'node' | 'client';

export interface StripColumn {
  key: string;
  kind: ColumnKind;
  name: string;
  /** what fits in the box; the full name goes in a tooltip */
  short: string;
  address: string;
  x: number;
  /** indices into journey.hops of the hops on this node (request first, in order) */
  hops: number[];
  sender: boolean;
  receiver: boolean;
  /** the request ended here without being delivered */
  stopped: boolean;
}

export interface Point {
  x: number;
  y: number;
}

export interface Arrow {
  from: string;
  to: string;
  x1: number;
  x2: number;
  y: number;
}

export interface StripLayout {
  columns: StripColumn[];
  width: number;
  height: number;
  requestArrows: Arrow[];
  replyArrows: Arrow[];
  /** the packet's way through the strip's column centres: the request, then the reply */
  requestPath: Point[];
  replyPath: Point[];
}

export function placeKey(p: PlaceView): string {
  return p.kind === 'node'
    ? `node:${p.name}`
    : `${p.kind}:${p.kind === 'client' ? p.address : p.name}`;
}

function nodeKey(name: string): string {
  return `node:${name}`;
}

/**
 * A name short enough for a box: a node's first DNS label (`ip-10-32-11-62`), a pod without its
 * namespace when it is `default`, cut in the middle when still too long.
 */
export function shortName(kind: ColumnKind, name: string, max = 16): string {
  let s = name;
  if (kind === 'node' && /[a-z]/i.test(s) && s.includes('.')) s = s.slice(0, s.indexOf('.'));
  if (kind === 'pod' && s.startsWith('default/')) s = s.slice('default/'.length);
  if (s.length <= max) return s;
  const head = Math.ceil((max - 1) / 2);
  const tail = max - 1 - head;
  return `${s.slice(0, head)}…${s.slice(s.length - tail)}`;
}

function dedupe(keys: string[]): string[] {
  return keys.filter((k, i) => i === 0 || keys[i - 1] !== k);
}

function arrows(keys: readonly string[], xs: ReadonlyMap<string, number>, y: number): Arrow[] {
  const out: Arrow[] = [];
  for (let i = 1; i < keys.length; i++) {
    const from = keys[i - 1]!;
    const to = keys[i]!;
    const a = xs.get(from) ?? 0;
    const b = xs.get(to) ?? 0;
    // from the side of one box to the facing side of the other
    out.push(
      b >= a ? { from, to, x1: a + COL_W, x2: b, y } : { from, to, x1: a, x2: b + COL_W, y },
    );
  }
  return out;
}

/** `nodeIPs`: each node's InternalIP, shown under its name (the journey's hops do not carry it). */
export function stripLayout(
  j: Journey,
  from: PlaceView,
  nodeIPs: ReadonlyMap<string, string> = new Map(),
): StripLayout {
  const places = new Map<string, PlaceView>();
  const sender = placeKey(from);
  places.set(sender, from);
  const requestKeys = [sender];
  const replyKeys: string[] = [];
  j.hops.forEach((h) => {
    const k = nodeKey(h.node);
    if (!places.has(k)) places.set(k, { kind: 'node', name: h.node, address: '' });
    (h.direction === 'request' ? requestKeys : replyKeys).push(k);
  });
  const req = j.request;
  const delivered = req.outcome === 'delivered' && req.at !== null;
  const receiver = delivered && req.at ? placeKey(req.at) : null;
  if (req.at && receiver && !places.has(receiver)) places.set(receiver, req.at);
  if (receiver) requestKeys.push(receiver);
  const reply = j.reply;
  const replyEnd = reply?.outcome === 'delivered' && reply.at ? placeKey(reply.at) : null;
  if (reply?.at && replyEnd && !places.has(replyEnd)) places.set(replyEnd, reply.at);
  const back = dedupe([
    ...(receiver && replyKeys.length ? [receiver] : []),
    ...replyKeys,
    ...(replyEnd ? [replyEnd] : []),
  ]);
  const forth = dedupe(requestKeys);

  // the request's places in order; a place only the reply reaches goes before the receiver
  // (a node the reply crosses on its own), or first (someone other than the sender answered)
  const order = [...new Set(forth)];
  for (const k of back) {
    if (order.includes(k)) continue;
    if (k === replyEnd) order.unshift(k);
    else order.splice(receiver ? order.length - 1 : order.length, 0, k);
  }
  const xs = new Map(order.map((k, i) => [k, PAD + i * (COL_W + GAP)]));
  const stoppedAt = delivered ? null : nodeKey(req.node);
  const columns: StripColumn[] = order.map((key) => {
    const p = places.get(key)!;
    const hops: number[] = [];
    j.hops.forEach((h, i) => {
      if (p.kind === 'node' && h.node === p.name) hops.push(i);
    });
    const address = p.address || (p.kind === 'node' ? (nodeIPs.get(p.name) ?? '') : '');
    return {
      key,
      kind: p.kind,
      name: p.name,
      short: shortName(p.kind, p.name),
      address,
      x: xs.get(key) ?? 0,
      hops,
      sender: key === sender,
      receiver: key === receiver,
      stopped: key === stoppedAt,
    };
  });
  const centre = (k: string, y: number): Point => ({ x: (xs.get(k) ?? 0) + COL_W / 2, y });
  return {
    columns,
    width: PAD * 2 + order.length * COL_W + Math.max(0, order.length - 1) * GAP,
    height: BOX_Y * 2 + BOX_H,
    requestArrows: arrows(forth, xs, REQUEST_Y),
    replyArrows: arrows(back, xs, REPLY_Y),
    requestPath: forth.map((k) => centre(k, REQUEST_Y)),
    replyPath: back.map((k) => centre(k, REPLY_Y)),
  };
}
