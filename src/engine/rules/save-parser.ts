/**
 * The iptables-save format, as iptables-legacy-save, iptables-nft-save and ip6tables-save write
 * it (and as iptables-restore reads it): `*table`, `:CHAIN POLICY [p:b]`, `[p:b] -A CHAIN …`
 * rules, `COMMIT`, `#` comments.
 */
import { RulesetBuilder } from './builder.ts';
import {
  isBuiltinChain,
  type Counters,
  type Family,
  type ParseResult,
  type Rule,
} from './model.ts';
import { expandRule, parseRuleBody, RuleBodyReader, spanOf } from './rule-parser.ts';
import { RuleMemo } from './rule-memo.ts';
import { FastRuleReader } from './save-fast-path.ts';
import { readPlainChainLine } from './save-chain-line.ts';
import { tokenizeShared, type Token } from './tokenize.ts';
import { forEachLineAt, type OnProgress } from './lines.ts';
import { CopiedLines, type CopiedSave } from './copied-lines.ts';
import { printCopiedSave } from './save-printer.ts';
import { appendChainStart, RuleLineOrder, type ReadLine } from './save-rule-order.ts';

const COUNTERS = /^\[(\d+):(\d+)\]$/;

export function parseCounters(text: string): Counters | undefined {
  const m = COUNTERS.exec(text);
  return m ? { packets: Number(m[1]), bytes: Number(m[2]) } : undefined;
}

/** Whether `-A ` stands at `at` in the line. */
function isAppend(raw: string, at: number): boolean {
  return (
    raw.charCodeAt(at) === 45 && raw.charCodeAt(at + 1) === 65 && raw.charCodeAt(at + 2) === 32
  );
}

/** Where the `]` of the line's leading `[digits:digits] ` is, or -1 when it has none. */
function plainCountersEnd(raw: string): number {
  const close = raw.indexOf(']');
  if (close < 4 || raw.charCodeAt(close + 1) !== 32) return -1;
  let colon = -1;
  for (let i = 1; i < close; i++) {
    const c = raw.charCodeAt(i);
    if (c === 58 && colon < 0 && i > 1) colon = i;
    else if (c < 48 || c > 57) return -1;
  }
  return colon > 0 && colon < close - 1 ? close : -1;
}

/** The counters of a line plainCountersEnd accepted: what parseCounters reads from them. */
function countersOf(raw: string, close: number): Counters {
  const colon = raw.indexOf(':');
  return { packets: Number(raw.slice(1, colon)), bytes: Number(raw.slice(colon + 1, close)) };
}

export interface SaveParseOptions {
  /** read plain lines the fast way (save-fast-path.ts); off only to test it against the full way */
  fastPath?: boolean;
  /** told how far the parse has read now and then, and once at the end (see forEachLine) */
  onProgress?: OnProgress;
}

export function parseSave(text: string, family: Family, opts: SaveParseOptions = {}): ParseResult {
  const b = readSave(text, family, opts.fastPath ?? true, opts.onProgress);
  const result = b.finish();
  opts.onProgress?.(text.length, text.length);
  return result;
}

/**
 * The text printSave prints for parseSave(text, family).ruleset, read in copy mode
 * (copied-lines.ts) with no rule made; undefined when the dump has a line or a diagnostic copy
 * mode does not keep: then parse and print it the common way.
 */
export function copySave(text: string, family: Family): CopiedSave | undefined {
  const copy = new CopiedLines(text);
  const b = readSave(text, family, true, undefined, copy);
  if (copy.failed) return undefined;
  const { ruleset, diagnostics } = b.finish();
  if (diagnostics.length > 0 || !copy.jumpsAreSound()) return undefined;
  // a rule line read in full (one that does not start with `-` or `[`) made a rule
  for (const t of ruleset.tables) for (const c of t.chains) if (c.rules.length) return undefined;
  return printCopiedSave(ruleset, copy);
}

