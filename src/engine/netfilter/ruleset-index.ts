/**
 * What the simulator needs to know about a ruleset, computed once per ruleset: chains by name
 * per table, each rule's iptables-save text (only when a trace shows it), and whether
 * connection tracking is active at all.
 */
import {
  BUILTIN_CHAINS,
  isTableName,
  type Chain,
  type Rule,
  type Ruleset,
  type Table,
  ruleText,
} from '../rules/index.ts';
import { AUTO_MIN_RULES, buildChainIndex, type ChainIndex, type IndexMode } from './chain-index.ts';
import { compiledChain, type CompiledChain } from './compiled-rule.ts';
import type { Backend } from './host.ts';
import { CONNTRACK_MATCHES, CONNTRACK_TARGETS } from './matchers/index.ts';

export interface TableIndex {
  table: Table;
  chains: Map<string, Chain>;
}

export interface RulesetIndex {
  ruleset: Ruleset;
  tables: Map<string, TableIndex>;
  /**
   * Conntrack (and with it the nat table) runs only once something needs it: a NAT or CT
   * target, or a match on connection state. Otherwise nat chains are never walked.
   */
  conntrackActive: boolean;
  /** empty built-in chains legacy iptables has though the dump does not declare them */
  legacyEmpty: Map<string, Chain>;
  /** destination indexes, built the first time a walk enters the chain (null: none) */
  chainIndexes: { auto: Map<Chain, ChainIndex | null>; always: Map<Chain, ChainIndex | null> };
  /** each walked chain's compiled rules (compiled-rule.ts), filled in as walks reach them */
  compiled: Map<Chain, CompiledChain>;
}

const cache = new WeakMap<Ruleset, RulesetIndex>();

function usesConntrack(rule: Rule): boolean {
  if (rule.target && CONNTRACK_TARGETS.has(rule.target.name)) return true;
  return rule.matches.some((m) => CONNTRACK_MATCHES.has(m.module));
}

export function indexRuleset(ruleset: Ruleset): RulesetIndex {
  let idx = cache.get(ruleset);
  if (idx) return idx;
  const tables = new Map<string, TableIndex>();
  let conntrackActive = false;
  for (const table of ruleset.tables) {
    const chains = new Map<string, Chain>();
    for (const c of table.chains) {
      chains.set(c.name, c);
      if (!conntrackActive) conntrackActive = c.rules.some(usesConntrack);
    }
    tables.set(table.name, { table, chains });
  }
  idx = {
    ruleset,
    tables,
    conntrackActive,
    legacyEmpty: new Map(),
    chainIndexes: { auto: new Map(), always: new Map() },
    compiled: new Map(),
  };
  cache.set(ruleset, idx);
  return idx;
}

/**
 * The built-in chain of `table` for `hook`, if it takes part. Under iptables-nft only the
 * chains the dump declares exist; legacy ip_tables registers every built-in chain of a table
 * it loads, so an undeclared one is there with an ACCEPT policy and no rules.
 */
export function baseChain(
  idx: RulesetIndex,
  table: string,
  hook: string,
  backend: Backend,
): Chain | undefined {
  const t = idx.tables.get(table);
  if (!t) return undefined;
  const c = t.chains.get(hook);
  if (c) return c;
  if (backend === 'legacy' && isTableName(table) && BUILTIN_CHAINS[table].includes(hook)) {
    const key = `${table}/${hook}`;
    let empty = idx.legacyEmpty.get(key);
    if (!empty) {
      empty = { name: hook, builtin: true, policy: 'ACCEPT', rules: [], span: t.table.span };
      idx.legacyEmpty.set(key, empty);
    }
    return empty;
  }
  return undefined;
}

/** The chain's destination index for this mode ('auto' indexes long chains only). */
export function chainIndexOf(idx: RulesetIndex, chain: Chain, mode: IndexMode): ChainIndex | null {
  if (mode === 'off') return null;
  const cache = idx.chainIndexes[mode];
  let ci = cache.get(chain);
  if (ci === undefined) {
    ci = buildChainIndex(chain, mode === 'auto' ? AUTO_MIN_RULES : 1);
    cache.set(chain, ci);
  }
  return ci;
}

/** The chain's compiled rules, kept for the ruleset's lifetime. */
export function compiledRulesOf(idx: RulesetIndex, chain: Chain): CompiledChain {
  let c = idx.compiled.get(chain);
  if (!c) {
    c = compiledChain(chain);
    idx.compiled.set(chain, c);
  }
  return c;
}

const texts = new WeakMap<Rule, string>();

export function textOf(rule: Rule): string {
  let s = texts.get(rule);
  if (s === undefined) {
    s = ruleText(rule);
    texts.set(rule, s);
  }
  return s;
}
