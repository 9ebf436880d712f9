/** Matches a lesson's Pattern against the steps of a trace. */
import type { TraceStep } from '../netfilter/index.ts';
import type { Env } from './env.ts';
import { chainName } from './refs.ts';
import type { Pattern } from './types.ts';

function field(step: TraceStep, key: string): unknown {
  return (step as unknown as Record<string, unknown>)[key];
}

function chainMatches(env: Env, want: string, got: unknown): boolean {
  if (typeof got !== 'string') return false;
  const name = chainName(env, want);
  return name.endsWith('*') ? got.startsWith(name.slice(0, -1)) : got === name;
}

export function stepMatches(env: Env, p: Pattern, step: TraceStep): boolean {
  if (p.kind !== undefined && step.kind !== p.kind) return false;
  if (p.hook !== undefined && field(step, 'hook') !== p.hook) return false;
  if (p.table !== undefined && field(step, 'table') !== p.table) return false;
  if (p.chain !== undefined && !chainMatches(env, p.chain, field(step, 'chain'))) return false;
  if (p.rule !== undefined && field(step, 'rule') !== p.rule) return false;
  if (p.target !== undefined) {
    const t = field(step, 'target');
    if (typeof t !== 'string' || !(t === p.target || chainMatches(env, p.target, t))) return false;
  }
  if (p.matched !== undefined && field(step, 'matched') !== p.matched) return false;
  if (p.verdict !== undefined && field(step, 'verdict') !== p.verdict) return false;
  return true;
}

/** The index of the step the pattern names (its `occurrence`, default the first), or -1. */
export function findStep(env: Env, p: Pattern, steps: readonly TraceStep[]): number {
  const hits: number[] = [];
  steps.forEach((s, i) => {
    if (stepMatches(env, p, s)) hits.push(i);
  });
  const n = p.occurrence ?? 1;
  const at = n < 0 ? hits[hits.length + n] : hits[n - 1];
  return at ?? -1;
}

/** A pattern as a learner-facing line: `nat KUBE-SERVICES → DNAT`. */
export function describePattern(env: Env, p: Pattern): string {
  const parts: string[] = [];
  if (p.hook) parts.push(p.hook);
  if (p.table) parts.push(p.table);
  if (p.chain) parts.push(chainName(env, p.chain));
  if (p.rule !== undefined) parts.push(`#${p.rule}`);
  if (p.kind) parts.push(`(${p.kind})`);
  if (p.target) parts.push(`→ ${chainName(env, p.target)}`);
  if (p.verdict) parts.push(p.verdict);
  if (p.matched !== undefined) parts.push(p.matched ? 'matched' : 'not matched');
  return parts.join(' ');
}
