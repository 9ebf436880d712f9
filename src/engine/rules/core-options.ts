/**
 * The words of a rule line that are iptables' own rather than a module's: the core options
 * (`-s`, `-p`, `-m`, `-j` …, short and long), which end a module's words, and the small readers
 * of words the rule reader (rule-parser.ts) and the fast reader (save-fast-path.ts) share.
 */
import type { SourceSpan } from './diagnostics.ts';
import type { Token } from './tokenize.ts';
import type { AnyModule, OptionSpec } from '../modules/types.ts';
import { textAt } from './text-at.ts';

export type CoreKey =
  | 'source'
  | 'destination'
  | 'inInterface'
  | 'outInterface'
  | 'protocol'
  | 'fragment'
  | 'match'
  | 'jump'
  | 'goto'
  | 'counters';

export const CORE_OPTIONS: ReadonlyMap<string, CoreKey> = new Map<string, CoreKey>([
  ['-s', 'source'],
  ['--source', 'source'],
  ['--src', 'source'],
  ['-d', 'destination'],
  ['--destination', 'destination'],
  ['--dst', 'destination'],
  ['-i', 'inInterface'],
  ['--in-interface', 'inInterface'],
  ['-o', 'outInterface'],
  ['--out-interface', 'outInterface'],
  ['-p', 'protocol'],
  ['--protocol', 'protocol'],
  ['-f', 'fragment'],
  ['--fragment', 'fragment'],
  ['-m', 'match'],
  ['--match', 'match'],
  ['-j', 'jump'],
  ['--jump', 'jump'],
  ['-g', 'goto'],
  ['--goto', 'goto'],
  ['-c', 'counters'],
  ['--set-counters', 'counters'],
]);

/**
 * Protocols whose match iptables loads by itself when one of its options is used after `-p`,
 * and that match's name (ip6tables loads icmp6 for ipv6-icmp).
 */
export const IMPLICIT_PROTOCOL_MATCHES: ReadonlyMap<string, string> = new Map([
  ['tcp', 'tcp'],
  ['udp', 'udp'],
  ['icmp', 'icmp'],
  ['sctp', 'sctp'],
  ['ipv6-icmp', 'icmp6'],
  ['udplite', 'udplite'],
]);

export function spanOf(line: number, from: Token, to: Token = from): SourceSpan {
  return { line, column: from.start + 1, endLine: line, endColumn: to.end + 1 };
}

export function findOption(mod: AnyModule, name: string): OptionSpec | undefined {
  for (const o of mod.options) if (o.name === name || o.aliases?.includes(name)) return o;
  return undefined;
}

export function isInterfaceName(s: string): boolean {
  // IFNAMSIZ is 16 with the NUL; `+` at the end is iptables' wildcard
  return s.length > 0 && s.length <= 15 && !/[\s/]/.test(s) && !s.slice(0, -1).includes('+');
}

// The long core options by length, to tell them from module options without making a string.
const LONG_CORE_OPTIONS: readonly (readonly string[])[] = (() => {
  const byLength: string[][] = [];
  for (const name of CORE_OPTIONS.keys())
    if (name.startsWith('--')) (byLength[name.length] ??= []).push(name);
  return Array.from(byLength, (names) => names ?? []);
})();

const SHORT_CORE_OPTIONS: ReadonlySet<number> = new Set(
  Array.from(CORE_OPTIONS.keys(), (name) => (name.length === 2 ? name.charCodeAt(1) : 0)),
);

/** Whether line[start, end) is a core option such as `-s`, `-m` or `--jump` (not a quoted word). */
export function isCoreOptionAt(line: string, start: number, end: number): boolean {
  if (line.charCodeAt(start) !== 45 /* - */) return false;
  const length = end - start;
  if (length === 2) return SHORT_CORE_OPTIONS.has(line.charCodeAt(start + 1));
  // a word longer than every long option (`--probability`): no read past the list's end, which
  // the first time costs every optimised function this is inlined into its code
  if (line.charCodeAt(start + 1) !== 45 || length >= LONG_CORE_OPTIONS.length) return false;
  for (const name of LONG_CORE_OPTIONS[length]!) if (textAt(line, start, name)) return true;
  return false;
}

export const isBang = (t: Token | undefined): boolean =>
  t !== undefined && t.text === '!' && !t.quoted;

/** The option name of a word such as `--dport` or `-x`, or undefined for a value. */
export function optionName(t: Token): string | undefined {
  const w = t.text;
  if (t.quoted || w.length < 2 || w.charCodeAt(0) !== 45 /* - */) return undefined;
  return w.charCodeAt(1) === 45 ? w.slice(2) : w.slice(1); // hot: no regex
}
