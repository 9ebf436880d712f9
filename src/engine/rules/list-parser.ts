/**
 * The `iptables -L [-t TABLE] [-n] [-v] [-x] [--line-numbers]` format. It is lossy: rules are
 * rebuilt from the columns (target, prot, opt, in, out, source, destination) and from the text
 * the extensions print after them (see list-extras.ts); whatever cannot be read back is kept on
 * the rule as `lossy` text with an info diagnostic. Chain headers give policies, policy counters
 * and which chains are user chains. The table is not in the text: it comes from the caller, a
 * heading line, or the chains and targets shown (see table-infer.ts).
 */
import { RulesetBuilder } from './builder.ts';
import { parseCidr } from './address.ts';
import type { SourceSpan } from './diagnostics.ts';
import {
  BUILTIN_TABLES,
  isBuiltinChain,
  type Counters,
  type Family,
  type ParseResult,
} from './model.ts';
import { parseRuleBody } from './rule-parser.ts';
import { normalizeProtocol } from './protocols.ts';
import { forEachLine, type OnProgress } from './lines.ts';
import type { Token } from './tokenize.ts';
import { parseCount } from './list-numbers.ts';
import { readListExtras } from './list-extras.ts';
import { guessTable, isHeadingLine, startsNewTable, tableFromHeading } from './table-infer.ts';
import type { TableHint } from './s-parser.ts';

interface Cell {
  text: string;
  start: number;
  end: number;
}

interface Layout {
  num: boolean;
  counters: boolean;
  via: boolean;
}

interface LRow {
  line: number;
  raw: string;
  cells: Cell[];
  layout: Layout;
}

interface LChain {
  name: string;
  line: number;
  span: SourceSpan;
  policy?: { text: string; span: SourceSpan; counters?: Counters };
  rows: LRow[];
}

interface Segment {
  named?: string;
  namedAt?: SourceSpan;
  chains: LChain[];
  builtins: string[];
  targets: Set<string>;
  sawUser: boolean;
}

const CHAIN_HEADER =
  /^Chain (\S+) \((?:policy (\S+)(?: (\S+) packets, (\S+) bytes)?|(\d+) references)\)\s*$/;
const TITLES =
  /^\s*(num\s+)?(pkts\s+bytes\s+)?target\s+prot\s+opt\s+(in\s+out\s+)?source\s+destination\s*$/;
const OPT = new Set(['--', '-f', '!f']);

