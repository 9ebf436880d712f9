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

/** The outline of `text` (iptables-save format), or null when it is not sure of it. */
export function outlineSave(text: string): SaveOutline | null {
  const guess = text.length >> 7;
  const start = new Grow(guess);
  const end = new Grow(guess);
  const lineNo = new Grow(guess);
  const packets = new Grow(guess);
  const bytes = new Grow(guess);
  const index = new Grow(guess);
  const tableOf = new Grow(guess);
  const chainOf = new Grow(guess);
  const tables: OutlineTable[] = [];
  let table: OutlineTable | null = null;
  let chains = new Map<string, number>();
  let lastChain = -1;
  let shortC = 0;
  let longC = 0;
  let line = 0;
  let from = 0;
  const n = text.length;
  while (from < n) {
    line++;
    let next = text.indexOf('\n', from);
    if (next < 0) next = n;
    let to = next;
    if (to > from && text.charCodeAt(to - 1) === 13) to--;
    const first = text.charCodeAt(from);
    if (to === from || first === 35 /* # */) {
      // nothing the parser reads
    } else if (first === 45 /* - */ || first === 91 /* [ */) {
      if (!table) return null;
      let at = from;
      let p = -1;
      let b = -1;
      if (first === 91) {
        const space = text.indexOf(' ', from);
        if (space < 0 || space > to) return null;
        const c = countersAt(text, from, space);
        if (!c) return null;
        p = c[0];
        b = c[1];
        at = space + 1;
      }
      if (
        text.charCodeAt(at) !== 45 ||
        text.charCodeAt(at + 1) !== 65 ||
        text.charCodeAt(at + 2) !== 32
      )
        return null;
      let nameEnd = text.indexOf(' ', at + 3);
      if (nameEnd < 0 || nameEnd > to) nameEnd = to;
      // rules come chain by chain: most lines name the chain the line before named
      let c = lastChain;
      const last = table.chains[c];
      if (!last || last.name.length !== nameEnd - at - 3 || !text.startsWith(last.name, at + 3)) {
        const found = chains.get(text.slice(at + 3, nameEnd));
        if (found === undefined) return null;
        c = lastChain = found;
      }
      // counters may also be given inside the rule (-c P B): the parser would take those. The
      // next place each is written is kept, so the text is searched for them only once.
      if (shortC >= 0 && shortC < nameEnd) shortC = text.indexOf(' -c ', nameEnd);
      if (longC >= 0 && longC < nameEnd) longC = text.indexOf(' --set-counters ', nameEnd);
      if ((shortC >= 0 && shortC < to) || (longC >= 0 && longC < to)) return null;
      const chain = table.chains[c]!;
      chain.rules.push(start.length);
      start.push(from);
      end.push(to);
      lineNo.push(line);
      packets.push(p);
      bytes.push(b);
      index.push(chain.rules.length);
      tableOf.push(tables.length - 1);
      chainOf.push(c);
    } else if (first === 58 /* : */) {
      if (!table) return null;
      const s1 = text.indexOf(' ', from);
      if (s1 < 0 || s1 >= to) return null;
      const name = text.slice(from + 1, s1);
      if (name === '' || chains.has(name)) return null;
      let s2 = text.indexOf(' ', s1 + 1);
      if (s2 < 0 || s2 > to) s2 = to;
      const policy = text.slice(s1 + 1, s2);
      if (s2 < to && !countersAt(text, s2 + 1, to)) return null;
      const builtin = isBuiltinChain(table.name, name);
      if (builtin ? policy !== 'ACCEPT' && policy !== 'DROP' : policy !== '-') return null;
      chains.set(name, table.chains.length);
      table.chains.push({
        name,
        builtin,
        policy: builtin ? (policy as 'ACCEPT' | 'DROP') : null,
        line,
        start: from,
        end: to,
        rules: [],
      });
    } else if (first === 42 /* * */) {
      const name = text.slice(from + 1, to);
      if (table || name === '' || name.includes(' ') || tables.some((t) => t.name === name))
        return null;
      table = {
        name,
        line,
        start: from,
        end: to,
        chains: [],
        commitLine: 0,
        commitStart: 0,
        commitEnd: 0,
      };
      tables.push(table);
      chains = new Map();
      lastChain = -1;
    } else if (to - from === 6 && text.startsWith('COMMIT', from)) {
      if (!table) return null;
      table.commitLine = line;
      table.commitStart = from;
      table.commitEnd = to;
      table = null;
    } else return null;
    from = next + 1;
  }
  if (table) return null;
  const ints = (g: Grow) => Int32Array.from(g.data.subarray(0, g.length));
  return {
    tables,
    lines: line,
    ruleStart: ints(start),
    ruleEnd: ints(end),
    ruleLine: ints(lineNo),
    rulePackets: packets.data.slice(0, packets.length),
    ruleBytes: bytes.data.slice(0, bytes.length),
    ruleIndex: ints(index),
    ruleTable: ints(tableOf),
    ruleChain: ints(chainOf),
  };
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
