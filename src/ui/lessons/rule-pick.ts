/**
 * A "click the rule" question is answered where the rules are: a click (or Enter) on a row of
 * the rules view gives the rule's place to the runner, as the callout's list of the chain's
 * rules does for a keyboard or a phone. The rules view hears clicks only while a pick question
 * waits for its answer.
 */
import { useSession, type SessionState } from './session-store.ts';
import { answer } from './session.ts';

export interface PickedPlace {
  chain: string;
  index: number;
}

/** Whether the step on screen waits for a rule to be picked. */
export function picking(s: Pick<SessionState, 'screen' | 'step' | 'busy' | 'verdict'>): boolean {
  return s.screen === 'lesson' && s.step?.ask?.kind === 'pick' && !s.busy && !s.verdict?.pass;
}

function pickRule(table: string, rule: PickedPlace): void {
  void answer({ rule: { table, chain: rule.chain, index: rule.index } });
}

/** The rules view's pick handler during a pick question, else undefined (a click only pins). */
export function useRulePick(): ((table: string, rule: PickedPlace) => void) | undefined {
  return useSession(picking) ? pickRule : undefined;
}
