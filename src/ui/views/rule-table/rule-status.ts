/**
 * What the trace says about the rules of one chain up to the current step: which rule the
 * current step points at and how it went, and how every rule walked so far went (matched, or
 * the first part that failed).
 */
import type { FailedPart, TraceStep } from '../../../engine/netfilter/trace.ts';
import { ruleOf } from '../shared/steps.ts';

export type RuleOutcome = { matched: true } | { matched: false; failed: FailedPart | null };

export interface ChainStatus {
  /** the rule (1-based) the current step points at, if it is in this chain */
  currentRule: number | null;
  /** the current step passed over a run of rules at once (their -d excluded the packet) */
  currentRange: [number, number] | null;
  /** the current step applied this chain's policy */
  currentPolicy: boolean;
  /** the policy was applied at some step so far */
  policyApplied: 'ACCEPT' | 'DROP' | null;
  /** the last outcome of each rule walked so far */
  seen: Map<number, RuleOutcome>;
}

function outcomeOf(s: TraceStep): RuleOutcome | null {
  if (s.kind === 'rule')
    return s.matched ? { matched: true } : { matched: false, failed: s.failed ?? null };
  // a random branch not taken is reported by the rule step that follows it
  if (s.kind === 'random') return s.matched ? { matched: true } : null;
  if (s.kind === 'unknown-module')
    return s.assumed === 'nomatch' ? { matched: false, failed: null } : { matched: true };
  return { matched: true };
}

export function chainStatus(
  steps: readonly TraceStep[],
  current: number,
  table: string,
  chain: string,
): ChainStatus {
  const st: ChainStatus = {
    currentRule: null,
    currentRange: null,
    currentPolicy: false,
    policyApplied: null,
    seen: new Map(),
  };
  const last = Math.min(current, steps.length - 1);
  for (let i = 0; i <= last; i++) {
    const s = steps[i];
    if (!s) continue;
    if (s.kind === 'policy' && s.table === table && s.chain === chain) {
      st.policyApplied = s.verdict;
      if (i === last) st.currentPolicy = true;
      continue;
    }
    if (s.kind === 'skip' && s.table === table && s.chain === chain) {
      for (let r = s.from; r <= s.to; r++)
        st.seen.set(r, { matched: false, failed: { part: 'core', option: '-d' } });
      if (i === last) st.currentRange = [s.from, s.to];
      continue;
    }
    const ref = ruleOf(s);
    if (!ref || ref.table !== table || ref.chain !== chain) continue;
    const o = outcomeOf(s);
    // a later step about the same rule (jump after match) keeps what the rule step said
    if (o && (s.kind === 'rule' || s.kind === 'random' || !st.seen.has(ref.rule)))
      st.seen.set(ref.rule, o);
  }
  if (last >= 0) {
    const s = steps[last];
    const ref = s ? ruleOf(s) : null;
    if (ref && ref.table === table && ref.chain === chain) st.currentRule = ref.rule;
  }
  return st;
}
