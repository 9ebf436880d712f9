/**
 * A quick first look at an iptables-save dump, for showing a 100,000-rule dump's chains before
 * the full parse ends: its tables, its chains in the order the parser keeps them, and each rule
 * line's place (offset, line number, chain, counters), found with indexOf and no rule read.
 *
 * It only answers for a dump it is sure the full parse sees the same way: every line empty, a
 * `#` comment, `*table`, `:CHAIN POLICY [p:b]`, `COMMIT`, or `[p:b] -A CHAIN …` / `-A CHAIN …`
 * for a chain already declared in an open table. Anything else (-I, -N, an undeclared chain, a
 * doubled table or chain, a missing COMMIT, odd spacing) answers null, and the caller waits for
 * the full parse. The rules themselves are parsed by the real parser from `outlineText`: the
 * dump with every line not wanted left empty, so line numbers, columns and the chains a rule
 * jumps to are exactly as in the whole dump.
 */
import { isBuiltinChain } from './model.ts';

export interface OutlineChain {
  name: string;
  builtin: boolean;
  policy: 'ACCEPT' | 'DROP' | null;
  /** the declaration's line and offset */
  line: number;
  start: number;
  end: number;
  /** the chain's rules, as indices into the outline's rule columns, in order */
  rules: number[];
}

export interface OutlineTable {
  name: string;
  line: number;
  start: number;
  end: number;
  chains: OutlineChain[];
  /** the COMMIT line */
  commitLine: number;
  commitStart: number;
  commitEnd: number;
}

export interface SaveOutline {
  tables: OutlineTable[];
  lines: number;
  /** one entry per rule line, in text order: where it is and what it counted */
  ruleStart: Int32Array;
  ruleEnd: Int32Array;
  ruleLine: Int32Array;
  /** -1 when the line has no `[p:b]` */
  rulePackets: Float64Array;
  ruleBytes: Float64Array;
  /** 1-based position in its chain */
  ruleIndex: Int32Array;
  ruleTable: Int32Array;
  ruleChain: Int32Array;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** the digits text[from, to) as a number, as Number() reads them (exactly: long ones by Number) */
function digitsAt(text: string, from: number, to: number): number {
  if (to - from > 15) return Number(text.slice(from, to));
  let v = 0;
  for (let i = from; i < to; i++) v = v * 10 + (text.charCodeAt(i) - 48);
  return v;
}

/** `[digits:digits]` at text[from, to), as [packets, bytes], or null. */
function countersAt(text: string, from: number, to: number): [number, number] | null {
  if (text.charCodeAt(from) !== 91 || text.charCodeAt(to - 1) !== 93) return null;
  let colon = -1;
  for (let i = from + 1; i < to - 1; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 && colon < 0) colon = i;
    else if (!isDigit(c)) return null;
  }
  if (colon < 0 || colon === from + 1 || colon === to - 2) return null;
  return [digitsAt(text, from + 1, colon), digitsAt(text, colon + 1, to - 1)];
}

class Grow {
  data: Float64Array;
  length = 0;
  constructor(n: number) {
    this.data = new Float64Array(Math.max(16, n));
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const more = new Float64Array(this.data.length * 2);
      more.set(this.data);
      this.data = more;
    }
    this.data[this.length++] = v;
  }
}

/** The outline being built, one line at a time; each step answers false when it is not sure. */
class Outliner {
  private readonly start: Grow;
  private readonly end: Grow;
  private readonly lineNo: Grow;
  private readonly packets: Grow;
  private readonly bytes: Grow;
  private readonly index: Grow;
  private readonly tableOf: Grow;
  private readonly chainOf: Grow;
  readonly tables: OutlineTable[] = [];
  table: OutlineTable | null = null;
  private chains = new Map<string, number>();
  private lastChain = -1;
  private shortC = 0;
  private longC = 0;

