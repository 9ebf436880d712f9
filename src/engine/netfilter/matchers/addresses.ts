/** Address matches: iprange, addrtype (from the host's local table) and ipset membership. */
import { parseIPv4, type Negatable } from '../../rules/index.ts';
import type { AddrtypeData } from '../../modules/match/addrtype.ts';
import type { AddressRange, IprangeData } from '../../modules/match/iprange.ts';
import type { SetData } from '../../modules/match/set.ts';
import {
  findIpSet,
  isBroadcastAddress,
  isLocalAddress,
  type Host,
  type IpSetElement,
} from '../host.ts';
import { inPrefix } from '../ipv4.ts';
import { hasPorts } from '../packet.ts';
import { held, matchEval, type EvalContext } from './types.ts';

function rangeHolds(addr: number, r: Negatable<AddressRange> | undefined): boolean {
  if (!r) return true;
  const from = parseIPv4(r.value.from) ?? 0;
  const to = parseIPv4(r.value.to) ?? 0;
  return (addr >= from && addr <= to) !== r.negated;
}

export const iprangeEval = matchEval<IprangeData>((d, ctx) =>
  held(rangeHolds(ctx.packet.src, d.src) && rangeHolds(ctx.packet.dst, d.dst)),
);

/**
 * The kernel's address type (inet_addr_type): 0.0.0.0/8 and 255.255.255.255 are BROADCAST,
 * 224.0.0.0/4 MULTICAST, then the local table decides LOCAL or BROADCAST, and everything else is
 * UNICAST. With --limit-iface-in/out only that interface's addresses count.
 */
export function addressType(host: Host, addr: number, iface?: string): string {
  if (addr >>> 24 === 0 || addr === 0xffffffff) return 'BROADCAST';
  if (addr >>> 28 === 0xe) return 'MULTICAST';
  if (isLocalAddress(host, addr, iface)) return 'LOCAL';
  if (isBroadcastAddress(host, addr, iface)) return 'BROADCAST';
  return 'UNICAST';
}

export const addrtypeEval = matchEval<AddrtypeData>((d, ctx) => {
  let iface: string | undefined;
  if (d.limitIface) {
    const dev = d.limitIface === 'in' ? ctx.inIface : ctx.outIface;
    if (dev === null) return 'nomatch';
    iface = dev;
  }
  const test = (addr: number, t: Negatable<string[]> | undefined) =>
    !t || t.value.includes(addressType(ctx.host, addr, iface)) !== t.negated;
  return held(test(ctx.packet.src, d.src) && test(ctx.packet.dst, d.dst));
});

function elementHolds(e: IpSetElement, side: 'src' | 'dst', ctx: EvalContext): boolean {
  const p = ctx.packet;
  switch (e.kind) {
    case 'net':
      return inPrefix(side === 'src' ? p.src : p.dst, e.net);
    case 'port': {
      if (!hasPorts(p.proto) || p.proto !== e.proto) return false;
      const port = side === 'src' ? p.sport : p.dport;
      return port >= e.from && port <= e.to;
    }
    case 'iface':
      return (side === 'src' ? ctx.inIface : ctx.outIface) === e.name;
    case 'mark':
      return p.mark === e.value;
  }
}

export const setEval = matchEval<SetData>((d, ctx) => {
  const set = findIpSet(ctx.host, d.name);
  // the kernel refuses a rule whose set does not exist; here the host file simply lacks it
  if (!set) return 'unknown';
  if (d.packets || d.bytes) return 'unknown';
  const found = set.members.some((m) => {
    // fewer flags than dimensions: the kernel uses the first flags only and ignores the rest of the type
    if (d.flags.length < m.length) return false;
    return m.every((e, i) => elementHolds(e, d.flags[i]!, ctx));
  });
  return held(found, d.negated);
});
