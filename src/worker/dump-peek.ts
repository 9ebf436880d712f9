/**
 * The dump as seen before its full parse ends. A second dump worker outlines the text (tables,
 * chains, rule counts and counters, in a few hundred ms for 100,000 rules) and answers the
 * chain list's questions from it: a chain's rows are parsed on demand from that chain's lines
 * (save-outline.ts keeps every line where the whole dump has it, so the rows are the very rows
 * the full parse gives), a page at a time for a long chain; a text search finds the words in the
 * lower-cased text, a comment search parses the lines that may hold them (dump-peek-find.ts). The
 * worker doing the full parse is busy for seconds: it answers
 * nothing until then.
 */
import {
  detectFamily,
  detectFormat,
  findChain,
  findTable,
  type Family,
  parseRuleset,
  outlineSave,
  outlineText,
  type SaveOutline,
} from '../engine/rules/index.ts';
import { countLines } from './dump-cache.ts';
import type {
  DumpOutline,
  DumpQuery,
  DumpRuleRow,
  DumpSearchHit,
  DumpSearchResult,
} from './dump-protocol.ts';
import {
  commentCandidates,
  findIndex,
  markRulesWith,
  oddLines,
  type FindIndex,
} from './dump-peek-find.ts';
import { commentsOf, row, SEARCH_LIMIT, sourceText } from './dump-rows.ts';
import { DumpTally } from './dump-tally.ts';
import { warmUpDumpText } from './dump-warm.ts';

interface Peeked {
  id: string;
  text: string;
  family: Family;
  outline: SaveOutline;
  /** for searches: made by the first one */
  find: FindIndex | null;
}

let peeked: Peeked | null = null;
let next = 1;

function summarize(id: string, text: string, family: Family, o: SaveOutline): DumpOutline {
  const tally = new DumpTally();
  const tables = o.tables.map((t) =>
    tally.table(
      t.name,
      t.line,
      t.chains,
      (c) => ({ ...c, rules: c.rules.length }),
      (c, add) => {
        for (const r of c.rules) {
          const p = o.rulePackets[r]!;
          if (p >= 0) add(p, o.ruleBytes[r]!);
        }
      },
    ),
  );
  const { rules, chains, hasCounters, maxRulePackets, maxChainPackets } = tally;
  return {
    id,
    partial: true,
    format: 'save',
    family,
    length: text.length,
    lines: countLines(text),
    rules,
    chains,
    hasCounters,
    maxRulePackets,
    maxChainPackets,
    tables,
  };
}

/** Outlines `text` and keeps it (only the last one), or null when only a full parse will do. */
export function outlineDump(text: string): DumpOutline | null {
  peeked = null;
  if (detectFormat(text) !== 'save') return null;
  const outline = outlineSave(text);
  if (!outline) return null;
  const family = detectFamily(text);
  const id = `outline-${next++}`;
  peeked = { id, text, family, outline, find: null };
  return summarize(id, text, family, outline);
}

/**
 * Makes what searches need of the outlined dump (its text lower-cased, its lines with odd quotes)
 * in the next task, while the user looks at the chain list, so the first search does not pay for
 * it. A request arriving meanwhile waits for that one task at most. The prepared parts give the
 * same answers as the full parse: dump-peek.test.ts holds every search to it.
 */
export function prepareSearchSoon(): void {
  const p = peeked;
  if (!p) return;
  setTimeout(() => {
    if (peeked === p) oddLines(p.text, p.outline, finder(p));
  }, 0);
}

export function forgetOutline(): void {
  peeked = null;
}

/**
 * Outlines the made-up dump the dump worker warms up on, reads rows and searches it, and forgets
 * it: the first real dump then runs on code the JIT has already compiled, so opening its first
 * chain is not also the moment the outline code is compiled. dump-warm.test.ts holds the made-up
 * dump to parse cleanly; e2e/dump.spec.ts prints how long a real one takes.
 */
