/**
 * Which sets a ruleset's `-m set` matches name, and which of those no ipset text or host file
 * defines: each missing set is one finding (at the first rule that names it, with how many rules
 * depend on it), not one per rule.
 */
import type { SetData } from '../modules/match/set.ts';
import type { Rule, Ruleset } from '../rules/index.ts';
import type { IpSet } from './host.ts';

export interface SetUse {
  name: string;
  /** every rule that names the set, in table and chain order */
  rules: Rule[];
}

export function setsNamedBy(ruleset: Ruleset): SetUse[] {
  const uses = new Map<string, SetUse>();
  for (const table of ruleset.tables)
    for (const chain of table.chains)
      for (const rule of chain.rules)
        for (const m of rule.matches) {
          if (m.module !== 'set' || m.unknown) continue;
          const name = (m.data as SetData).name;
          if (!name) continue;
          const use = uses.get(name) ?? { name, rules: [] };
          if (use.rules.at(-1) !== rule) use.rules.push(rule);
          uses.set(name, use);
        }
  return [...uses.values()];
}

/** The sets rules name that `sets` lacks, each once. */
export function missingSets(ruleset: Ruleset, sets: readonly Pick<IpSet, 'name'>[]): SetUse[] {
  const known = new Set(sets.map((s) => s.name));
  return setsNamedBy(ruleset).filter((u) => !known.has(u.name));
}

/** `set "X" is not defined: 3 rules depend on it` in words the CLI and the dump workspace share. */
export function describeMissingSet(use: SetUse): string {
  const n = use.rules.length;
  const who =
    n === 1
      ? 'the rule that names it depends on it, and its outcome is unknown'
      : `the ${n} rules that name it depend on it, and their outcome is unknown`;
  return `no ipset text defines set "${use.name}": ${who}`;
}
