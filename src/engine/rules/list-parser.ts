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

export function parseList(
  text: string,
  family: Family,
  hint: TableHint = {},
  onProgress?: OnProgress,
): ParseResult {
  const b = new RulesetBuilder(family, 'L');
  const segments: Segment[] = [];
  let seg: Segment | undefined;
  let chain: LChain | undefined;
  let layout: Layout | undefined;
  let pendingName: { name: string; at: SourceSpan } | undefined;
  const open = (): Segment => {
    seg = { chains: [], builtins: [], targets: new Set(), sawUser: false };
    if (pendingName) {
      seg.named = pendingName.name;
      seg.namedAt = pendingName.at;
    }
    pendingName = undefined;
    segments.push(seg);
    return seg;
  };

  // First pass: split into one block per table, chains and their rows.
  forEachLine(text, onProgress, (raw, line) => {
    if (raw.trim() === '') return;
    const header = CHAIN_HEADER.exec(raw);
    if (header) {
      const name = header[1]!;
      const nameCell = { text: name, start: 6, end: 6 + name.length };
      chain = { name, line, span: spanOfCell(line, nameCell), rows: [] };
      if (header[2] !== undefined) {
        // a policy on a chain no table has is an error of its own, not the start of another table
        const known = BUILTIN_TABLES.some((t) => isBuiltinChain(t, name));
        if (!seg || (known && startsNewTable(seg.builtins, seg.sawUser, name))) open();
        if (known) seg!.builtins.push(name);
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
            b.report(
              'bad-counters',
              `"${header[3]} packets, ${header[4]} bytes" are not counters`,
              wholeLine(line, raw),
            );
        }
      } else {
        if (!seg) open();
        seg!.sawUser = true;
      }
      seg!.chains.push(chain);
      layout = undefined;
      return;
    }
    const titles = TITLES.exec(raw);
    if (titles) {
      layout = {
        num: titles[1] !== undefined,
        counters: titles[2] !== undefined,
        via: titles[3] !== undefined,
      };
      return;
    }
    if (isHeadingLine(raw)) {
      const name = tableFromHeading(raw);
      if (name !== undefined) {
        pendingName = { name, at: wholeLine(line, raw) };
        seg = undefined;
        chain = undefined;
      }
      return;
    }
    if (!chain) {
      b.report('syntax', 'a rule row before any "Chain NAME (…)" header', wholeLine(line, raw));
      return;
    }
    const row: LRow = {
      line,
      raw,
      cells: cells(raw),
      layout: layout ?? { num: false, counters: false, via: false },
    };
    if (!layout)
      b.report(
        'syntax',
        `no column titles ("target prot opt source destination") before this row: read as plain iptables -L -n`,
        wholeLine(line, raw),
        'warning',
      );
    const cols = columns(row);
    if (cols?.target) seg!.targets.add(cols.target.text);
    chain.rows.push(row);
  });

  // Second pass: settle each block's table, then build its chains and rules.
  const taken = new Set<string>();
  let roundedReported = false;
  segments.forEach((s, i) => {
    const first = s.chains[0];
    if (!first) return;
    let table = s.named ?? (i === 0 ? hint.table : undefined);
    if (table === undefined) {
      const guess = guessTable(s.builtins, s.targets, taken);
      table = guess.table;
      if (!guess.certain)
        b.report(
          'assumed-table',
          `the text does not say which table this is: read as ${table} because ${guess.reason} (name it with "# table: NAME" or the table option)`,
          first.span,
          'info',
        );
    }
    taken.add(table);
    b.startTable(table, s.namedAt ?? first.span);
    for (const c of s.chains) {
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
        } else
          b.declareChain(c.name, c.span, policy === 'DROP' ? 'DROP' : 'ACCEPT', c.policy.counters);
      } else {
        if (isBuiltinChain(table, c.name))
          b.report(
            'syntax',
            `${c.name} is a built-in chain of table ${table}, but its header shows references instead of a policy`,
            c.span,
          );
        b.declareChain(c.name, c.span, null);
      }
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

/** Rebuilds one rule from its row; returns true when its counters were rounded. */
function readRow(b: RulesetBuilder, row: LRow, chain: LChain, table: string): boolean {
  const { line, raw } = row;
  const cols = columns(row);
  if (!cols) {
    b.report('syntax', 'this row has fewer columns than the titles above it', wholeLine(line, raw));
    return false;
  }
  const tokens: Token[] = [];
  const lossy: string[] = [];
  let lossyAt: SourceSpan | undefined;
  const push = (text: string, cell: { start: number; end: number }, quoted = false) =>
    tokens.push({ text, start: cell.start, end: cell.end, quoted });
  const keepLossy = (text: string, at: SourceSpan) => {
    lossy.push(text);
    lossyAt ??= at;
  };

  let counters: Counters | undefined;
  let rounded = false;
  if (cols.num && !/^[0-9]+$/.test(cols.num.text))
    b.report('syntax', `"${cols.num.text}" is not a rule number`, spanOfCell(line, cols.num));
  if (cols.pkts && cols.bytes) {
    const p = parseCount(cols.pkts.text);
    const by = parseCount(cols.bytes.text);
    if (!p || !by)
      b.report(
        'bad-counters',
        `"${cols.pkts.text} ${cols.bytes.text}" are not packet and byte counts`,
        spanOfCell(line, cols.pkts, cols.bytes),
      );
    else {
      counters = { packets: p.value, bytes: by.value };
      rounded = p.rounded || by.rounded;
    }
  }

  const address = (flag: '-s' | '-d', cell: Cell) => {
    const neg = cell.text.startsWith('!');
    const text = neg ? cell.text.slice(1) : cell.text;
    const any = text === 'anywhere' || text === '0.0.0.0/0' || text === '::/0';
    if (any && !neg) return;
    const value = text === 'anywhere' ? (b.family === 'ipv6' ? '::/0' : '0.0.0.0/0') : text;
    if (!parseCidr(value, b.family)) {
      // a host name (-L without -n) names an address this text does not give
      keepLossy(`${neg ? '! ' : ''}${flag} ${text}`, spanOfCell(line, cell));
      return;
    }
    if (neg) push('!', cell);
    push(flag, cell);
    push(value, cell);
  };
  address('-s', cols.src);
  address('-d', cols.dst);
  for (const [flag, cell] of [
    ['-i', cols.inIf],
    ['-o', cols.outIf],
  ] as const) {
    if (!cell || cell.text === '*' || cell.text === 'any') continue;
    const neg = cell.text.startsWith('!');
    if (neg) push('!', cell);
    push(flag, cell);
    push(neg ? cell.text.slice(1) : cell.text, cell);
  }
  const protNeg = cols.prot.text.startsWith('!');
  const prot = protNeg ? cols.prot.text.slice(1) : cols.prot.text;
  if (protNeg || (prot !== '0' && prot !== 'all')) {
    if (protNeg) push('!', cols.prot);
    push('-p', cols.prot);
    // -L shows a number for a protocol it has no name for: no spelling of the user's to warn of
    push(normalizeProtocol(prot, b.family) ?? prot, cols.prot);
  }
  if (cols.opt.text !== '--') {
    if (cols.opt.text === '!f') push('!', cols.opt);
    push('-f', cols.opt);
  }

  const tail = raw.slice(cols.dst.end);
  const extras = readListExtras(tail, cols.target?.text);
  const shift = cols.dst.end;
  for (const m of extras.matches)
    for (const word of m.words)
      push(word.text, { start: m.start + shift, end: m.end + shift }, word.quoted === true);
  if (cols.target) {
    const name = extras.target?.rename ?? cols.target.text;
    push(extras.goto ? '-g' : '-j', cols.target);
    push(name, cols.target);
    const t = extras.target;
    if (t)
      for (const word of t.words)
        push(word.text, { start: t.start + shift, end: t.end + shift }, word.quoted === true);
  } else if (extras.goto) keepLossy('[goto]', wholeLine(line, raw));
  for (const l of extras.lossy)
    keepLossy(l.text, {
      line,
      column: l.start + shift + 1,
      endLine: line,
      endColumn: l.end + shift + 1,
    });

  const body = parseRuleBody({
    tokens,
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
