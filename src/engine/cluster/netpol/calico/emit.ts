/** Writes felix rules, hashed as felix hashes them, into a CniRules. */
import type { TableName } from '../../../rules/index.ts';
import type { RuleProvenance } from '../../node/provenance.ts';
import { declareChain, type CniRules } from '../cni-rules.ts';
import { chainWords, type FelixRule } from './felix.ts';

export interface Entry {
  rule: FelixRule;
  prov: RuleProvenance;
}

export type Place = 'chain' | 'top' | 'bottom';

/**
 * Rules of `chain`: a Calico chain (declared here), or a built-in chain's top or bottom. felix
 * hashes the rules it appends to a built-in chain as a chain named `<chain>*appends*`.
 */
export function emit(
  out: CniRules,
  table: TableName,
  chain: string,
  entries: readonly Entry[],
  place: Place = 'chain',
): void {
  if (place === 'chain') declareChain(out, table, chain);
  const seed = place === 'bottom' ? `${chain}*appends*` : chain;
  const words = chainWords(
    seed,
    entries.map((e) => e.rule),
  );
  const list = place === 'top' ? out.top : place === 'bottom' ? out.bottom : out.rules;
  entries.forEach((e, i) => list.push({ table, chain, args: words[i]!, prov: e.prov }));
}

export function calicoProv(
  role: RuleProvenance['role'],
  extra: Partial<RuleProvenance> = {},
): RuleProvenance {
  return { writer: 'calico', role, sources: [], ...extra };
}

export const jump = (chain: string): FelixRule['action'] => ({ kind: 'jump', chain });
export const goto = (chain: string): FelixRule['action'] => ({ kind: 'goto', chain });
export const setMark = (value: number, mask: number): FelixRule['action'] => ({
  kind: 'set-mark',
  value,
  mask,
});
