/** Every code's Korean: its heading and the sentences its readers' values can build. */
import { firstOf, type Say } from './args.ts';
import { KO_CLUSTER } from './ko-cluster.ts';
import { KO_NETFILTER } from './ko-netfilter.ts';
import { KO_PACKET } from './ko-packet.ts';
import { KO_TITLES } from './ko-titles.ts';
import type { KoEntry } from './types.ts';

const SAYERS: readonly Record<string, Say>[] = [KO_CLUSTER, ...KO_NETFILTER, KO_PACKET];

function entry(code: string, title: string): KoEntry {
  const says = SAYERS.flatMap((t) => (Object.hasOwn(t, code) ? [t[code]!] : []));
  return says.length === 0 ? { title } : { title, say: firstOf(says) };
}

export const KO: Readonly<Record<string, KoEntry>> = Object.fromEntries(
  Object.entries(KO_TITLES).map(([code, title]) => [code, entry(code, title)]),
);
