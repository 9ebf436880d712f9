/**
 * The save parser's copy mode, for printing a dump back as iptables-save (the CLI's `print`):
 * when every `-A` line is one the fast reader reads as canonical (the very line iptables-save
 * prints for its rule, see canonical.ts) and the dump has nothing to report, the printed text is
 * the dump's own lines, grouped by chain. Copy mode reads every line exactly as a parse does, in
 * the file's order (copyRules groups them by chain, so nothing is held back to be read later), but
 * keeps only where each line stands and which chain it jumps to, not a rule; anything else (a line
 * read in full, counters, `-I`, a diagnostic, a jump that needs a look-up) gives up, and the
 * caller parses and prints the common way. print-copy.test.ts holds both ways to the same text.
 */
import type { Diagnostic } from './diagnostics.ts';
import type { Table } from './model.ts';
import { IntColumn } from './save-rule-order.ts';
import { hasLoop } from './validate.ts';

/** One table's copied lines, in the order read, and its jumps between chains. */
class TableLines {
  readonly from = new IntColumn();
  readonly to = new IntColumn();
  readonly chain = new IntColumn();
  count = 0;
  readonly jumpFrom = new IntColumn();
  readonly jumpTo = new IntColumn();
  jumps = 0;

  constructor(readonly table: Table) {}
}

export class CopiedLines {
  /** a line or a fact copy mode cannot keep: the dump is parsed the common way instead */
  failed = false;
  /** what checks of a rule's place report while copying (any of it fails the copy) */
  readonly refused: Diagnostic[] = [];
  private readonly tables = new Map<Table, TableLines>();
  private last: TableLines | undefined;

  constructor(readonly text: string) {}

  private linesOf(table: Table): TableLines {
    const last = this.last;
    if (last !== undefined && last.table === table) return last;
    let lines = this.tables.get(table);
    if (lines === undefined) this.tables.set(table, (lines = new TableLines(table)));
    return (this.last = lines);
  }

  /** The line text[from, to), a rule of the chain at `chainAt` in the table. */
  add(table: Table, chainAt: number, from: number, to: number): void {
    const lines = this.linesOf(table);
    const k = lines.count++;
    lines.from.set(k, from);
    lines.to.set(k, to);
    lines.chain.set(k, chainAt);
  }

  /** A jump or goto from the chain at `fromAt` to the chain at `toAt` of the table. */
  jump(table: Table, fromAt: number, toAt: number): void {
    const lines = this.linesOf(table);
    const k = lines.jumps++;
    lines.jumpFrom.set(k, fromAt);
    lines.jumpTo.set(k, toAt);
  }

  /**
   * Whether the jumps pass the whole-ruleset checks (validate.ts) with nothing to report: none
   * enters a built-in chain and no chain can reach itself.
   */
  jumpsAreSound(): boolean {
    for (const lines of this.tables.values()) {
      const chains = lines.table.chains;
      const n = chains.length;
      const from = lines.jumpFrom.values;
      const to = lines.jumpTo.values;
      const edgeStart = new Int32Array(n + 1);
      for (let e = 0; e < lines.jumps; e++) {
        if (chains[to[e]!]!.builtin) return false;
        edgeStart[from[e]! + 1] = edgeStart[from[e]! + 1]! + 1;
      }
      for (let c = 0; c < n; c++) edgeStart[c + 1] = edgeStart[c + 1]! + edgeStart[c]!;
      const fill = edgeStart.slice(0, n);
      const edgeTo = new Int32Array(lines.jumps);
      for (let e = 0; e < lines.jumps; e++) {
        const c = from[e]!;
        edgeTo[fill[c]!] = to[e]!;
        fill[c] = fill[c]! + 1;
      }
      if (hasLoop(edgeStart, edgeTo)) return false;
    }
    return true;
  }