/** Reads the dump into a builder, with every rule line copied rather than read when `copy` is given. */
function readSave(
  text: string,
  family: Family,
  fast: boolean,
  onProgress: OnProgress | undefined,
  copy?: CopiedLines,
): RulesetBuilder {
  const b = new RulesetBuilder(family, 'save');
  const memo = new RuleMemo(family);
  const fastReader = new FastRuleReader(memo);
  const full = new FullLineReader(b);
  let lastLine = 0;

  const readLine: ReadLine = (line, from, to) => {
    const first = text.charCodeAt(from);
    // a chain line the fast way needs no string of its own (36,000 in a big kube-proxy dump)
    if (fast && first === 58 /* : */ && readPlainChainLine(text, from, to, line, b, memo)) return;
    if (copy !== undefined && (first === 45 /* - */ || first === 91) /* [ */) {
      if (!b.currentTable || !fastReader.copyPlainRule(text, from, to, b, copy)) copy.failed = true;
      return;
    }
    // the line, which a rule keeps as its source
    const raw = text.slice(from, to);
    if (fast && b.currentTable && readFastRule(text, from, raw, line, b, fastReader)) return;
    full.read(raw, line);
  };
  // the -A lines chain by chain (save-rule-order.ts); the reference reader keeps the file's order,
  // and so does copy mode, whose lines are put in chain order once, as they are printed
  const order =
    fast && copy === undefined
      ? new RuleLineOrder((t, start, end) => fastReader.chainPositionAt(t, start, end, b))
      : undefined;
  forEachLineAt(text, onProgress, (line, from, to) => {
    lastLine = line;
    const first = text.charCodeAt(from);
    if (to === from || first === 35 /* # */ || copy?.failed) return;
    if (order !== undefined) {
      // any other line (start -1) ends the run of -A lines before it is read
      const start = b.currentTable ? appendChainStart(text, from, to) : -1;
      if (order.take(text, start, line, from, to, readLine)) return;
    }
    readLine(line, from, to);
  });
  order?.end(readLine);
  if (b.currentTable) {
    const at = {
      line: Math.max(lastLine, 1),
      column: 1,
      endLine: Math.max(lastLine, 1),
      endColumn: 1,
    };
    b.report(
      'missing-commit',
      `table ${b.currentTable.name} (line ${full.tableLine}) ends without COMMIT: iptables-restore would not load it`,
      at,
    );
  }
  return b;
}

/**
 * `-A CHAIN …` or `[packets:bytes] -A CHAIN …` (as iptables-save -c writes every rule), the bulk
 * of a dump, read the fast way (save-fast-path.ts) when it is plain: false when the line is
 * anything else, to be read in full.
 */
function readFastRule(
  text: string,
  from: number,
  raw: string,
  line: number,
  b: RulesetBuilder,
  reader: FastRuleReader,
): boolean {
  const first = raw.charCodeAt(0);
  if (first === 45 /* - */)
    return isAppend(raw, 0) && reader.readPlainRule(text, from, from, raw, line, b, reader.memo);
  if (first !== 91 /* [ */) return false;
  const close = plainCountersEnd(raw);
  return (
    close > 0 &&
    isAppend(raw, close + 2) &&
    reader.readPlainRule(
      text,
      from,
      from + close + 2,
      raw,
      line,
      b,
      reader.memo,
      countersOf(raw, close),
    )
  );
}

/** Reads a line word by word (tokenize.ts, rule-parser.ts), diagnostics and all. */
class FullLineReader {
  /** the line of the current table's *table line */
  tableLine = 0;
  private readonly rules = new RuleBodyReader();

  constructor(private readonly b: RulesetBuilder) {}

  read(raw: string, line: number): void {
    const b = this.b;
    const { tokens, unterminatedQuote } = tokenizeShared(raw);
    if (tokens.length === 0) return;
    if (unterminatedQuote !== undefined)
      b.report('unterminated-quote', 'a quote is opened here and never closed', {
        line,
        column: unterminatedQuote + 1,
        endLine: line,
        endColumn: raw.length + 1,
      });
    const head = tokens[0]!;
    const word = head.text;
    if (word.startsWith('*')) this.startTable(tokens, line);
    else if (word === 'COMMIT') {
      if (!b.currentTable)
        b.report(
          'commit-outside-table',
          'COMMIT without a *table line before it',
          spanOf(line, head),
        );
      b.endTable();
    } else if (!b.currentTable)
      b.report(
        'syntax',
        `"${word}" outside a table: the dump must start a table with a *table line (e.g. *filter)`,
        spanOf(line, head),
      );
    else if (word.startsWith(':')) parseChainLine(b, tokens, line);
    else this.command(raw, tokens, line, unterminatedQuote !== undefined);
  }

  private startTable(tokens: readonly Token[], line: number): void {
    const b = this.b;
    const head = tokens[0]!;
    if (b.currentTable)
      b.report(
        'missing-commit',
        `table ${b.currentTable.name} (line ${this.tableLine}) has no COMMIT before the next table`,
        spanOf(line, head),
      );
    this.tableLine = line;
    b.startTable(head.text.slice(1), spanOf(line, head));
    if (tokens.length > 1)
      b.report(
        'syntax',
        `unexpected "${tokens[1]!.text}" after the table name`,
        spanOf(line, tokens[1]!),
      );
  }

