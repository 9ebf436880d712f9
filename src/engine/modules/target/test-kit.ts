/**
 * Helpers for the target tests beside this file: run a fixture through the real parser and
 * printer, and cut the trailing column out of what `iptables -L -n -v` printed for it.
 */
import { type Family, parseRuleset, printSave } from '../../rules/index.ts';
import { registry } from '../registry.ts';
import type { Lang } from '../../lang.ts';

export function load(text: string, family: Family = 'ipv4') {
  return parseRuleset(text, { format: 'save', family });
}

/** The fixture as our printer writes it back in iptables-save form. */
export function printed(text: string, family: Family = 'ipv4'): string {
  return printSave(load(text, family).ruleset);
}

/** Every diagnostic, reduced to what tests assert: code, severity and position. */
export function problems(text: string, family: Family = 'ipv4') {
  return load(text, family).diagnostics.map((d) => ({
    code: d.code,
    severity: d.severity,
    line: d.line,
    column: d.column,
  }));
}

/** The parsed target of every rule, in dump order. */
export function targets(text: string, family: Family = 'ipv4') {
  const out = [];
  for (const t of load(text, family).ruleset.tables)
    for (const c of t.chains) for (const r of c.rules) if (r.target) out.push(r.target);
  return out;
}

/** What each rule's target module shows in the `-L` trailing column. */
export function listed(text: string, family: Family = 'ipv4'): string[] {
  return targets(text, family).map(
    (t) => registry.targets.get(t.name)?.list(t.data) ?? `?${t.name}`,
  );
}

export function explained(text: string, lang: Lang, family: Family = 'ipv4'): string[] {
  return targets(text, family).map(
    (t) => registry.targets.get(t.name)?.explain(t.data, lang) ?? `?${t.name}`,
  );
}

/**
 * The trailing column of each rule line of `iptables -L -n -v` output: what follows the nine
 * fixed columns (pkts bytes target prot opt in out source destination).
 */
export function trailingColumns(listing: string): string[] {
  return listing
    .split('\n')
    .filter((l) => /^\s*\d+\s+\d+\s/.test(l))
    .map((l) => l.replace(/^\s*(\S+\s+){9}/, '').trimEnd());
}
