/** Questions about a trace the views ask often: which steps point at a rule, what was live when. */
import type { Hook } from '../../../engine/netfilter/hooks.ts';
import type {
  ConntrackStep,
  HookEnterStep,
  RouteStep,
  TraceStep,
} from '../../../engine/netfilter/trace.ts';

/** The steps that name a rule of a chain (rule, jump, verdict, mark …), with the rule's index. */
export function ruleOf(s: TraceStep): { table: string; chain: string; rule: number } | null {
  switch (s.kind) {
    case 'rule':
    case 'jump':
    case 'goto':
    case 'verdict':
    case 'mark':
    case 'unknown-module':
    case 'random':
    case 'target':
    case 'jump-loop':
    case 'jump-depth':
      return { table: s.table, chain: s.chain, rule: s.rule };
    case 'return':
      return s.rule === null ? null : { table: s.table, chain: s.chain, rule: s.rule };
    case 'nat':
      return s.chain !== undefined && s.rule !== undefined
        ? { table: s.table, chain: s.chain, rule: s.rule }
        : null;
    case 'rewrite':
      return s.table !== undefined && s.chain !== undefined && s.rule !== undefined
        ? { table: s.table, chain: s.chain, rule: s.rule }
        : null;
    default:
      return null;
  }
}

/** The table a step happens in, if any. */
export function tableOf(s: TraceStep): string | null {
  return 'table' in s ? s.table : null;
}

export function hookOf(s: TraceStep): Hook {
  return s.hook;
}

/** The last step at or before `i` that satisfies `pred`. */
export function lastBefore<T extends TraceStep>(
  steps: readonly TraceStep[],
  i: number,
  pred: (s: TraceStep) => s is T,
): T | null {
  for (let k = Math.min(i, steps.length - 1); k >= 0; k--) {
    const s = steps[k];
    if (s && pred(s)) return s;
  }
  return null;
}

export const isHookEnter = (s: TraceStep): s is HookEnterStep => s.kind === 'hook-enter';
export const isRoute = (s: TraceStep): s is RouteStep => s.kind === 'route';
export const isConntrack = (s: TraceStep): s is ConntrackStep => s.kind === 'conntrack';
