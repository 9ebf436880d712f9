/** Address matches: iprange, addrtype (from the host's local table) and ipset membership. */
import { parseIPv4, type Negatable } from '../../rules/index.ts';
import type { AddrtypeData } from '../../modules/match/addrtype.ts';
import type { AddressRange, IprangeData } from '../../modules/match/iprange.ts';
import type { CounterTest, SetData } from '../../modules/match/set.ts';
import { isBroadcastAddress, isLocalAddress, type Host } from '../host.ts';
import { testSet } from '../ipset-lookup.ts';
import { held, matchEval } from './types.ts';

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

function counterHolds(count: string | undefined, t: CounterTest | undefined): boolean {
  if (!t) return true;
  const have = BigInt(count ?? '0');
  const want = BigInt(t.value);
  if (t.op === 'eq') return (have === want) !== t.negated;
  return t.op === 'lt' ? have < want : have > want;
}

export const setEval = matchEval<SetData>((d, ctx) => {
  const r = testSet(
    ctx.host,
    d.name,
    { flags: d.flags, returnNomatch: d.returnNomatch === true },
    ctx,
  );
  // the kernel refuses a rule whose set does not exist; here no text defined it
  if (!r || r.answer === 'unknown') return 'unknown';
  let found = r.answer !== false;
  // counters are compared only on a member that has them (a set made with `counters`)
  if (r.answer !== false && r.answer.packets !== undefined)
    found = counterHolds(r.answer.packets, d.packets) && counterHolds(r.answer.bytes, d.bytes);
  return held(found, d.negated);
});
