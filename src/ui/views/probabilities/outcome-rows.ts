/**
 * The rows of the probabilities view: each outcome of the all-paths result (usually an
 * endpoint) with its exact share, joined with the sampled histogram's count for the same
 * outcome. Two results are the same outcome when verdict, fate, interface, final packet and
 * reason agree (as the engine merges paths).
 */
import type { Outcome, SampledOutcome } from '../../../engine/netfilter/simulate.ts';
import type { TraceResult } from '../../../engine/netfilter/trace.ts';
import { addrPort, percent } from '../shared/format.ts';

export interface OutcomeRow {
  key: string;
  /** the endpoint (final destination) or the verdict when the packet did not get through */
  label: string;
  verdict: TraceResult['verdict'];
  exact: number;
  /** `1/4`, the engine's exact fraction */
  exactText: string;
  sampled: number | null;
  count: number | null;
}

export function outcomeKey(results: readonly TraceResult[]): string {
  return JSON.stringify(
    results.map((r) => [
      r.verdict,
      r.fate,
      r.outInterface,
      r.packet,
      r.reason ?? null,
      r.dependsOn ?? null,
    ]),
  );
}

/**
 * What a person calls the outcome: where the packet went, or what stopped it; for several
 * connections traced together, each one's, in order (`A → A`: the second followed the first).
 */
export function outcomeLabel(results: readonly TraceResult[]): string {
  if (results.length === 0) return '—';
  return results.map(oneLabel).join(' → ');
}

function oneLabel(r: TraceResult): string {
  const to = addrPort(r.packet.dst, r.packet.dport);
  if (r.verdict !== 'ACCEPT') return `${r.verdict}${r.reason ? ` (${r.reason})` : ''}`;
  return r.fate === 'local' ? `${to} (local)` : to;
}

function ipSortKey(label: string): string {
  // 10.42.0.43:8080 sorts by its numbers, not as text
  return label.replace(/\d+/g, (n) => n.padStart(5, '0'));
}

export function outcomeRows(
  outcomes: readonly Outcome[],
  samples: readonly SampledOutcome[] | undefined,
): { rows: OutcomeRow[]; runs: number } {
  const runs = samples?.reduce((n, s) => n + s.count, 0) ?? 0;
  const sampledBy = new Map<string, SampledOutcome>();
  for (const s of samples ?? []) sampledBy.set(outcomeKey(s.results), s);
  const rows: OutcomeRow[] = outcomes.map((o) => {
    const key = outcomeKey(o.results);
    const s = sampledBy.get(key);
    sampledBy.delete(key);
    return {
      key,
      label: outcomeLabel(o.results),
      verdict: o.results[o.results.length - 1]?.verdict ?? 'ACCEPT',
      exact: o.probability,
      exactText: o.exact,
      sampled: samples ? (s ? s.count / Math.max(1, runs) : 0) : null,
      count: samples ? (s?.count ?? 0) : null,
    };
  });
  // a sampled outcome the enumeration did not reach (it stopped early) still shows
  for (const [key, s] of sampledBy)
    rows.push({
      key,
      label: outcomeLabel(s.results),
      verdict: s.results[s.results.length - 1]?.verdict ?? 'ACCEPT',
      exact: Number.NaN,
      exactText: '?',
      sampled: s.count / Math.max(1, runs),
      count: s.count,
    });
  rows.sort((a, b) => (ipSortKey(a.label) < ipSortKey(b.label) ? -1 : 1));
  return { rows, runs };
}

export function shareText(p: number): string {
  return Number.isNaN(p) ? '?' : percent(p);
}

/**
 * Whether an exact share shows the kernel's rounding: statistic keeps its probability as
 * p × 2³¹ rounded to a whole number, so a share such as a third comes out as a fraction over a
 * power of two of at least 2³¹ (715827883/2147483648) rather than 1/3.
 */
export function isKernelRounded(exactText: string): boolean {
  const m = /^\d+\/(\d+)$/.exec(exactText);
  if (!m) return false;
  const d = BigInt(m[1]!);
  return d >= 2n ** 31n && (d & (d - 1n)) === 0n;
}