export function warmUpOutline(): number {
  const started = performance.now();
  const o = outlineDump(warmUpDumpText());
  if (o) {
    for (let i = 0; i < 4; i++) peekRows(o.id, 'nat', 'KUBE-SERVICES', i * 30, i * 30 + 30);
    peekSearch(o.id, { mode: 'comment', query: 'ns-1/app' });
    peekSearch(o.id, { mode: 'text', query: 'ns-2/app' });
  }
  peeked = null;
  return Math.round(performance.now() - started);
}

const get = (id: string) => (peeked?.id === id ? peeked : null);

/** Parses the dump with only `rules` (rule indices, ascending) of tables `tables` left in. */
function parseOnly(p: Peeked, tables: number[], rules: number[], chains: string[] = []) {
  const text = outlineText(p.text, p.outline, tables, rules, chains);
  return parseRuleset(text, { format: 'save', family: p.family }).ruleset;
}

/**
 * Rows `from` to `to` (0-based, end excluded; the whole chain by default) of a chain of the
 * outlined dump, parsed now from their lines alone: what dumpRows answers for those rows. A long
 * chain is asked a page at a time (parsing KUBE-SERVICES' 9,000 rules takes a few hundred ms).
 */
export function peekRows(
  id: string,
  table: string,
  chain: string,
  from = 0,
  to = Infinity,
): DumpRuleRow[] | null {
  const p = get(id);
  if (!p) return null;
  const o = p.outline;
  const ti = o.tables.findIndex((t) => t.name === table);
  const c = o.tables[ti]?.chains.find((x) => x.name === chain);
  if (!c) return null;
  const wanted = from <= 0 && to >= c.rules.length ? c.rules : c.rules.slice(from, to);
  if (wanted.length === 0) return [];
  const t = findTable(parseOnly(p, [ti], wanted, [chain]), table);
  const parsed = t ? findChain(t, chain) : undefined;
  if (!parsed) return null;
  // the parse numbered the rules it was given from 1: their places in the whole chain instead
  return parsed.rules.map((r, k) => ({ ...row(r), index: o.ruleIndex[wanted[k]!]! }));
}

const finder = (p: Peeked): FindIndex => (p.find ??= findIndex(p.text));

export function peekSearch(id: string, q: DumpQuery): DumpSearchResult | null {
  const p = get(id);
  if (!p || q.mode === 'reach') return null;
  const o = p.outline;
  const limit = q.limit ?? SEARCH_LIMIT;
  const out: DumpSearchResult = { chains: [], chainTotal: 0, hits: [], total: 0, problem: null };
  const needle = q.query.trim().toLowerCase();
  if (needle === '') return out;
  // comment mode: the rules whose comments may have the words, parsed, then asked as the full
  // search asks; text mode: the rule lines that have them
  let hits: Set<number> | Uint8Array;
  if (q.mode === 'comment') {
    const commented = new Set<number>();
    const candidates = commentCandidates(p.text, o, finder(p), needle);
    if (candidates.length > 0) {
      const parsed = parseOnly(
        p,
        o.tables.map((_, i) => i),
        candidates,
      );
      for (const t of parsed.tables)
        for (const c of t.chains)
          for (const r of c.rules) if (commentsOf(r).includes(needle)) commented.add(r.span.line);
    }
    hits = commented;
  } else {
    hits = new Uint8Array(o.ruleStart.length);
    markRulesWith(p.text, o, finder(p), needle, hits);
  }
  o.tables.forEach((t) => {
    for (const c of t.chains) {
      if (q.mode === 'text' && c.name.toLowerCase().includes(needle)) {
        out.chainTotal++;
        if (out.chains.length < limit)
          out.chains.push({ table: t.name, name: c.name, rules: c.rules.length, line: c.line });
      }
      for (const r of c.rules) {
        const line = o.ruleLine[r]!;
        if (hits instanceof Set ? !hits.has(line) : hits[r] !== 1) continue;
        out.total++;
        if (out.hits.length >= limit) continue;
        const packets = o.rulePackets[r]!;
        const source = p.text.slice(o.ruleStart[r], o.ruleEnd[r]);
        const h: DumpSearchHit = {
          table: t.name,
          chain: c.name,
          index: o.ruleIndex[r]!,
          line,
          text: sourceText(source),
          packets: packets < 0 ? 0 : packets,
        };
        out.hits.push(h);
      }
    }
  });
  return out;
}
