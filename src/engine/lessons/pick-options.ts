/**
 * The choices of a "click the rule" question: every rule of the chains the step focuses on, in
 * the learner's own rules, labelled as written. The learner picks one; the runner's check, not
 * this list, decides which is right, so the list follows edits like the nextChain options do.
 */
import type { Env } from './env.ts';
import type { Focus } from './types.ts';

export interface PickOption {
  /** `table/chain/index`, the index counted from 1 as iptables numbers rules */
  id: string;
  label: string;
}

/** The rule a pick option's id names, or null when the id is not one. */
export function pickedRule(id: string): { table: string; chain: string; index: number } | null {
  const first = id.indexOf('/');
  const last = id.lastIndexOf('/');
  if (first <= 0 || last <= first + 1) return null;
  const index = Number(id.slice(last + 1));
  if (!Number.isInteger(index) || index < 1) return null;
  return { table: id.slice(0, first), chain: id.slice(first + 1, last), index };
}

export function pickOptions(env: Env, focus: readonly Focus[]): PickOption[] {
  const names = new Set(
    focus.flatMap((f) => ('chain' in f ? [f.chain] : 'rule' in f ? [f.rule.chain] : [])),
  );
  const on = env.rulesOn();
  if (!on || names.size === 0) return [];
  const out: PickOption[] = [];
  for (const table of on.ruleset.tables)
    for (const chain of table.chains) {
      if (!names.has(chain.name)) continue;
      chain.rules.forEach((rule, i) =>
        out.push({ id: `${table.name}/${chain.name}/${i + 1}`, label: rule.source.trim() }),
      );
    }
  return out;
}
