/**
 * The options a question offers. A choice lists the lesson's own options; "which chain next?"
 * offers every chain the current chain can jump or go to in the learner's rules, plus leaving it
 * (`(return)` from a user chain, `(policy)` from a built-in one), so the options follow edits.
 */
import type { Env } from './env.ts';
import { findStep } from './pattern.ts';
import type { Ask, Pattern, Text } from './types.ts';

export const RETURN_OPTION = '(return)';
export const POLICY_OPTION = '(policy)';

const LEAVE_LABEL: Record<string, Text> = {
  [RETURN_OPTION]: {
    en: 'back to the calling chain (RETURN or the end)',
    ko: '호출한 체인으로 돌아가요 (RETURN 또는 끝)',
  },
  [POLICY_OPTION]: { en: "the chain's policy", ko: '체인의 정책(policy)' },
};

export function askOptions(env: Env, ask: Ask): { id: string; label: string | Text }[] {
  if (ask.kind === 'choice') return ask.options.map((o) => ({ id: o.id, label: o.label }));
  if (ask.kind !== 'nextChain') return [];
  return nextChainCandidates(env, ask.packet, ask.at).map((c) => ({
    id: c,
    label: LEAVE_LABEL[c] ?? c,
  }));
}

/** The chains the chain at `at` can go to next, in rule order, then the way out of it. */
export function nextChainCandidates(env: Env, packet: string, at: Pattern): string[] {
  const t = env.trace(packet);
  if (!t.ok) return [];
  const i = findStep(env, at, t.trace.steps);
  const step = t.trace.steps[i] as
    { kind: string; chain?: string; table?: string; target?: string } | undefined;
  if (!step) return [];
  const name = step.kind === 'jump' || step.kind === 'goto' ? step.target : step.chain;
  const on = env.rulesOn(env.nodeOf(packet));
  const chain = on?.ruleset.tables
    .find((x) => x.name === step.table)
    ?.chains.find((c) => c.name === name);
  if (!chain) return [];
  const out: string[] = [];
  for (const r of chain.rules)
    if ((r.target?.kind === 'jump' || r.target?.kind === 'goto') && !out.includes(r.target.name))
      out.push(r.target.name);
  out.push(chain.builtin ? POLICY_OPTION : RETURN_OPTION);
  return out;
}
