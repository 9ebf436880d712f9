/**
 * The dumps the worker has parsed, kept under an id so that traces, chain rows and searches
 * name the dump instead of sending its 14 MB of text again. Only the last few are kept.
 */
import {
  parseRuleset,
  type Diagnostic,
  type ParseResult,
  type Rule,
  type Ruleset,
} from '../engine/rules/index.ts';
import { inferHost } from '../engine/netfilter/infer-host.ts';
import { setsNamedBy } from '../engine/netfilter/index.ts';
import type { DumpSummary, UnknownModule } from './dump-protocol.ts';
import { groupProblems } from './dump-problems.ts';
import { DumpTally } from './dump-tally.ts';
import { warmUpDumpText } from './dump-warm.ts';

export const DIAGNOSTICS_SHOWN = 200;
const KEEP = 2;

export interface LoadedDump {
  id: string;
  text: string;
  parsed: ParseResult;
  summary: DumpSummary;
  /** each problem group's rows in line order, by key */
  problemRows: Map<string, Diagnostic[]>;
}

const loaded = new Map<string, LoadedDump>();
let next = 1;

export function countLines(text: string): number {
  let n = text.length > 0 && !text.endsWith('\n') ? 1 : 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function unknownModules(ruleset: Ruleset): UnknownModule[] {
  const seen = new Map<string, UnknownModule>();
  const note = (name: string, kind: 'match' | 'target', rule: Rule) => {
    const k = `${kind}:${name}`;
    const u = seen.get(k);
    if (u) u.rules++;
    else seen.set(k, { name, kind, rules: 1, line: rule.span.line });
  };
  for (const t of ruleset.tables)
    for (const c of t.chains)
      for (const r of c.rules) {
        for (const m of r.matches) if (m.unknown) note(m.module, 'match', r);
        if (r.target?.unknown) note(r.target.name, 'target', r);
      }
  return [...seen.values()].sort((a, b) => a.line - b.line);
}

function countMacRules(ruleset: Ruleset): number {
  let n = 0;
  for (const t of ruleset.tables)
    for (const c of t.chains)
      for (const r of c.rules) if (r.matches.some((m) => m.module === 'mac')) n++;
  return n;
}

function summarize(
  id: string,
  text: string,
  parsed: ParseResult,
  parseMs: number,
): { summary: DumpSummary; problemRows: Map<string, Diagnostic[]> } {
  const { ruleset, diagnostics } = parsed;
  const tally = new DumpTally();
  const tables = ruleset.tables.map((t) =>
    tally.table(
      t.name,
      t.span.line,
      t.chains,
      (c) => ({
        name: c.name,
        builtin: c.builtin,
        policy: c.policy,
        line: c.span.line,
        rules: c.rules.length,
      }),
      (c, add) => {
        for (const r of c.rules) if (r.counters) add(r.counters.packets, r.counters.bytes);
      },
    ),
  );
  const { rules, chains, hasCounters, maxRulePackets, maxChainPackets } = tally;
  const sorted = [...diagnostics].sort((a, b) => a.line - b.line || a.column - b.column);
  const problems = groupProblems(sorted);
  const summary: DumpSummary = {
    id,
    partial: false,
    format: ruleset.format,
    family: ruleset.family,
    length: text.length,
    lines: countLines(text),
    rules,
    chains,
    parseMs,
    hasCounters,
    maxRulePackets,
    maxChainPackets,
    tables,
    diagnostics: sorted.slice(0, DIAGNOSTICS_SHOWN),
    problemGroups: problems.groups,
    diagnosticCount: diagnostics.length,
    errorCount: diagnostics.filter((d) => d.severity === 'error').length,
    unknownModules: unknownModules(ruleset),
    macRules: countMacRules(ruleset),
    setUses: setsNamedBy(ruleset).map((u) => ({
      name: u.name,
      rules: u.rules.length,
      line: u.rules[0]!.span.line,
    })),
    inferred: inferHost(ruleset),
  };
  return { summary, problemRows: problems.rows };
}

/** Parses `text` (or finds it parsed already) and keeps it. */
export function loadDump(
  text: string,
  onProgress?: (done: number, total: number) => void,
): LoadedDump {
  for (const d of loaded.values())
    if (d.text.length === text.length && d.text === text) {
      loaded.delete(d.id);
      loaded.set(d.id, d);
      return d;
    }
  const started = performance.now();
  const parsed = parseRuleset(text, onProgress ? { onProgress } : {});
  const parseMs = Math.round(performance.now() - started);
  const id = `dump-${next++}`;
  const d: LoadedDump = { id, text, parsed, ...summarize(id, text, parsed, parseMs) };
  loaded.set(id, d);
  while (loaded.size > KEEP) {
    const oldest = loaded.keys().next().value;
    if (oldest === undefined) break;
    loaded.delete(oldest);
  }
  return d;
}

export function loadedDump(id: string): LoadedDump | undefined {
  return loaded.get(id);
}

/** Parses and summarises a small made-up dump without keeping it; answers how long it took. */
export function warmUp(): number {
  const started = performance.now();
  const text = warmUpDumpText();
  summarize('warm-up', text, parseRuleset(text, { onProgress: () => {} }), 0);
  return Math.round(performance.now() - started);
}
