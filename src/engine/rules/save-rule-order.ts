/**
 * The save parser's fast path reads a table's `-A` lines chain by chain. iptables-save lists each
 * chain's rules together, but a hand-edited file or several dumps pasted into one interleave them;
 * read in the file's order, every rule then lands in another chain than the one before, and the
 * rules of a chain end up scattered over the heap, each chain's list growing long after the chain
 * itself has aged (which makes every young collection look at it again).
 *
 * Reading the lines of each chain in their order, one chain after another, builds the very same
 * ruleset: appending to one chain never depends on another chain's rules, a line's diagnostics
 * are its own, and the parser sorts diagnostics by line at the end. So a run of `-A` lines is read
 * at once while its chains stand together; from the first line whose chain came before in the run
 * (not just before it), the rest of the run is held back and read chain by chain when the run
 * ends. Every other line (a chain line, `-I`, COMMIT, a line whose chain this cannot name) ends
 * the run first, so nothing moves across it. The differential harness (differential.test.ts)
 * holds the result to the reference reader, which reads in the file's order.
 */

import { sameAt } from './text-at.ts';
import { INITIAL_SLOTS } from './text-table.ts';

const DASH = 45;
const SPACE = 32;
const DQUOTE = 34;
const BACKSLASH = 92;

/** Reads one line: its 1-based number and where it starts and ends in the dump. */
export type ReadLine = (line: number, from: number, to: number) => void;

/**
 * Where the chain name of an `-A CHAIN …` line at text[from, to) starts, or -1 when the line is
 * not one this can name the chain of the way the tokenizer would (counters before it must be a
 * plain `[digits:digits]`; the name has no quote, backslash or blank other than its ending space).
 */
export function appendChainStart(text: string, from: number, to: number): number {
  let at = from;
  if (text.charCodeAt(at) === 91 /* [ */) {
    at = plainCountersEnd(text, from, to);
    if (at < 0) return -1;
    at += 2;
  }
  if (text.charCodeAt(at) !== DASH || text.charCodeAt(at + 1) !== 65 /* A */) return -1;
  if (text.charCodeAt(at + 2) !== SPACE || at + 3 >= to) return -1;
  return at + 3;
}

/** Where the chain name that starts at `start` ends, or -1 when it has a character it must not. */
export function chainNameEnd(text: string, start: number, to: number): number {
  let i = start;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === SPACE) break;
    if (c < SPACE || c === DQUOTE || c === BACKSLASH) return -1;
  }
  return i > start ? i : -1;
}

/** Where the `]` of a leading `[digits:digits] ` stands, or -1. */
function plainCountersEnd(text: string, from: number, to: number): number {
  let colon = -1;
  for (let i = from + 1; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 /* : */ && colon < 0 && i > from + 1) colon = i;
    else if (c === 93 /* ] */)
      return colon > 0 && i > colon + 1 && text.charCodeAt(i + 1) === SPACE ? i : -1;
    else if (c < 48 || c > 57) return -1;
  }
  return -1;
}

/** A growable column of int32 values; it starts small (see INITIAL_SLOTS in text-table.ts). */
export class IntColumn {
  values = new Int32Array(INITIAL_SLOTS);

  set(k: number, value: number): void {
    if (k >= this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[k] = value;
  }
}

/** Where the chain named at text[start, end) stands in the current table, or -1. */
export type LocateChain = (text: string, start: number, end: number) => number;

/** The `-A` lines of the current run: read at once, or held back to be read chain by chain. */
export class RuleLineOrder {
  // the held-back lines: their number, where they start and end, and their chain's position
  private readonly lines = new IntColumn();
  private readonly froms = new IntColumn();
  private readonly tos = new IntColumn();
  private readonly chains = new IntColumn();
  private held = 0;
  /** for each chain position, the run in which one of its lines was read (0: none) */
  private seen = new Int32Array(INITIAL_SLOTS);
  private run = 1;
  /** the chain of the line taken last, and where its name stood: the next line mostly names it too */
  private current = -1;
  private nameAt = -1;
  private nameLength = 0;

  constructor(private readonly locate: LocateChain) {}

  /**
   * Takes the `-A` line at text[from, to) whose chain name starts at `start` (appendChainStart;
   * -1: a line of any other kind, which ends the run first): true when it is held back, false
   * when the caller reads it now.
   */
  take(
    text: string,
    start: number,
    line: number,
    from: number,
    to: number,
    read: ReadLine,
  ): boolean {
    let end = -1;
    let same = false;
    if (start >= 0) {
      // mostly the chain of the line before, whose name chainNameEnd checked when it was met:
      // the same characters ended by a space need no second look at each character
      const n = this.nameLength;
      const before = this.current >= 0;
      same =
        before &&
        start + n < to &&
        text.charCodeAt(start + n) === SPACE &&
        sameAt(text, start, this.nameAt, n);
      end = same ? start + n : chainNameEnd(text, start, to);
      if (!same && before && end - start === n) same = sameAt(text, start, this.nameAt, n);
    }
    if (same) {
      if (this.held === 0) return false;
      this.hold(this.current, line, from, to);
      return true;
    }
    if (end < 0) start = -1;
    const length = end - start;
    const chain = start < 0 ? -1 : this.locate(text, start, end);
    if (chain < 0) {
      this.end(read);
      return false;
    }
    this.current = chain;
    this.nameAt = start;
    this.nameLength = length;
    if (this.held === 0) {
      if (chain >= this.seen.length) {
        const grown = new Int32Array(Math.max(chain + 1, this.seen.length * 2));
        grown.set(this.seen);
        this.seen = grown;
      }
      if (this.seen[chain] !== this.run) {
        this.seen[chain] = this.run;
        return false;
      }
      // a chain met before in the run, not just before: from here on, the run is held back
    }
    this.hold(chain, line, from, to);
    return true;
  }

  private hold(chain: number, line: number, from: number, to: number): void {
    const k = this.held++;
    this.lines.set(k, line);
    this.froms.set(k, from);
    this.tos.set(k, to);
    this.chains.set(k, chain);
  }

  /** Ends the run: the held-back lines are read, chain by chain, each chain's in their order. */
  end(read: ReadLine): void {
    const n = this.held;
    this.run++;
    this.current = -1;
    this.nameLength = 0;
    if (n === 0) return;
    this.held = 0;
    const chains = this.chains.values;
    // a stable counting sort by chain position
    let top = 0;
    for (let k = 0; k < n; k++) if (chains[k]! > top) top = chains[k]!;
    const start = new Int32Array(top + 2);
    for (let k = 0; k < n; k++) start[chains[k]! + 1] = start[chains[k]! + 1]! + 1;
    for (let c = 1; c <= top + 1; c++) start[c] = start[c]! + start[c - 1]!;
    const order = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      const c = chains[k]!;
      order[start[c]!] = k;
      start[c] = start[c]! + 1;
    }
    const lines = this.lines.values;
    const froms = this.froms.values;
    const tos = this.tos.values;
    for (let i = 0; i < n; i++) {
      const k = order[i]!;
      read(lines[k]!, froms[k]!, tos[k]!);
    }
  }
}
