/**
 * Where the block reader's nodes sit in the text, kept in one flat Int32Array rather than an
 * object per node: a 3 MB manifest file has some 300,000 nodes, and their ranges as objects
 * took several times the memory of the values themselves, all of it for the garbage collector to
 * copy, while only a few ranges per object are ever looked up (for diagnostics and provenance).
 *
 * Nodes are numbered in document order, so a node's entries follow it directly and `next` (the
 * node after its last descendant) leads from one entry to the next.
 */

const FIELDS = 6;
const START = 0;
const END = 1;
/** for the value of a mapping entry: its key's [start, end); -1 otherwise */
const KEY_START = 2;
const KEY_END = 3;
const NEXT = 4;
const KIND = 5;

export const SCALAR = 0;
export const MAPPING = 1;
export const SEQUENCE = 2;
export type ShadeKind = typeof SCALAR | typeof MAPPING | typeof SEQUENCE;

/** Sequences longer than this get an index of their items on the first lookup (a List's items). */
const INDEX_FROM = 16;

export class ShadeTree {
  private data: Int32Array;
  private count = 0;
  private readonly itemIndex = new Map<number, number[]>();

  constructor(private readonly text: string) {
    // about one node a line, and manifest lines are some 20 characters: room for most texts
    this.data = new Int32Array(FIELDS * Math.max(256, text.length >> 4));
  }

  /** Starts a node at `start`; its end and extent are set by close(). */
  open(kind: ShadeKind, start: number): number {
    const node = this.count++;
    let d = this.data;
    if ((node + 1) * FIELDS > d.length) {
      const bigger = new Int32Array(d.length * 2);
      bigger.set(d);
      this.data = d = bigger;
    }
    const at = node * FIELDS;
    d[at + START] = start;
    d[at + END] = start;
    d[at + KEY_START] = -1;
    d[at + KEY_END] = -1;
    d[at + NEXT] = node + 1;
    d[at + KIND] = kind;
    return node;
  }

  /** Ends a node at `end`, after its last descendant was opened. */
  close(node: number, end: number): void {
    const at = node * FIELDS;
    this.data[at + END] = end;
    this.data[at + NEXT] = this.count;
  }

  /** A node that is the value of a mapping entry: where its key sits. */
  setKey(node: number, start: number, end: number): void {
    const at = node * FIELDS;
    this.data[at + KEY_START] = start;
    this.data[at + KEY_END] = end;
  }

  /** The id the next open() will give. */
  get size(): number {
    return this.count;
  }

  start(node: number): number {
    return this.data[node * FIELDS + START]!;
  }

  end(node: number): number {
    return this.data[node * FIELDS + END]!;
  }

  keyStart(node: number): number {
    return this.data[node * FIELDS + KEY_START]!;
  }

  keyEnd(node: number): number {
    return this.data[node * FIELDS + KEY_END]!;
  }

  kind(node: number): number {
    return this.data[node * FIELDS + KIND]!;
  }

  /** The entry of a mapping with this key (keys are plain, so the key is its text), or -1. */
  entry(node: number, key: string): number {
    const d = this.data;
    const stop = d[node * FIELDS + NEXT]!;
    for (let c = node + 1; c < stop; c = d[c * FIELDS + NEXT]!) {
      const ks = d[c * FIELDS + KEY_START]!;
      if (d[c * FIELDS + KEY_END]! - ks === key.length && this.text.startsWith(key, ks)) return c;
    }
    return -1;
  }

  /** The i-th item of a sequence, or -1. */
  item(node: number, i: number): number {
    const d = this.data;
    const stop = d[node * FIELDS + NEXT]!;
    if (i >= INDEX_FROM) {
      let index = this.itemIndex.get(node);
      if (!index) {
        index = [];
        for (let c = node + 1; c < stop; c = d[c * FIELDS + NEXT]!) index.push(c);
        this.itemIndex.set(node, index);
      }
      return index[i] ?? -1;
    }
    let c = node + 1;
    for (let k = 0; k < i && c < stop; k++) c = d[c * FIELDS + NEXT]!;
    return c < stop ? c : -1;
  }
}
