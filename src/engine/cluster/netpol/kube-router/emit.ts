/** Writes kube-router's rules, as iptables-save prints them, into a CniRules. */
import type { RuleProvenance } from '../../node/provenance.ts';
import { declareChain, type CniRule, type CniRules } from '../cni-rules.ts';

export interface Entry {
  /** restore words after `-A CHAIN`, in the order iptables-save prints them */
  args: string[];
  prov: RuleProvenance;
}

export type Place = 'chain' | 'top' | 'bottom';

export function emit(
  out: CniRules,
  chain: string,
  entries: readonly Entry[],
  place: Place = 'chain',
): void {
  if (place === 'chain') declareChain(out, 'filter', chain);
  const list: CniRule[] = place === 'top' ? out.top : place === 'bottom' ? out.bottom : out.rules;
  for (const e of entries) list.push({ table: 'filter', chain, args: e.args, prov: e.prov });
}

export function krProv(
  role: RuleProvenance['role'],
  extra: Partial<RuleProvenance> = {},
): RuleProvenance {
  return { writer: 'kube-router', role, sources: [], ...extra };
}

export const quoted = (s: string): string => `"${s}"`;
export const comment = (s: string): string[] => ['-m', 'comment', '--comment', quoted(s)];

/** The mark a policy (or the default chain) sets on what it allows, checked by the pod chain. */
export const POLICY_MARK = '0x10000/0x10000';
/** The mark a pod chain sets on what passed it, accepted at the end of the built-in chain. */
export const PASSED_MARK = '0x20000/0x20000';
export const setMark = (mark: string): string[] => ['-j', 'MARK', '--set-xmark', mark];
export const hasMark = (mark: string): string[] => ['-m', 'mark', '--mark', mark];
export const lacksMark = (mark: string): string[] => ['-m', 'mark', '!', '--mark', mark];

/** NFLOG group kube-router logs dropped packets to, and its default rate. */
export const NFLOG = (prefix: string | null): string[] => [
  '-j',
  'NFLOG',
  ...(prefix === null ? [] : ['--nflog-prefix', quoted(prefix)]),
  '--nflog-group',
  '100',
];
export const LOG_LIMIT = ['-m', 'limit', '--limit', '10/min', '--limit-burst', '10'];
