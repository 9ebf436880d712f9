/**
 * The dump as seen before its full parse ends. A second dump worker outlines the text (tables,
 * chains, rule counts and counters, in a few hundred ms for 100,000 rules) and answers the
 * chain list's questions from it: a chain's rows are parsed on demand from that chain's lines
 * (save-outline.ts keeps every line where the whole dump has it, so the rows are the very rows
 * the full parse gives), a text search reads the rule lines, a comment search parses the lines
 * that contain the words. The worker doing the full parse is busy for seconds: it answers
 * nothing until then.
 */
import { detectFamily, detectFormat } from '../engine/rules/detect.ts';
import { findChain, findTable, type Family } from '../engine/rules/model.ts';
import { parseRuleset } from '../engine/rules/parse.ts';
import { outlineSave, outlineText, type SaveOutline } from '../engine/rules/save-outline.ts';
import { countLines } from './dump-cache.ts';
import type {
  DumpOutline,
  DumpQuery,
  DumpRuleRow,
  DumpSearchHit,
  DumpSearchResult,
} from './dump-protocol.ts';
import { commentsOf, row, SEARCH_LIMIT, sourceText } from './dump-rows.ts';
import { DumpTally } from './dump-tally.ts';

interface Peeked {
  id: string;
  text: string;
  family: Family;
  outline: SaveOutline;
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
  peeked = { id, text, family, outline };
  return summarize(id, text, family, outline);
}

export function forgetOutline(): void {
  peeked = null;
}

const get = (id: string) => (peeked?.id === id ? peeked : null);

/** Parses the dump with only `rules` (rule indices, ascending) of tables `tables` left in. */
function parseOnly(p: Peeked, tables: number[], rules: number[], chains: string[] = []) {
  const text = outlineText(p.text, p.outline, tables, rules, chains);
  return parseRuleset(text, { format: 'save', family: p.family }).ruleset;
}

export function peekRows(id: string, table: string, chain: string): DumpRuleRow[] | null {
  const p = get(id);
  if (!p) return null;
  const ti = p.outline.tables.findIndex((t) => t.name === table);
  const c = p.outline.tables[ti]?.chains.find((x) => x.name === chain);
  if (!c) return null;
  const t = findTable(parseOnly(p, [ti], c.rules, [chain]), table);
  const parsed = t ? findChain(t, chain) : undefined;
  return parsed ? parsed.rules.map(row) : null;
}

/** The rule lines whose text holds `needle` (lower-cased), or every one with a quote or escape. */
function linesWith(p: Peeked, needle: string): number[] {
  const o = p.outline;
  // a comment's words are in its line as written unless the needle needs quoting or escaping
  const plain = !/["'\\]/.test(needle);
  const out: number[] = [];
  for (let r = 0; r < o.ruleStart.length; r++) {
    const line = p.text.slice(o.ruleStart[r], o.ruleEnd[r]);
    const lower = line.toLowerCase();
    if (lower.includes(needle) || !plain || line.includes('\\')) out.push(r);
  }
  return out;
}

export function peekSearch(id: string, q: DumpQuery): DumpSearchResult | null {
  const p = get(id);
  if (!p || q.mode === 'reach') return null;
  const o = p.outline;
  const limit = q.limit ?? SEARCH_LIMIT;
  const out: DumpSearchResult = { chains: [], chainTotal: 0, hits: [], total: 0, problem: null };
  const needle = q.query.trim().toLowerCase();
  if (needle === '') return out;
  // comment mode: the rules whose line has the words, parsed, then asked as the full search asks
  let commented: Set<number> | null = null;
  if (q.mode === 'comment') {
    commented = new Set();
    const candidates = linesWith(p, needle);
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
        const source = p.text.slice(o.ruleStart[r], o.ruleEnd[r]);
        const hit = commented ? commented.has(line) : source.toLowerCase().includes(needle);
        if (!hit) continue;
        out.total++;
        if (out.hits.length >= limit) continue;
        const packets = o.rulePackets[r]!;
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
