/**
 * Long options written shorter (`--dp`, `--pro`), as iptables' getopt_long reads them, among the
 * options of the modules a rule has open (rule-parser.ts): iptables' own options first, then the
 * modules' in the order given. Also how the rule reader names a word's option.
 */
import type { Token } from './tokenize.ts';
import type { AnyModule, OptionSpec } from '../modules/types.ts';
import { IPTABLES_LONG_OPTIONS, resolveLongOption, type LongOption } from './option-names.ts';
import { CORE_OPTIONS } from './core-options.ts';

/** What a prefix stands for, with the full name it was read as. */
export type PrefixFound<O> =
  | { kind: 'module'; owner: O; spec: OptionSpec; full: string }
  | { kind: 'core'; short: string; full: string }
  | { kind: 'ambiguous'; names: string[] }
  | { kind: 'not-rule'; full: string }
  | undefined;

/**
 * The option the long name `name` (without its dashes) is a prefix of, among iptables' own and
 * those of `modules` (the target first, then the matches from the last one back).
 */
export function findByPrefix<O extends { module: AnyModule | undefined }>(
  name: string,
  modules: readonly (O | undefined)[],
): PrefixFound<O> {
  type Key = string | { owner: O; spec: OptionSpec };
  const options: LongOption<Key>[] = [];
  for (const [long, short] of IPTABLES_LONG_OPTIONS) options.push({ name: long, key: short });
  for (const m of modules) {
    if (!m?.module) continue;
    for (const spec of m.module.options) {
      const key = { owner: m, spec };
      for (const n of [spec.name, ...(spec.aliases ?? [])]) options.push({ name: n, key });
    }
  }
  const found = resolveLongOption(name, options);
  if (found === undefined) return undefined;
  if ('ambiguous' in found) return { kind: 'ambiguous', names: found.ambiguous };
  if (typeof found.key !== 'string')
    return { kind: 'module', owner: found.key.owner, spec: found.key.spec, full: found.name };
  if (!CORE_OPTIONS.has(`-${found.key}`)) return { kind: 'not-rule', full: found.name };
  return { kind: 'core', short: found.key, full: found.name };
}

/**
 * The option name of a word such as `--dport` or `-x`, quoted or not (iptables-restore takes
 * quotes away before it reads a word), or undefined for a value.
 */
export function ruleOptionName(t: Token): string | undefined {
  const w = t.text;
  if (w.length < 2 || w.charCodeAt(0) !== 45 /* - */) return undefined;
  return w.charCodeAt(1) === 45 ? w.slice(2) : w.slice(1); // hot: no regex
}
