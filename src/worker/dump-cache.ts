/**
 * The dumps the worker has parsed, kept under an id so that traces, chain rows and searches
 * name the dump instead of sending its 14 MB of text again. Only the last few are kept.
 */
import { parseRuleset } from '../engine/rules/parse.ts';
import type { ParseResult, Rule, Ruleset } from '../engine/rules/model.ts';
import { inferHost } from '../engine/netfilter/infer-host.ts';
import type { DumpSummary, DumpTableSummary, UnknownModule } from './dump-protocol.ts';
import { warmUpDumpText } from './dump-warm.ts';

export const DIAGNOSTICS_SHOWN = 200;
const KEEP = 2;

export interface LoadedDump {
  id: string;
  text: string;
  parsed: ParseResult;
  summary: DumpSummary;
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

function summarize(id: string, text: string, parsed: ParseResult, parseMs: number): DumpSummary {
  const { ruleset, diagnostics } = parsed;
  let rules = 0;
  let chains = 0;
  let hasCounters = false;
  let maxRulePackets = 0;
  let maxChainPackets = 0;
  const tables: DumpTableSummary[] = ruleset.tables.map((t) => {
    const n = t.chains.length;
    const s: DumpTableSummary = {
      name: t.name,
      line: t.span.line,
      names: t.chains.map((c) => c.name),
      builtin: new Uint8Array(n),
      policies: {},
      rules: new Int32Array(n),
      packets: new Float64Array(n),
      bytes: new Float64Array(n),
      lines: new Int32Array(n),
    };
    t.chains.forEach((c, i) => {
      s.builtin[i] = c.builtin ? 1 : 0;
      if (c.builtin && c.policy) s.policies[c.name] = c.policy;
      s.rules[i] = c.rules.length;
      s.lines[i] = c.span.line;
      let packets = 0;
      let bytes = 0;
      for (const r of c.rules)
        if (r.counters) {
          hasCounters = true;
          packets += r.counters.packets;
          bytes += r.counters.bytes;
          if (r.counters.packets > maxRulePackets) maxRulePackets = r.counters.packets;
        }
      s.packets[i] = packets;
      s.bytes[i] = bytes;
      if (packets > maxChainPackets) maxChainPackets = packets;
      rules += c.rules.length;
    });
    chains += n;
    return s;
  });
  const sorted = [...diagnostics].sort((a, b) => a.line - b.line || a.column - b.column);
  return {
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
    diagnosticCount: diagnostics.length,
    errorCount: diagnostics.filter((d) => d.severity === 'error').length,
    unknownModules: unknownModules(ruleset),
    inferred: inferHost(ruleset),
  };
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
  const d: LoadedDump = { id, text, parsed, summary: summarize(id, text, parsed, parseMs) };
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
