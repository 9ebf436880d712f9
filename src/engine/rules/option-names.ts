/**
 * Long option names as iptables' getopt_long reads them: a name written in full is that option,
 * and a shorter prefix is the one option it begins, when it begins only one (`--dp` is --dport,
 * `--pro` is --protocol); a prefix that begins several (`--d`: --delete, --destination, …) is
 * refused. iptables' own options (its commands among them) are always in the table, before the
 * options of the modules the rule has loaded.
 */

/** iptables' own long options and the short option each is another name of. */
export const IPTABLES_LONG_OPTIONS: ReadonlyMap<string, string> = new Map([
  ['append', 'A'],
  ['check', 'C'],
  ['delete', 'D'],
  ['delete-chain', 'X'],
  ['insert', 'I'],
  ['replace', 'R'],
  ['list', 'L'],
  ['list-rules', 'S'],
  ['flush', 'F'],
  ['zero', 'Z'],
  ['new-chain', 'N'],
  ['rename-chain', 'E'],
  ['policy', 'P'],
  ['source', 's'],
  ['src', 's'],
  ['destination', 'd'],
  ['dst', 'd'],
  ['protocol', 'p'],
  ['in-interface', 'i'],
  ['jump', 'j'],
  ['table', 't'],
  ['match', 'm'],
  ['numeric', 'n'],
  ['out-interface', 'o'],
  ['verbose', 'v'],
  ['wait', 'w'],
  ['wait-interval', 'W'],
  ['exact', 'x'],
  ['fragments', 'f'],
  ['fragment', 'f'],
  ['version', 'V'],
  ['line-numbers', '0'],
  ['modprobe', 'M'],
  ['set-counters', 'c'],
  ['goto', 'g'],
  ['ipv4', '4'],
  ['ipv6', '6'],
]);

/** One long option a written name may stand for; options with the same `key` are one option. */
export interface LongOption<K> {
  name: string;
  key: K;
}

export type Resolved<K> = { key: K; name: string } | { ambiguous: string[] } | undefined;

/**
 * The option a written long name (without its dashes) stands for among `options`, in the order
 * iptables' table holds them: an exact name first, else the one option the name is a prefix of.
 */
export function resolveLongOption<K>(
  written: string,
  options: readonly LongOption<K>[],
): Resolved<K> {
  for (const o of options) if (o.name === written) return o;
  const found: LongOption<K>[] = [];
  for (const o of options)
    if (o.name.startsWith(written) && !found.some((f) => f.key === o.key)) found.push(o);
  if (found.length === 1) return found[0];
  if (found.length > 1) return { ambiguous: found.map((o) => `--${o.name}`) };
  return undefined;
}
