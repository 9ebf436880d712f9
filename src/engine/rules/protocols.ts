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

/**
 * Names iptables-save prints: its own few, then the first name in /etc/protocols (Debian's
 * netbase), which iptables looks up for every other number. Read off the real iptables 1.8.9 by
 * loading `-p 1` … `-p 255`; numbers without a name print as numbers.
 */
const PRINTED: ReadonlyMap<number, string> = new Map([
  [1, 'icmp'],
  [2, 'igmp'],
  [3, 'ggp'],
  [4, 'ipencap'],
  [5, 'st'],
  [6, 'tcp'],
  [8, 'egp'],
  [9, 'igp'],
  [12, 'pup'],
  [17, 'udp'],
  [20, 'hmp'],
  [22, 'xns-idp'],
  [27, 'rdp'],
  [29, 'iso-tp4'],
  [33, 'dccp'],
  [36, 'xtp'],
  [37, 'ddp'],
  [38, 'idpr-cmtp'],
  [41, 'ipv6'],
  [43, 'ipv6-route'],
  [44, 'ipv6-frag'],
  [45, 'idrp'],
  [46, 'rsvp'],
  [47, 'gre'],
  [50, 'esp'],
  [51, 'ah'],
  [57, 'skip'],
  [58, 'ipv6-icmp'],
  [59, 'ipv6-nonxt'],
  [60, 'ipv6-opts'],
  [73, 'rspf'],
  [81, 'vmtp'],
  [88, 'eigrp'],
  [89, 'ospf'],
  [93, 'ax.25'],
  [94, 'ipip'],
  [97, 'etherip'],
  [98, 'encap'],
  [103, 'pim'],
  [108, 'ipcomp'],
  [112, 'vrrp'],
  [115, 'l2tp'],
  [124, 'isis'],
  [132, 'sctp'],
  [133, 'fc'],
  [135, 'mobility-header'],
  [136, 'udplite'],
  [137, 'mpls-in-ip'],
  [138, 'manet'],
  [139, 'hip'],
  [140, 'shim6'],
  [141, 'wesp'],
  [142, 'rohc'],
  [143, 'ethernet'],
]);

/** Every printed name is also accepted on input. */
const BY_PRINTED_NAME: ReadonlyMap<string, number> = new Map(
  [...PRINTED].map(([n, name]) => [name, n]),
);

/** Lower-case canonical name, a decimal number, or 'all'; undefined when unknown. Names are read
 * in any case, numbers in any base iptables reads. */
export function normalizeProtocol(text: string, _family: Family): string | undefined {
  const lower = text.toLowerCase();
  let num = BY_NAME[lower] ?? BY_PRINTED_NAME.get(lower);
  if (num === undefined) {
    // a number as strtoul reads it: `010` is octal, `0x2f` hex
    const m = /^\+?(?:0x([0-9a-f]+)|(0[0-7]*)|([1-9][0-9]*))$/.exec(lower);
    if (!m) return undefined;
    num =
      m[1] !== undefined
        ? parseInt(m[1], 16)
        : m[2] !== undefined
          ? parseInt(m[2], 8)
          : Number(m[3]);
    if (num > 255) return undefined;
  }
  if (num === 0) return 'all';
  return PRINTED.get(num) ?? String(num);
}

export function protocolNumber(name: string): number | undefined {
  const n = BY_NAME[name] ?? BY_PRINTED_NAME.get(name);
  if (n !== undefined) return n;
  return /^[0-9]+$/.test(name) ? Number(name) : undefined;
}
