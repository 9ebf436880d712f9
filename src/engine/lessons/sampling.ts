/**
 * A sampling step: the learner sends N new connections and compares the histogram with the
 * exact shares. Both come from the engine (the sampled counts from one seeded random stream, so
 * the app, `lessons check` and a re-run agree), and the `sampled` check reads the same counts.
 */
import type { SampledOutcome } from '../netfilter/index.ts';
import { outcomeKey } from './env.ts';
import type { LoadedLesson } from './loaded.ts';
import type { Step } from './types.ts';

/** The seed a step samples with: its action's, else the scenario's, else 1. */
export function sampleSeed(loaded: LoadedLesson, step: Step | undefined): number {
  const action = step?.action;
  const own = typeof action === 'object' && 'sample' in action ? action.sample.seed : undefined;
  return own ?? loaded.lesson.scenario.seed ?? 1;
}

/** The sampled share of each place the packet ends (`address:port`), from the engine's counts. */
export function sampledShares(outcomes: readonly SampledOutcome[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of outcomes) {
    const key = outcomeKey(o);
    if (key !== null) out[key] = (out[key] ?? 0) + o.share;
  }
  return out;
}

/** The largest gap between a sampled share and its exact share, over every place either has. */
export function widestGap(sampled: Record<string, number>, exact: Record<string, number>): number {
  let gap = 0;
  for (const key of new Set([...Object.keys(sampled), ...Object.keys(exact)]))
    gap = Math.max(gap, Math.abs((sampled[key] ?? 0) - (exact[key] ?? 0)));
  return gap;
}

/** "10.244.1.5:8080 331, 10.244.2.4:8080 342, …": the counts as the learner reads them. */
export function countsText(outcomes: readonly SampledOutcome[]): string {
  return outcomes
    .map((o) => `${outcomeKey(o) ?? '?'} ${o.count}`)
    .sort()
    .join(', ');
}
