/**
 * The `iptables -S [-t TABLE]` format: `-P CHAIN POLICY`, `-N CHAIN` and `-A CHAIN …` lines, with
 * `-c PACKETS BYTES` when listed with -v. The text never names its table, so the table comes from
 * the caller, from a heading line (`# iptables -t nat -S`), or from the chains and targets shown.
 * Several outputs pasted one after another are read as one table each.
 */
import { RulesetBuilder } from './builder.ts';
import type { SourceSpan } from './diagnostics.ts';
import {
  BUILTIN_TABLES,
  isBuiltinChain,
  type Counters,
  type Family,
  type ParseResult,
} from './model.ts';
import { expandRule, parseRuleBody, spanOf } from './rule-parser.ts';
import { forEachLine, type OnProgress } from './lines.ts';
import { tokenize, type Token } from './tokenize.ts';
import { guessTable, isHeadingLine, startsNewTable, tableFromHeading } from './table-infer.ts';

export interface TableHint {
  /** the table the caller says the text came from (`-t`), used for the first block */
  table?: string;
}

interface SLine {
  tokens: Token[];
  raw: string;
  line: number;
}

interface Segment {
  named?: string;
  /** the line that named the table, when a heading did */
  namedAt?: SourceSpan;
  lines: SLine[];
  builtins: string[];
  targets: Set<string>;
  sawBody: boolean;
}

function newSegment(named?: string, namedAt?: SourceSpan): Segment {
  const s: Segment = { lines: [], builtins: [], targets: new Set(), sawBody: false };
  if (named !== undefined) s.named = named;
  if (namedAt) s.namedAt = namedAt;
  return s;
}

const POLICY = new Set(['-P', '--policy']);
const NEW_CHAIN = new Set(['-N', '--new-chain']);
const APPEND = new Set(['-A', '--append', '-I', '--insert']);

export function parseS(
  text: string,
  family: Family,
  hint: TableHint = {},
  onProgress?: OnProgress,
): ParseResult {
  const b = new RulesetBuilder(family, 'S');
  const segments: Segment[] = [];
  let seg: Segment | undefined;
  let pendingName: { name: string; at: SourceSpan } | undefined;
  const open = (): Segment => {
    seg = pendingName ? newSegment(pendingName.name, pendingName.at) : newSegment();
    pendingName = undefined;
    segments.push(seg);
    return seg;
  };

  // First pass: split the text into one block per table and note what each block shows.
  forEachLine(text, onProgress, (raw, line) => {
    if (raw.trim() === '') return;
    if (!raw.trimStart().startsWith('-') && isHeadingLine(raw)) {
      const name = tableFromHeading(raw);
      if (name !== undefined) {
        pendingName = { name, at: { line, column: 1, endLine: line, endColumn: raw.length + 1 } };
        seg = undefined;
      }
      return;
    }
    const { tokens, unterminatedQuote } = tokenize(raw);
    if (unterminatedQuote !== undefined)
      b.report('unterminated-quote', 'a quote is opened here and never closed', {
        line,
        column: unterminatedQuote + 1,
        endLine: line,
        endColumn: raw.length + 1,
      });
    const head = tokens[0];
    if (!head) return;
    if (POLICY.has(head.text)) {
      const chain = tokens[1]?.text ?? '';
      // a -P for a chain no table has is an error of its own, not the start of another table
      const known = BUILTIN_TABLES.some((t) => isBuiltinChain(t, chain));
      if (!seg || (known && startsNewTable(seg.builtins, seg.sawBody, chain))) open();
      if (known) seg!.builtins.push(chain);
    } else {
      if (!seg) open();
      if (NEW_CHAIN.has(head.text) || APPEND.has(head.text)) seg!.sawBody = true;
      const j = tokens.findIndex((t) => (t.text === '-j' || t.text === '--jump') && !t.quoted);
      const target = j >= 0 ? tokens[j + 1]?.text : undefined;
      if (target) seg!.targets.add(target);
    }
    seg!.lines.push({ tokens, raw, line });
  });

  // Second pass: settle each block's table, then read its lines.
  const taken = new Set<string>();
  segments.forEach((s, i) => {
    const first = s.lines[0];
    if (!first) return;
    const at = spanOf(first.line, first.tokens[0]!);
    let table = s.named ?? (i === 0 ? hint.table : undefined);
    if (table === undefined) {
      const guess = guessTable(s.builtins, s.targets, taken);
      table = guess.table;
      if (!guess.certain)
        b.report(
          'assumed-table',
          `the text does not say which table this is: read as ${table} because ${guess.reason} (name it with "# table: NAME" or the table option)`,
          at,
          'info',
        );
    }
    taken.add(table);
    b.startTable(table, s.namedAt ?? at);
    for (const l of s.lines) readLine(b, l);
    b.endTable();
  });
  const result = b.finish();
  onProgress?.(text.length, text.length);
  return result;
}