  /**
   * Adds to `out` the table's rule lines chain by chain, each chain's in the order read, as few
   * spans of the text as can be: lines that follow each other in the dump, as a chain's rules do
   * in iptables-save's output, go as one span.
   */
  copyRules(table: Table, out: CopiedSave): void {
    const lines = this.tables.get(table);
    if (lines === undefined) return;
    const n = lines.count;
    const chain = lines.chain.values;
    const order = new Int32Array(n);
    // a stable counting sort by chain position (already in order for iptables-save's own output)
    let sorted = true;
    for (let k = 1; k < n && sorted; k++) sorted = chain[k - 1]! <= chain[k]!;
    if (sorted) for (let k = 0; k < n; k++) order[k] = k;
    else {
      const start = new Int32Array(table.chains.length + 1);
      for (let k = 0; k < n; k++) start[chain[k]! + 1] = start[chain[k]! + 1]! + 1;
      for (let c = 1; c < start.length; c++) start[c] = start[c]! + start[c - 1]!;
      for (let k = 0; k < n; k++) {
        const c = chain[k]!;
        order[start[c]!] = k;
        start[c] = start[c]! + 1;
      }
    }
    const text = this.text;
    const from = lines.from.values;
    const to = lines.to.values;
    let runFrom = -1;
    let runTo = -1;
    for (let i = 0; i < n; i++) {
      const k = order[i]!;
      const f = from[k]!;
      // the next line in the dump, after a bare line feed: the run goes on
      if (f === runTo + 1 && text.charCodeAt(runTo) === 10) {
        runTo = to[k]!;
        continue;
      }
      if (runFrom >= 0) out.copy(runFrom, runTo);
      runFrom = f;
      runTo = to[k]!;
    }
    if (runFrom >= 0) out.copy(runFrom, runTo);
  }
}

/**
 * What copy mode prints: lines of its own (`*table`, chain lines, COMMIT) and spans of the dump
 * (rule lines, as they stand in it), each followed by a line feed. Kept as spans rather than
 * joined into one string, so that a caller holding the dump's bytes can copy them as bytes
 * (the CLI's print does, for an ASCII dump) with no string made for them.
 */
export class CopiedSave {
  /** the lines of its own, each part one or more lines joined by line feeds */
  private readonly own: string[] = [];
  /** the parts in order, two numbers each: [from, to) of the dump, or [-1 - k, 0] for own[k] */
  private readonly parts = new IntColumn();
  private count = 0;
  private pending: string[] = [];

  constructor(readonly text: string) {}

  /** A line of its own. */
  line(line: string): void {
    this.pending.push(line);
  }

  /** The text [from, to) of the dump: whole lines, without the last one's line feed. */
  copy(from: number, to: number): void {
    this.settle();
    this.push(from, to);
  }

  private push(a: number, b: number): void {
    const k = this.count;
    this.parts.set(k, a);
    this.parts.set(k + 1, b);
    this.count = k + 2;
  }

  /** Own lines written since the last span, as one part. */
  private settle(): void {
    if (this.pending.length === 0) return;
    this.own.push(this.pending.join('\n'));
    this.pending = [];
    this.push(-this.own.length, 0);
  }

  /**
   * Calls `own` with each part of its own (lines joined by line feeds) and `copied` with each
   * span [from, to) of the dump, in order; a line feed follows every part.
   */
  forEachPart(own: (lines: string) => void, copied: (from: number, to: number) => void): void {
    this.settle();
    const parts = this.parts.values;
    for (let k = 0; k < this.count; k += 2) {
      const a = parts[k]!;
      if (a < 0) own(this.own[-1 - a]!);
      else copied(a, parts[k + 1]!);
    }
  }

  /** The printed text. */
  toString(): string {
    const out: string[] = [];
    const text = this.text;
    this.forEachPart(
      (lines) => out.push(lines),
      (from, to) => out.push(text.slice(from, to)),
    );
    return out.length ? `${out.join('\n')}\n` : '';
  }
}
