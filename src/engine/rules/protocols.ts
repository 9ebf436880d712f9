/**
 * Protocol names as iptables knows them. iptables prints these names and falls back to the
 * number for anything else.
 */
import type { Family } from './model.ts';

const BY_NAME: Readonly<Record<string, number>> = {
  all: 0,
  icmp: 1,
  igmp: 2,
  tcp: 6,
  udp: 17,
  ipv6: 41,
  gre: 47,
  esp: 50,
  ah: 51,
  icmpv6: 58,
  'ipv6-icmp': 58,
  ospf: 89,
  pim: 103,
  vrrp: 112,
  sctp: 132,
  mh: 135,
  udplite: 136,
};

/** Names iptables-save prints; other numbers print as numbers. */
const PRINTED: ReadonlyMap<number, string> = new Map([
  [1, 'icmp'],
  [6, 'tcp'],
  [17, 'udp'],
  [50, 'esp'],
  [51, 'ah'],
  [58, 'ipv6-icmp'],
  [132, 'sctp'],
  [135, 'mh'],
  [136, 'udplite'],
]);

/** Lower-case canonical name, a decimal number, or 'all'; undefined when unknown. */
export function normalizeProtocol(text: string, _family: Family): string | undefined {
  const lower = text.toLowerCase();
  let num = BY_NAME[lower];
  if (num === undefined) {
    if (!/^[0-9]{1,3}$/.test(lower)) return undefined;
    num = Number(lower);
    if (num > 255) return undefined;
  }
  if (num === 0) return 'all';
  return PRINTED.get(num) ?? String(num);
}

export function protocolNumber(name: string): number | undefined {
  const n = BY_NAME[name];
  if (n !== undefined) return n;
  return /^[0-9]+$/.test(name) ? Number(name) : undefined;
}