  /**
   * `-N CHAIN`, `-A CHAIN …` or `-I CHAIN [N] …`, after `[packets:bytes]` or not; `unterminated`
   * when the line has a quote never closed.
   */
  private command(
    raw: string,
    tokens: readonly Token[],
    line: number,
    unterminated: boolean,
  ): void {
    const b = this.b;
    const head = tokens[0]!;
    let at = 0;
    let counters: Counters | undefined;
    if (head.text.startsWith('[')) {
      counters = parseCounters(head.text);
      if (!counters)
        b.report(
          'bad-counters',
          `"${head.text}" is not a counter pair [packets:bytes]`,
          spanOf(line, head),
        );
      at = 1;
    }
    const cmd = tokens[at];
    if (!cmd) return;
    if (cmd.text === '-N' || cmd.text === '--new-chain') {
      const name = tokens[at + 1];
      if (!name) b.report('missing-argument', '-N needs a chain name', spanOf(line, cmd));
      else b.declareChain(name.text, spanOf(line, name), null);
      return;
    }
    if (
      cmd.text === '-A' ||
      cmd.text === '--append' ||
      cmd.text === '-I' ||
      cmd.text === '--insert'
    ) {
      const broken = unterminated || (at === 1 && !counters);
      addRuleLine(b, raw, tokens, at, line, counters, broken, this.rules);
      return;
    }
    b.report(
      'syntax',
      `unexpected "${cmd.text}": expected -A, :CHAIN, COMMIT or a comment`,
      spanOf(line, cmd),
    );
  }
}

function parseChainLine(b: RulesetBuilder, tokens: readonly Token[], line: number): void {
  const head = tokens[0]!;
  const name = head.text.slice(1);
  const span = spanOf(line, head);
  if (name === '') {
    b.report('syntax', 'a chain line needs a name after ":"', span);
    return;
  }
  const policyTok = tokens[1];
  const policyText = policyTok?.text ?? '-';
  let counters: Counters | undefined;
  if (tokens[2]) {
    counters = parseCounters(tokens[2].text);
    if (!counters)
      b.report(
        'bad-counters',
        `"${tokens[2].text}" is not a counter pair [packets:bytes]`,
        spanOf(line, tokens[2]),
      );
  }
  const table = b.currentTable!.name;
  const builtinHere = isBuiltinChain(table, name);
  if (builtinHere) {
    if (policyText !== 'ACCEPT' && policyText !== 'DROP')
      b.report(
        'bad-policy',
        `built-in chain ${name} needs a policy of ACCEPT or DROP, not "${policyText}"`,
        spanOf(line, policyTok ?? head),
      );
    b.declareChain(name, span, policyText === 'DROP' ? 'DROP' : 'ACCEPT', counters);
  } else {
    if (policyText !== '-')
      b.report(
        'bad-policy',
        `user chain ${name} cannot have a policy ("${policyText}"); write "-"`,
        spanOf(line, policyTok ?? head),
      );
    b.declareChain(name, span, null, counters);
  }
}

function addRuleLine(
  b: RulesetBuilder,
  raw: string,
  tokens: readonly Token[],
  at: number,
  line: number,
  counters: Counters | undefined,
  broken: boolean,
  reader: RuleBodyReader,
): void {
  const cmd = tokens[at]!;
  const chainTok = tokens[at + 1];
  if (!chainTok) {
    b.report('missing-argument', `${cmd.text} needs a chain name`, spanOf(line, cmd));
    return;
  }
  let start = at + 2;
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
  const chain = b.chain(chainTok.text)?.name ?? chainTok.text;
  const body = parseRuleBody(
    {
      tokens,
      start,
      line,
      family: b.family,
      table,
      chain,
      diagnostics: b.diagnostics,
    },
    reader,
  );
  const span = { line, column: tokens[0]!.start + 1, endLine: line, endColumn: raw.length + 1 };
  const both = counters ?? body.counters;
  // one rule per address of `-s A,B`, as iptables loads them, in the order it does
  const cores = expandRule(body);
  for (let k = 0; k < cores.length; k++) {
    // every field in place from the start, in the order the other parsers' rules end up with:
    // one object of one shape per rule, nothing added to it later
    const rule: Rule = both
      ? {
          core: cores[k]!,
          matches: body.matches,
          target: body.target,
          span,
          source: raw,
          counters: both,
          table,
          chain,
          index: 0,
          id: '',
        }
      : {
          core: cores[k]!,
          matches: body.matches,
          target: body.target,
          span,
          source: raw,
          table,
          chain,
          index: 0,
          id: '',
        };
    if (body.invalid || broken) rule.invalid = true;
    b.addRule(
      chain,
      rule,
      spanOf(line, chainTok),
      position === undefined ? undefined : position + k,
    );
  }
}
