/** What a CNI adds to a node's rules for NetworkPolicy: plain data the ruleset builder merges. */
import type { IpSet } from '../../netfilter/host.ts';
import type { TableName } from '../../rules/index.ts';
import type { RuleProvenance } from '../node/provenance.ts';

export interface CniRule {
  table: TableName;
  chain: string;
  /** restore words after `-A CHAIN` */
  args: string[];
  prov: RuleProvenance;
}

export interface CniRules {
  /** the chains the CNI declares, per table */
  chains: Map<TableName, Set<string>>;
  /** rules at the top of built-in chains, in the order they end up */
  top: CniRule[];
  /** rules at the bottom of built-in chains */
  bottom: CniRule[];
  /** the CNI chains' rules, each chain's in order */
  rules: CniRule[];
  /** the ipsets the rules name, with their members */
  ipsets: IpSet[];
}

export function emptyCniRules(): CniRules {
  return { chains: new Map(), top: [], bottom: [], rules: [], ipsets: [] };
}

export function declareChain(out: CniRules, table: TableName, chain: string): void {
  let set = out.chains.get(table);
  if (!set) out.chains.set(table, (set = new Set()));
  set.add(chain);
}