  constructor(
    private readonly text: string,
    guess: number,
  ) {
    this.start = new Grow(guess);
    this.end = new Grow(guess);
    this.lineNo = new Grow(guess);
    this.packets = new Grow(guess);
    this.bytes = new Grow(guess);
    this.index = new Grow(guess);
    this.tableOf = new Grow(guess);
    this.chainOf = new Grow(guess);
  }

  /** The chain a rule line at `at` (its `-A`) names. */
  private chainOfRule(table: OutlineTable, at: number, nameEnd: number): number | undefined {
    const text = this.text;
    // rules come chain by chain: most lines name the chain the line before named
    const last = table.chains[this.lastChain];
    if (last && last.name.length === nameEnd - at - 3 && text.startsWith(last.name, at + 3))
      return this.lastChain;
    const found = this.chains.get(text.slice(at + 3, nameEnd));
    if (found !== undefined) this.lastChain = found;
    return found;
  }

  /** `[P:B] -A CHAIN …` or `-A CHAIN …` */
  rule(from: number, to: number, line: number): boolean {
    const { text, table } = this;
    if (!table) return false;
    let at = from;
    let p = -1;
    let b = -1;
    if (text.charCodeAt(from) === 91 /* [ */) {
      const space = text.indexOf(' ', from);
      if (space < 0 || space > to) return false;
      const c = countersAt(text, from, space);
      if (!c) return false;
      p = c[0];
      b = c[1];
      at = space + 1;
    }
    if (
      text.charCodeAt(at) !== 45 ||
      text.charCodeAt(at + 1) !== 65 ||
      text.charCodeAt(at + 2) !== 32
    )
      return false;
    let nameEnd = text.indexOf(' ', at + 3);
    if (nameEnd < 0 || nameEnd > to) nameEnd = to;
    const c = this.chainOfRule(table, at, nameEnd);
    if (c === undefined) return false;
    // counters may also be given inside the rule (-c P B): the parser would take those. The
    // next place each is written is kept, so the text is searched for them only once.
    if (this.shortC >= 0 && this.shortC < nameEnd) this.shortC = text.indexOf(' -c ', nameEnd);
    if (this.longC >= 0 && this.longC < nameEnd)
      this.longC = text.indexOf(' --set-counters ', nameEnd);
    if ((this.shortC >= 0 && this.shortC < to) || (this.longC >= 0 && this.longC < to))
      return false;
    const chain = table.chains[c]!;
    chain.rules.push(this.start.length);
    this.start.push(from);
    this.end.push(to);
    this.lineNo.push(line);
    this.packets.push(p);
    this.bytes.push(b);
    this.index.push(chain.rules.length);
    this.tableOf.push(this.tables.length - 1);
    this.chainOf.push(c);
    return true;
  }

  /** `:NAME POLICY [P:B]` */
  chain(from: number, to: number, line: number): boolean {
    const { text, table } = this;
    if (!table) return false;
    const s1 = text.indexOf(' ', from);
    if (s1 < 0 || s1 >= to) return false;
    const name = text.slice(from + 1, s1);
    if (name === '' || this.chains.has(name)) return false;
    let s2 = text.indexOf(' ', s1 + 1);
    if (s2 < 0 || s2 > to) s2 = to;
    const policy = text.slice(s1 + 1, s2);
    if (s2 < to && !countersAt(text, s2 + 1, to)) return false;
    const builtin = isBuiltinChain(table.name, name);
    if (builtin ? policy !== 'ACCEPT' && policy !== 'DROP' : policy !== '-') return false;
    this.chains.set(name, table.chains.length);
    table.chains.push({
      name,
      builtin,
      policy: builtin ? (policy as 'ACCEPT' | 'DROP') : null,
      line,
      start: from,
      end: to,
      rules: [],
    });
    return true;
  }

  /** `*TABLE` */
  openTable(from: number, to: number, line: number): boolean {
    const name = this.text.slice(from + 1, to);
    if (this.table || name === '' || name.includes(' ') || this.tables.some((t) => t.name === name))
      return false;
    this.table = {
      name,
      line,
      start: from,
      end: to,
      chains: [],
      commitLine: 0,
      commitStart: 0,
      commitEnd: 0,
    };
    this.tables.push(this.table);
    this.chains = new Map();
    this.lastChain = -1;
    return true;
  }