function readLine(b: RulesetBuilder, { tokens, raw, line }: SLine): void {
  const cmd = tokens[0]!;
  const table = b.currentTable!.name;
  if (POLICY.has(cmd.text)) {
    readPolicy(b, tokens, line, table);
    return;
  }
  if (NEW_CHAIN.has(cmd.text)) {
    const name = tokens[1];
    if (!name) b.report('missing-argument', `${cmd.text} needs a chain name`, spanOf(line, cmd));
    else {
      if (isBuiltinChain(table, name.text))
        b.report(
          'duplicate-chain',
          `${name.text} is a built-in chain of table ${table}: it cannot be created with -N`,
          spanOf(line, name),
        );
      else b.declareChain(name.text, spanOf(line, name), null);
    }
    if (tokens[2])
      b.report(
        'syntax',
        `unexpected "${tokens[2].text}" after the chain name`,
        spanOf(line, tokens[2]),
      );
    return;
  }
  if (APPEND.has(cmd.text)) {
    readRule(b, tokens, raw, line);
    return;
  }
  b.report(
    'syntax',
    `unexpected "${cmd.text}": iptables -S prints only -P, -N and -A lines`,
    spanOf(line, cmd),
  );
}

function readPolicy(
  b: RulesetBuilder,
  tokens: readonly Token[],
  line: number,
  table: string,
): void {
  const cmd = tokens[0]!;
  const chainTok = tokens[1];
  const policyTok = tokens[2];
  if (!chainTok || !policyTok) {
    b.report(
      'missing-argument',
      '-P needs a chain and a policy (ACCEPT or DROP)',
      spanOf(line, cmd, tokens[tokens.length - 1]),
    );
    return;
  }
  const policy = policyTok.text;
  if (policy !== 'ACCEPT' && policy !== 'DROP')
    b.report('bad-policy', `a policy is ACCEPT or DROP, not "${policy}"`, spanOf(line, policyTok));
  let counters: Counters | undefined;
  let i = 3;
  const c = tokens[i];
  if (c && (c.text === '-c' || c.text === '--set-counters')) {
    const p = tokens[i + 1];
    const by = tokens[i + 2];
    if (!p || !by || !/^[0-9]+$/.test(p.text) || !/^[0-9]+$/.test(by.text))
      b.report(
        'bad-counters',
        '-c needs two numbers: packets and bytes',
        spanOf(line, c, by ?? p ?? c),
      );
    else counters = { packets: Number(p.text), bytes: Number(by.text) };
    i += 3;
  }
  if (tokens[i])
    b.report(
      'syntax',
      `unexpected "${tokens[i]!.text}" after the policy`,
      spanOf(line, tokens[i]!),
    );
  if (!isBuiltinChain(table, chainTok.text)) {
    b.report(
      'bad-policy',
      `${chainTok.text} is not a built-in chain of table ${table}: only built-in chains have a policy`,
      spanOf(line, chainTok),
    );
    return;
  }
  b.declareChain(
    chainTok.text,
    spanOf(line, chainTok),
    policy === 'DROP' ? 'DROP' : 'ACCEPT',
    counters,
  );
}

function readRule(b: RulesetBuilder, tokens: readonly Token[], raw: string, line: number): void {
  const cmd = tokens[0]!;
  const chainTok = tokens[1];
  if (!chainTok) {
    b.report('missing-argument', `${cmd.text} needs a chain name`, spanOf(line, cmd));
    return;
  }
  let start = 2;
  let position: number | undefined;
  if (cmd.text === '-I' || cmd.text === '--insert') {
    position = 1;
    const n = tokens[start];
    if (n && /^[0-9]+$/.test(n.text)) {
      position = Number(n.text);
      start++;
    }
  }
  const table = b.currentTable!.name;
  const body = parseRuleBody({
    tokens,
    start,
    line,
    family: b.family,
    table,
    chain: chainTok.text,
    diagnostics: b.diagnostics,
  });
  // one rule per address of `-s A,B`, as iptables loads them
  const cores = expandRule(body);
  for (let k = 0; k < cores.length; k++) {
    const rule = {
      core: cores[k]!,
      matches: body.matches,
      target: body.target,
      span: { line, column: cmd.start + 1, endLine: line, endColumn: raw.length + 1 },
      source: raw,
      ...(body.invalid ? { invalid: true as const } : {}),
      ...(body.counters ? { counters: body.counters } : {}),
    };
    const at = position === undefined ? undefined : position + k;
    b.addRule(chainTok.text, rule, spanOf(line, chainTok), at);
  }
}
