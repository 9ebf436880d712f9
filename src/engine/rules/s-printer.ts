/**
 * Prints a ruleset as `iptables -S` does, one block per table: `-P` for each built-in chain, `-N`
 * for each user chain, then every rule as `-A CHAIN …`. With counters it is `iptables -S -v`,
 * which puts `-c PACKETS BYTES` after the policy and between a rule's matches and its target.
 */
import type { Chain, Rule, Ruleset, Table } from './model.ts';
import { asWritten, coreWords, matchWords, targetWords } from './rule-printer.ts';

export interface SPrintOptions {
  /** `iptables -S -v`: counters on policies and rules */
  counters?: boolean;
  /** a `# iptables -t TABLE -S` line before each table, so the text says which table it is */
  headings?: boolean;
}

/** Built-in chains first, as iptables lists them, then user chains. */
export function listingOrder(table: Table): Chain[] {
  return [...table.chains.filter((c) => c.builtin), ...table.chains.filter((c) => !c.builtin)];
}

export function sRuleText(rule: Rule, counters: boolean): string {
  const words = [`-A`, rule.chain, ...coreWords(rule.core)];
  for (const m of rule.matches) words.push(...matchWords(m));
  if (counters) {
    const c = rule.counters ?? { packets: 0, bytes: 0 };
    words.push('-c', String(c.packets), String(c.bytes));
  }
  if (rule.target) words.push(...targetWords(rule.target));
  return words.join(' ');
}

export function printTableS(table: Table, opts: SPrintOptions = {}): string[] {
  const out: string[] = [];
  const chains = listingOrder(table);
  for (const c of chains) {
    if (!c.builtin) continue;
    const cnt = c.counters ?? { packets: 0, bytes: 0 };
    out.push(
      `-P ${c.name} ${c.policy ?? 'ACCEPT'}${opts.counters ? ` -c ${cnt.packets} ${cnt.bytes}` : ''}`,
    );
  }
  for (const c of chains) if (!c.builtin) out.push(`-N ${c.name}`);
  // a rule read with errors is printed as written, never with a part of it left out
  for (const c of chains)
    for (const r of c.rules) out.push(asWritten(r) ?? sRuleText(r, opts.counters === true));
  return out;
}

export function printS(ruleset: Ruleset, opts: SPrintOptions = {}): string {
  const out: string[] = [];
  for (const t of ruleset.tables) {
    if (opts.headings) out.push(`# iptables -t ${t.name} -S${opts.counters ? ' -v' : ''}`);
    out.push(...printTableS(t, opts));
  }
  return out.length ? `${out.join('\n')}\n` : '';
}