  commit(from: number, to: number, line: number): boolean {
    const table = this.table;
    if (!table) return false;
    table.commitLine = line;
    table.commitStart = from;
    table.commitEnd = to;
    this.table = null;
    return true;
  }

  /** One line: false when the outline cannot be sure of it. */
  line(from: number, to: number, line: number): boolean {
    const text = this.text;
    const first = text.charCodeAt(from);
    // an empty line or a comment: nothing the parser reads
    if (to === from || first === 35 /* # */) return true;
    if (first === 45 /* - */ || first === 91 /* [ */) return this.rule(from, to, line);
    if (first === 58 /* : */) return this.chain(from, to, line);
    if (first === 42 /* * */) return this.openTable(from, to, line);
    if (to - from === 6 && text.startsWith('COMMIT', from)) return this.commit(from, to, line);
    return false;
  }

  outline(lines: number): SaveOutline {
    const ints = (g: Grow) => Int32Array.from(g.data.subarray(0, g.length));
    return {
      tables: this.tables,
      lines,
      ruleStart: ints(this.start),
      ruleEnd: ints(this.end),
      ruleLine: ints(this.lineNo),
      rulePackets: this.packets.data.slice(0, this.packets.length),
      ruleBytes: this.bytes.data.slice(0, this.bytes.length),
      ruleIndex: ints(this.index),
      ruleTable: ints(this.tableOf),
      ruleChain: ints(this.chainOf),
    };
  }
}

/** The outline of `text` (iptables-save format), or null when it is not sure of it. */
export function outlineSave(text: string): SaveOutline | null {
  const o = new Outliner(text, text.length >> 7);
  let line = 0;
  let from = 0;
  const n = text.length;
  while (from < n) {
    line++;
    let next = text.indexOf('\n', from);
    if (next < 0) next = n;
    let to = next;
    if (to > from && text.charCodeAt(to - 1) === 13) to--;
    if (!o.line(from, to, line)) return null;
    from = next + 1;
  }
  if (o.table) return null;
  return o.outline(line);
}

/**
 * The dump with only the tables in `tables` (their *table and COMMIT lines, the built-in chains
 * and the chains the kept lines name) and the rule lines in `rules` (indices, ascending) left in:
 * every other line empty, so that parsing it gives those rules exactly as the whole dump's parse
 * does (the same lines, columns, and the chains they jump to declared where they were).
 */
export function outlineText(
  text: string,
  o: SaveOutline,
  tables: readonly number[],
  rules: readonly number[],
  chains: readonly string[] = [],
): string {
  // [line, start, end] of every line kept, sorted by line
  const keep: number[][] = [];
  // the chains the kept rules belong to or name (a jump's target must be declared, or the
  // parser would say it is not): every word of those lines that is a chain's name
  const named = new Set<string>(chains);
  for (const r of rules) {
    keep.push([o.ruleLine[r]!, o.ruleStart[r]!, o.ruleEnd[r]!]);
    for (const w of text.slice(o.ruleStart[r], o.ruleEnd[r]).split(' ')) named.add(w);
  }
  for (const ti of tables) {
    const t = o.tables[ti];
    if (!t) continue;
    keep.push([t.line, t.start, t.end], [t.commitLine, t.commitStart, t.commitEnd]);
    for (const c of t.chains)
      if (c.builtin || named.has(c.name)) keep.push([c.line, c.start, c.end]);
  }
  keep.sort((a, b) => a[0]! - b[0]!);
  const parts: string[] = [];
  let line = 1;
  for (const [l, s, e] of keep) {
    if (l! > line) parts.push('\n'.repeat(l! - line));
    parts.push(text.slice(s, e), '\n');
    line = l! + 1;
  }
  return parts.join('');
}
