/**
 * What the Host tab warns of: facts in the host (guessed or typed) that change traces in ways a
 * user would not see in the form. Each warning is data (a kind, the place in the host document
 * it is about, what it names); the UI words it. Two interfaces whose addresses overlap send one
 * of them no packets; a pod network guessed present or absent decides where packets to pods go.
 */
import type { HostDocument, HostGuess } from './infer-host.ts';
import { formatPrefix, inPrefix, networkOf, parsePrefix, type Ipv4Prefix } from './ipv4.ts';

export type HostWarning =
  | {
      kind: 'overlap';
      /** the later interface's addresses: the one a user most likely mistyped */
      path: string;
      a: { iface: string; address: string };
      b: { iface: string; address: string };
      /** the network both claim, and the interface packets to it leave by */
      net: string;
      winner: string;
    }
  | {
      kind: 'pod-network-guessed';
      path: string;
      iface: string;
      address: string;
      net: string;
      line: number | null;
    }
  | { kind: 'pod-network-absent'; path: 'interfaces'; uplink: string; line: number | null }
  | {
      kind: 'pod-network-routed';
      path: 'routes';
      pattern: string;
      cidr: string;
      uplink: string;
      line: number | null;
    };

interface Addr {
  iface: string;
  index: number;
  text: string;
  net: Ipv4Prefix;
}

function addressesOf(doc: HostDocument): Addr[] {
  const out: Addr[] = [];
  doc.interfaces.forEach((i, index) => {
    if (i.name === 'lo') return;
    for (const text of i.addresses) {
      const net = parsePrefix(text);
      if (net) out.push({ iface: i.name, index, text, net });
    }
  });
  return out;
}

function overlaps(all: Addr[]): HostWarning[] {
  const out: HostWarning[] = [];
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++) {
      const a = all[i]!;
      const b = all[j]!;
      if (a.index === b.index) continue;
      const narrow = a.net.prefix >= b.net.prefix ? a : b;
      const wide = narrow === a ? b : a;
      if (!inPrefix(networkOf(narrow.net), wide.net)) continue;
      // longest prefix wins; on equal prefixes the interface listed first (routing.ts)
      const winner = a.net.prefix === b.net.prefix ? a : narrow;
      out.push({
        kind: 'overlap',
        path: `interfaces[${b.index}].addresses`,
        a: { iface: a.iface, address: a.text },
        b: { iface: b.iface, address: b.text },
        net: formatPrefix({ address: networkOf(narrow.net), prefix: narrow.net.prefix }),
        winner: winner.iface,
      });
    }
  return out;
}

function uplinkOf(doc: HostDocument): string {
  return doc.routes.find((r) => r.to === 'default')?.dev ?? doc.interfaces[0]?.name ?? 'eth0';
}

function podWarnings(doc: HostDocument, guesses: readonly HostGuess[], all: Addr[]): HostWarning[] {
  const out: HostWarning[] = [];
  const guessed = new Set(guesses.map((g) => `${g.subject} ${g.value}`));
  // the user has typed an address of their own: the host is no longer only the guess
  const ownAddress = all.some((a) => !guessed.has(`${a.iface} ${a.text}`));
  for (const g of guesses) {
    if (g.kind === 'pod-cidr') {
      const k = doc.interfaces.findIndex((i) => i.name === g.subject);
      const net = parsePrefix(g.value);
      if (k < 0 || !net || !doc.interfaces[k]!.addresses.includes(g.value)) continue;
      out.push({
        kind: 'pod-network-guessed',
        path: `interfaces[${k}].addresses`,
        iface: g.subject,
        address: g.value,
        net: formatPrefix({ address: networkOf(net), prefix: net.prefix }),
        line: g.line,
      });
    } else if (g.kind === 'no-pod-network' && !ownAddress)
      out.push({
        kind: 'pod-network-absent',
        path: 'interfaces',
        uplink: uplinkOf(doc),
        line: g.line,
      });
    else if (g.kind === 'pod-cidr-routed' && !doc.routes.some((r) => r.dev.startsWith('cali')))
      out.push({
        kind: 'pod-network-routed',
        path: 'routes',
        pattern: g.subject,
        cidr: g.value,
        uplink: uplinkOf(doc),
        line: g.line,
      });
  }
  return out;
}

/** The warnings for `doc`, the host as it stands, given what was guessed of it. */
export function hostWarnings(doc: HostDocument, guesses: readonly HostGuess[]): HostWarning[] {
  const all = addressesOf(doc);
  return [...overlaps(all), ...podWarnings(doc, guesses, all)];
}
