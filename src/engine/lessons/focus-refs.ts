/**
 * A step's focus may name a hashed chain by a ref (`{chain: svc}`, `{rule: {chain: svc, index:
 * 2}}`), as patterns and texts do; the view lights chains by their real names, so the focus the
 * UI receives carries the name the learner's own scenario gives the chain.
 */
import type { Env } from './env.ts';
import { chainName } from './refs.ts';
import type { Focus } from './types.ts';

export function resolveFocus(env: Env, focus: readonly Focus[]): Focus[] {
  return focus.map((f) => {
    if ('chain' in f) return { chain: chainName(env, f.chain) };
    if ('rule' in f) return { rule: { ...f.rule, chain: chainName(env, f.rule.chain) } };
    return f;
  });
}
