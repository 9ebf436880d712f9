/**
 * Where things go in the journey strip: one column per place the packet touches (the sender,
 * each node it crosses, the receiver), the request's arrows on an upper lane left to right, the
 * reply's on a lower lane coming back. The columns narrow to fit the panel's width, and the
 * lanes run through bands of the boxes that hold no text, so the packet never covers words.
 * Pure: the component draws what this returns.
 */
import type { Journey, PlaceView } from '../../../engine/cluster/journey/index.ts';

/** a column's width when the panel's width is not known, and its bounds when it is */
export const COL_W = 136;
export const MAX_COL_W = 150;
export const MIN_COL_W = 96;
export const GAP = 28;
export const MIN_GAP = 20;
export const PAD = 3;
export const BOX_Y = 6;
/** text starts this far into a box */
export const TEXT_X = 6;
/**
 * room right of the receiver's box where the packet goes down from the request's lane to the
 * reply's (through the box it would cross the receiver's notes); it turns at TURN_X past the box
 */
export const TURN_OUT = 12;
export const TURN_X = 6;
/** a note's line height, px */
export const LINE_H = 11;

/** Where each band of a box sits, from its top; the notes' rows grow to hold wrapped notes. */
export interface BoxMetrics {
  nameY: number;
  subY: number;
  /** the request's lane, between the address and the request's note */
  requestLane: number;
  /** the first baseline of the request's note, then of the reply's */
  noteY: [number, number];
  /** the reply's lane, under the reply's note */
  replyLane: number;
  height: number;
}

/** the most lines a row of notes grows to: a node's translations, each wrapped at worst */
export const MAX_NOTE_LINES = 8;

export function boxMetrics(noteLines: readonly [number, number] = [1, 1]): BoxMetrics {
  const [a, b] = noteLines.map((n) => Math.max(1, Math.min(MAX_NOTE_LINES, n))) as [number, number];
  const requestLane = 40;
  const note1 = requestLane + 16;
  const note2 = note1 + (a - 1) * LINE_H + 16;
  const replyLane = note2 + (b - 1) * LINE_H + 13;
  return {
    nameY: 15,
    subY: 28,
    requestLane,
    noteY: [note1, note2],
    replyLane,
    height: replyLane + 9,
  };
}

export type ColumnKind = 'pod' | 'node' | 'client';

export interface StripColumn {
  key: string;
  kind: ColumnKind;
  name: string;
  /** the name without what goes without saying; cut to the box's width when drawn */
  short: string;
  address: string;
  x: number;
  /** the packet turns from the request's lane to the reply's just right of this box */
  turn: boolean;
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
  colW: number;
  gap: number;
  box: BoxMetrics;
  width: number;
  height: number;
  requestY: number;
  replyY: number;
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

function arrows(
  keys: readonly string[],
  xs: ReadonlyMap<string, number>,
  y: number,
  colW: number,
): Arrow[] {
  const out: Arrow[] = [];
  for (let i = 1; i < keys.length; i++) {
    const from = keys[i - 1]!;
    const to = keys[i]!;
    const a = xs.get(from) ?? 0;
    const b = xs.get(to) ?? 0;
    // from the side of one box to the facing side of the other
    out.push(b >= a ? { from, to, x1: a + colW, x2: b, y } : { from, to, x1: a, x2: b + colW, y });
  }
  return out;
}

/**
 * Columns as wide as `width` (the panel's) allows for `n` of them: narrower gaps first, then
 * narrower boxes, down to MIN_COL_W (past that the drawing is scaled down to fit).
 */
export function columnFit(n: number, width?: number): { colW: number; gap: number } {
  if (width === undefined || !(width > 0) || n < 1) return { colW: COL_W, gap: GAP };
  const room = width - 2 * PAD - TURN_OUT;
  const each = (gap: number) => Math.floor((room - (n - 1) * gap) / n);
  const gap = each(GAP) >= 120 ? GAP : MIN_GAP;
  return { colW: Math.max(MIN_COL_W, Math.min(MAX_COL_W, each(gap))), gap };
}

export interface StripOptions {
  /** the panel's width, px */
  width?: number;
  /** how many lines the request's and the reply's notes take in the tallest box */
  noteLines?: readonly [number, number];
}

/** `nodeIPs`: each node's InternalIP, shown under its name (the journey's hops do not carry it). */
export function stripLayout(
  j: Journey,
  from: PlaceView,
  nodeIPs: ReadonlyMap<string, string> = new Map(),
  opts: StripOptions = {},
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
  const { colW, gap } = columnFit(order.length, opts.width);
  const box = boxMetrics(opts.noteLines);
  const requestY = BOX_Y + box.requestLane;
  const replyY = BOX_Y + box.replyLane;
  const xs = new Map(order.map((k, i) => [k, PAD + i * (colW + gap)]));
  // the packet goes down from one lane to the other where the request ends and the reply starts
  const turnAt = receiver !== null && back[0] === receiver ? receiver : null;
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
      short: shortName(p.kind, p.name, Infinity),
      address,
      x: xs.get(key) ?? 0,
      turn: key === turnAt,
      hops,
      sender: key === sender,
      receiver: key === receiver,
      stopped: key === stoppedAt,
    };
  });
  const centre = (k: string, y: number): Point => ({
    x: (xs.get(k) ?? 0) + (k === turnAt ? colW + TURN_X : colW / 2),
    y,
  });
  return {
    columns,
    colW,
    gap,
    box,
    width:
      PAD * 2 +
      order.length * colW +
      Math.max(0, order.length - 1) * gap +
      (turnAt === null ? 0 : TURN_OUT),
    height: BOX_Y * 2 + box.height,
    requestY,
    replyY,
    requestArrows: arrows(forth, xs, requestY, colW),
    replyArrows: arrows(back, xs, replyY, colW),
    requestPath: forth.map((k) => centre(k, requestY)),
    replyPath: back.map((k) => centre(k, replyY)),
  };
}
