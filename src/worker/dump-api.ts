/**
 * The dump half of the engine API (see dump-protocol.ts): parse and keep, then answer about the
 * kept dump by id: a chain's rows, a table's jumps, searches.
 */
import {
  parseIPv4,
  findChain,
  findTable,
  type Rule,
  ruleReach,
  type ReachProbe,
} from '../engine/rules/index.ts';
import { randomProbability } from '../engine/modules/match/statistic.ts';
import { readHost } from '../engine/netfilter/index.ts';
import { loadDump, loadedDump, warmUp } from './dump-cache.ts';
import { commentsOf, row, ruleText, SEARCH_LIMIT } from './dump-rows.ts';
import {
  forgetOutline,
  outlineDump,
  peekRows,
  peekSearch,
  prepareSearchSoon,
  warmUpOutline,
} from './dump-peek.ts';
import type {
  DumpApi,
  DumpJumps,
  DumpQuery,
  DumpSearchHit,
  DumpSearchResult,
} from './dump-protocol.ts';

function jumps(id: string, tableName: string): DumpJumps | null {
  const table = loadedDump(id)?.parsed.ruleset.tables.find((t) => t.name === tableName);
  if (!table) return null;
  const index = new Map(table.chains.map((c, i) => [c.name, i]));
  const from: number[] = [];
  const to: number[] = [];
  const rule: number[] = [];
  const go: number[] = [];
  const probability: number[] = [];
  table.chains.forEach((c, i) => {
    for (const r of c.rules) {
      const t = r.target;
      if (!t || (t.kind !== 'jump' && t.kind !== 'goto')) continue;
      const j = index.get(t.name);
      if (j === undefined) continue;
      from.push(i);
      to.push(j);
      rule.push(r.index);
      go.push(t.kind === 'goto' ? 1 : 0);
      probability.push(randomProbability(r.matches) ?? NaN);
    }
  });
  return {
    from: Int32Array.from(from),
    to: Int32Array.from(to),
    rule: Int32Array.from(rule),
    goto: Uint8Array.from(go),
    probability: Float64Array.from(probability),
  };
}

/** `10.0.0.1`, `10.0.0.1:80`, `:80` or `80` as a probe, or why not. */
export function readProbe(text: string): ReachProbe | string {
  const s = text.trim();
  if (s === '') return 'type an address, ADDRESS:PORT or a port';
  const colon = s.lastIndexOf(':');
  const addrText = colon < 0 ? (/^\d+$/.test(s) ? '' : s) : s.slice(0, colon);
  const portText = colon < 0 ? (/^\d+$/.test(s) ? s : '') : s.slice(colon + 1);
  const probe: ReachProbe = {};
  if (addrText !== '') {
    const a = parseIPv4(addrText);
    if (a === undefined) return `"${addrText}" is not an IPv4 address`;
    probe.address = a;
  }
  if (portText !== '') {
    const p = Number(portText);
    if (!/^\d+$/.test(portText) || p > 65535) return `"${portText}" is not a port (0-65535)`;
    probe.port = p;
  }
  return probe;
}

function search(id: string, q: DumpQuery): DumpSearchResult | null {
  const d = loadedDump(id);
  if (!d) return null;
  const limit = q.limit ?? SEARCH_LIMIT;
  const out: DumpSearchResult = { chains: [], chainTotal: 0, hits: [], total: 0, problem: null };
  const needle = q.query.trim().toLowerCase();
  if (needle === '') return out;
  let test: (r: Rule) => 'names' | 'open' | null;
  if (q.mode === 'reach') {
    const probe = readProbe(q.query);
    if (typeof probe === 'string') return { ...out, problem: probe };
    test = (r) => {
      const reach = ruleReach(r, probe);
      return reach === 'names' || (reach === 'open' && q.includeOpen) ? reach : null;
    };
  } else if (q.mode === 'comment') test = (r) => (commentsOf(r).includes(needle) ? 'names' : null);
  else test = (r) => (r.source.toLowerCase().includes(needle) ? 'names' : null);
  for (const t of d.parsed.ruleset.tables)
    for (const c of t.chains) {
      if (q.mode === 'text' && c.name.toLowerCase().includes(needle)) {
        out.chainTotal++;
        if (out.chains.length < limit)
          out.chains.push({
            table: t.name,
            name: c.name,
            rules: c.rules.length,
            line: c.span.line,
          });
      }
      for (const r of c.rules) {
        const hit = test(r);
        if (hit === null) continue;
        out.total++;
        if (out.hits.length >= limit) continue;
        const h: DumpSearchHit = {
          table: t.name,
          chain: c.name,
          index: r.index,
          line: r.span.line,
          text: ruleText(r),
          packets: r.counters?.packets ?? 0,
        };
        if (q.mode === 'reach') h.reach = hit;
        out.hits.push(h);
      }
    }
  return out;
}

export const dumpApi: DumpApi = {
  loadDump(text, onProgress) {
    return loadDump(text, onProgress).summary;
  },
  async loadDumpFile(file, onProgress) {
    return loadDump(await file.text(), onProgress).summary;
  },
  warmUpDumpParser: warmUp,
  outlineDump(text) {
    const outline = outlineDump(text);
    prepareSearchSoon();
    return outline;
  },
  async outlineDumpFile(file) {
    const text = await file.text();
    const outline = outlineDump(text);
    prepareSearchSoon();
    // with an outline the page reads the file itself, after showing it: the chain list does
    // not wait for the page to take in 15 MB
    return { outline, text: outline ? null : text };
  },
  peekRows,
  peekSearch,
  forgetOutline,
  warmUpOutline,
  dumpRows(id, table, chain) {
    const d = loadedDump(id);
    const t = d ? findTable(d.parsed.ruleset, table) : undefined;
    const c = t ? findChain(t, chain) : undefined;
    return c ? c.rules.map(row) : null;
  },
  dumpChain(id, table, chain) {
    const d = loadedDump(id);
    const t = d ? findTable(d.parsed.ruleset, table) : undefined;
    return (t && findChain(t, chain)) ?? null;
  },
  dumpJumps: jumps,
  searchDump: search,
  dumpProblems(id, key, from, to) {
    const d = loadedDump(id);
    return d ? (d.problemRows.get(key) ?? []).slice(from, to) : null;
  },
  checkHost(doc) {
    return readHost(doc).diagnostics;
  },
};