function cells(line: string): Cell[] {
  const out: Cell[] = [];
  const re = /\S+/g;
  for (let m = re.exec(line); m; m = re.exec(line))
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

function spanOfCell(line: number, from: Cell, to: Cell = from): SourceSpan {
  return { line, column: from.start + 1, endLine: line, endColumn: to.end + 1 };
}

function wholeLine(line: number, raw: string): SourceSpan {
  return { line, column: 1, endLine: line, endColumn: raw.length + 1 };
}

/** The cells of a row, by column; undefined when the row has too few of them. */
type Columns = NonNullable<ReturnType<typeof columns>>;

function columns(row: LRow) {
  const c = row.cells;
  let k = 0;
  const num = row.layout.num ? c[k++] : undefined;
  const pkts = row.layout.counters ? c[k++] : undefined;
  const bytes = row.layout.counters ? c[k++] : undefined;
  // a rule without -j/-g leaves the target column blank
  const target = c[k + 1] && OPT.has(c[k + 1]!.text) ? undefined : c[k++];
  const prot = c[k++];
  const opt = c[k++];
  const inIf = row.layout.via ? c[k++] : undefined;
  const outIf = row.layout.via ? c[k++] : undefined;
  const src = c[k++];
  const dst = c[k];
  if (!prot || !opt || !src || !dst || (row.layout.via && (!inIf || !outIf))) return undefined;
  return { num, pkts, bytes, target, prot, opt, inIf, outIf, src, dst };
}

/** Reads a `Chain NAME (policy …)` header; opens a table block when a built-in chain starts one. */
class ListSplitter {
  readonly segments: Segment[] = [];
  seg: Segment | undefined;
  chain: LChain | undefined;
  layout: Layout | undefined;
  pendingName: { name: string; at: SourceSpan } | undefined;

  constructor(readonly b: RulesetBuilder) {}

  open(): Segment {
    const seg: Segment = { chains: [], builtins: [], targets: new Set(), sawUser: false };
    if (this.pendingName) {
      seg.named = this.pendingName.name;
      seg.namedAt = this.pendingName.at;
    }
    this.pendingName = undefined;
    this.segments.push(seg);
    this.seg = seg;
    return seg;
  }

  chainHeader(header: RegExpExecArray, raw: string, line: number): void {
    const name = header[1]!;
    const nameCell = { text: name, start: 6, end: 6 + name.length };
    const chain: LChain = { name, line, span: spanOfCell(line, nameCell), rows: [] };
    this.chain = chain;
    let seg = this.seg;
    if (header[2] !== undefined) {
      // a policy on a chain no table has is an error of its own, not the start of another table
      const known = BUILTIN_TABLES.some((t) => isBuiltinChain(t, name));
      if (!seg || (known && startsNewTable(seg.builtins, seg.sawUser, name))) seg = this.open();
      if (known) seg.builtins.push(name);
      const at = raw.indexOf(header[2], 6 + name.length);
      chain.policy = {
        text: header[2],
        span: { line, column: at + 1, endLine: line, endColumn: at + header[2].length + 1 },
      };
      if (header[3] !== undefined && header[4] !== undefined) {
        const p = parseCount(header[3]);
        const by = parseCount(header[4]);
        if (p && by) chain.policy.counters = { packets: p.value, bytes: by.value };
        else
          this.b.report(
            'bad-counters',
            `"${header[3]} packets, ${header[4]} bytes" are not counters`,
            wholeLine(line, raw),
          );
      }
    } else {
      seg ??= this.open();
      seg.sawUser = true;
    }
    seg.chains.push(chain);
    this.layout = undefined;
  }

  line(raw: string, line: number): void {
    if (raw.trim() === '') return;
    const header = CHAIN_HEADER.exec(raw);
    if (header) return this.chainHeader(header, raw, line);
    const titles = TITLES.exec(raw);
    if (titles) {
      this.layout = {
        num: titles[1] !== undefined,
        counters: titles[2] !== undefined,
        via: titles[3] !== undefined,
      };
      return;
    }
    if (isHeadingLine(raw)) {
      const name = tableFromHeading(raw);
      if (name !== undefined) {
        this.pendingName = { name, at: wholeLine(line, raw) };
        this.seg = undefined;
        this.chain = undefined;
      }
      return;
    }
    this.row(raw, line);
  }

  row(raw: string, line: number): void {
    const chain = this.chain;
    if (!chain) {
      this.b.report(
        'syntax',
        'a rule row before any "Chain NAME (…)" header',
        wholeLine(line, raw),
      );
      return;
    }
    const layout = this.layout;
    const row: LRow = {
      line,
      raw,
      cells: cells(raw),
      layout: layout ?? { num: false, counters: false, via: false },
    };
    if (!layout)
      this.b.report(
        'syntax',
        `no column titles ("target prot opt source destination") before this row: read as plain iptables -L -n`,
        wholeLine(line, raw),
        'warning',
      );
    const cols = columns(row);
    if (cols?.target) this.seg!.targets.add(cols.target.text);
    chain.rows.push(row);
  }
}

/** Declares a chain with its policy, reporting a policy where the table has no such built-in chain. */
function declareChain(b: RulesetBuilder, c: LChain, table: string): void {
  if (c.policy) {
    const policy = c.policy.text;
    if (policy !== 'ACCEPT' && policy !== 'DROP')
      b.report('bad-policy', `a policy is ACCEPT or DROP, not "${policy}"`, c.policy.span);
    if (!isBuiltinChain(table, c.name)) {
      b.report(
        'bad-policy',
        `${c.name} is not a built-in chain of table ${table}: only built-in chains have a policy`,
        c.span,
      );
      b.declareChain(c.name, c.span, null);
    } else b.declareChain(c.name, c.span, policy === 'DROP' ? 'DROP' : 'ACCEPT', c.policy.counters);
    return;
  }
  if (isBuiltinChain(table, c.name))
    b.report(
      'syntax',
      `${c.name} is a built-in chain of table ${table}, but its header shows references instead of a policy`,
      c.span,
    );
  b.declareChain(c.name, c.span, null);
}

/** The table of a block: its heading, the caller's hint for the first block, or a guess. */
function tableOf(
  b: RulesetBuilder,
  s: Segment,
  hinted: string | undefined,
  taken: Set<string>,
): string {
  const table = s.named ?? hinted;
  if (table !== undefined) return table;
  const guess = guessTable(s.builtins, s.targets, taken);
  if (!guess.certain)
    b.report(
      'assumed-table',
      `the text does not say which table this is: read as ${guess.table} because ${guess.reason} (name it with "# table: NAME" or the table option)`,
      s.chains[0]!.span,
      'info',
    );
  return guess.table;
}

export function parseList(
  text: string,
  family: Family,
  hint: TableHint = {},
  onProgress?: OnProgress,
): ParseResult {
  const b = new RulesetBuilder(family, 'L');
  // First pass: split into one block per table, chains and their rows.
  const splitter = new ListSplitter(b);
  forEachLine(text, onProgress, (raw, line) => splitter.line(raw, line));

  // Second pass: settle each block's table, then build its chains and rules.
  const taken = new Set<string>();
  let roundedReported = false;
  splitter.segments.forEach((s, i) => {
    const first = s.chains[0];
    if (!first) return;
    const table = tableOf(b, s, i === 0 ? hint.table : undefined, taken);
    taken.add(table);
    b.startTable(table, s.namedAt ?? first.span);
    for (const c of s.chains) {
      declareChain(b, c, table);
      for (const row of c.rows) {
        const rounded = readRow(b, row, c, table);
        if (rounded && !roundedReported) {
          roundedReported = true;
          b.report(
            'lossy-format',
            'counters are rounded (K, M, G, T): list with -x for exact numbers',
            wholeLine(row.line, row.raw),
            'info',
          );
        }
      }
    }
    b.endTable();
  });
  const result = b.finish();
  onProgress?.(text.length, text.length);
  return result;
}

/** The words a row turns into, with what -L showed that no option can say. */
class RowWords {
  readonly tokens: Token[] = [];
  readonly lossy: string[] = [];
  lossyAt: SourceSpan | undefined;

  push(text: string, cell: { start: number; end: number }, quoted = false): void {
    this.tokens.push({ text, start: cell.start, end: cell.end, quoted });
  }

  keepLossy(text: string, at: SourceSpan): void {
    this.lossy.push(text);
    this.lossyAt ??= at;
  }
}

function readCounters(
  b: RulesetBuilder,
  cols: Columns,
  line: number,
): { counters?: Counters; rounded: boolean } {
  if (cols.num && !/^[0-9]+$/.test(cols.num.text))
    b.report('syntax', `"${cols.num.text}" is not a rule number`, spanOfCell(line, cols.num));
  if (!cols.pkts || !cols.bytes) return { rounded: false };
  const p = parseCount(cols.pkts.text);
  const by = parseCount(cols.bytes.text);
  if (p && by)
    return { counters: { packets: p.value, bytes: by.value }, rounded: p.rounded || by.rounded };
  b.report(
    'bad-counters',
    `"${cols.pkts.text} ${cols.bytes.text}" are not packet and byte counts`,
    spanOfCell(line, cols.pkts, cols.bytes),
  );
  return { rounded: false };
}

/** `-s`/`-d` from the source and destination columns. */
function addressWords(
  words: RowWords,
  family: Family,
  flag: '-s' | '-d',
  cell: Cell,
  line: number,
): void {
  const neg = cell.text.startsWith('!');
  const text = neg ? cell.text.slice(1) : cell.text;
  const any = text === 'anywhere' || text === '0.0.0.0/0' || text === '::/0';
  if (any && !neg) return;
  const value = text === 'anywhere' ? (family === 'ipv6' ? '::/0' : '0.0.0.0/0') : text;
  if (!parseCidr(value, family)) {
    // a host name (-L without -n) names an address this text does not give
    words.keepLossy(`${neg ? '! ' : ''}${flag} ${text}`, spanOfCell(line, cell));
    return;
  }
  if (neg) words.push('!', cell);
  words.push(flag, cell);
  words.push(value, cell);
}

/** The core options from the columns: addresses, interfaces, protocol, fragment. */
function coreWords(words: RowWords, family: Family, cols: Columns, line: number): void {
  addressWords(words, family, '-s', cols.src, line);
  addressWords(words, family, '-d', cols.dst, line);
  for (const [flag, cell] of [
    ['-i', cols.inIf],
    ['-o', cols.outIf],
  ] as const) {
    if (!cell || cell.text === '*' || cell.text === 'any') continue;
    const neg = cell.text.startsWith('!');
    if (neg) words.push('!', cell);
    words.push(flag, cell);
    words.push(neg ? cell.text.slice(1) : cell.text, cell);
  }
  const protNeg = cols.prot.text.startsWith('!');
  const prot = protNeg ? cols.prot.text.slice(1) : cols.prot.text;
  if (protNeg || (prot !== '0' && prot !== 'all')) {
    if (protNeg) words.push('!', cols.prot);
    words.push('-p', cols.prot);
    // -L shows a number for a protocol it has no name for: no spelling of the user's to warn of
    words.push(normalizeProtocol(prot, family) ?? prot, cols.prot);
  }
  if (cols.opt.text !== '--') {
    if (cols.opt.text === '!f') words.push('!', cols.opt);
    words.push('-f', cols.opt);
  }
}

/** The matches and the target from the trailing text (list-extras.ts reads it). */
function trailingWords(words: RowWords, cols: Columns, raw: string, line: number): void {
  const tail = raw.slice(cols.dst.end);
  const extras = readListExtras(tail, cols.target?.text);
  const shift = cols.dst.end;
  for (const m of extras.matches)
    for (const word of m.words)
      words.push(word.text, { start: m.start + shift, end: m.end + shift }, word.quoted === true);
  if (cols.target) {
    const name = extras.target?.rename ?? cols.target.text;
    words.push(extras.goto ? '-g' : '-j', cols.target);
    words.push(name, cols.target);
    const t = extras.target;
    if (t)
      for (const word of t.words)
        words.push(word.text, { start: t.start + shift, end: t.end + shift }, word.quoted === true);
  } else if (extras.goto) words.keepLossy('[goto]', wholeLine(line, raw));
  for (const l of extras.lossy)
    words.keepLossy(l.text, {
      line,
      column: l.start + shift + 1,
      endLine: line,
      endColumn: l.end + shift + 1,
    });
}

/** Rebuilds one rule from its row; returns true when its counters were rounded. */
function readRow(b: RulesetBuilder, row: LRow, chain: LChain, table: string): boolean {
  const { line, raw } = row;
  const cols = columns(row);
  if (!cols) {
    b.report('syntax', 'this row has fewer columns than the titles above it', wholeLine(line, raw));
    return false;
  }
  const { counters, rounded } = readCounters(b, cols, line);
  const words = new RowWords();
  coreWords(words, b.family, cols, line);
  trailingWords(words, cols, raw, line);
  const { lossy, lossyAt } = words;
  const body = parseRuleBody({
    tokens: words.tokens,
    start: 0,
    line,
    family: b.family,
    table,
    chain: chain.name,
    diagnostics: b.diagnostics,
  });
  const rule = {
    core: body.core,
    matches: body.matches,
    target: body.target,
    span: wholeLine(line, raw),
    source: raw,
    ...(body.invalid ? { invalid: true as const } : {}),
    ...(counters ? { counters } : {}),
    ...(lossy.length ? { lossy: lossy.join(' ') } : {}),
  };
  if (lossyAt)
    b.report(
      'lossy-format',
      `iptables -L shows "${lossy.join(' ')}" here, which cannot be turned back into rule options: kept as text`,
      lossyAt,
      'info',
    );
  b.addRule(chain.name, rule, chain.span);
  return rounded;
}
