/**
 * Tests a packet against an ipset as the kernel's `-m set` does: the rule's src/dst flags pick,
 * per dimension, which side of the packet to take; a rule with fewer flags than the set has
 * dimensions never matches; a set with addresses matches only packets of its family (inet,
 * inet6). In a set with net
 * dimensions the most specific member that holds decides, so a `nomatch` member cuts an
 * exception out of a wider one; `--return-nomatch` turns that around (only a nomatch member then
 * matches). A list:set matches when one of its sets does, in order.
 */
import type { Host, IpSet, IpSetElement, IpSetMember } from './host.ts';
import { findIpSet } from './host.ts';
import { dimensionsOf } from './ipset-member.ts';
import { inPrefix } from './ipv4.ts';
import { hasPorts, type PacketState } from './packet.ts';

export interface SetQuery {
  flags: readonly ('src' | 'dst')[];
  returnNomatch: boolean;
}

export interface SetPacket {
  packet: PacketState;
  inIface: string | null;
  outIface: string | null;
  host: Host;
}

/** A found member, or false, or 'unknown' when the simulator cannot tell. */
export type SetAnswer = IpSetMember | false | 'unknown';

function elementHolds(e: IpSetElement, side: 'src' | 'dst', p: SetPacket): boolean | 'unknown' {
  const pk = p.packet;
  switch (e.kind) {
    case 'net':
      return inPrefix(side === 'src' ? pk.src : pk.dst, e.net);
    case 'port': {
      if (!hasPorts(pk.proto) || (e.proto !== null && pk.proto !== e.proto)) return false;
      const port = side === 'src' ? pk.sport : pk.dport;
      return port >= e.from && port <= e.to;
    }
    case 'iface':
      return (side === 'src' ? p.inIface : p.outIface) === e.name;
    case 'mark':
      return pk.mark === e.value;
    case 'mac':
      // only the source MAC is known, and only when the packet file gives it
      return side === 'src' && pk.srcMac !== undefined
        ? pk.srcMac.toLowerCase() === e.mac
        : 'unknown';
    case 'set':
      return false;
  }
}

/** The prefixes of the member's net dimensions, most specific first when compared. */
function specificity(m: IpSetMember, netDims: number[]): number[] {
  return netDims.map((i) => {
    const e = m.elements[i];
    return e?.kind === 'net' ? e.net.prefix : 128;
  });
}

function moreSpecific(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

function lookupMembers(set: IpSet, q: SetQuery, p: SetPacket): SetAnswer {
  const dims = dimensionsOf(set.type);
  const netDims = dims.flatMap((d, i) => (d === 'net' ? [i] : []));
  let best: IpSetMember | undefined;
  let bestRank: number[] = [];
  let unsure = false;
  for (const m of set.members) {
    if (m.unsupported) {
      unsure = true;
      continue;
    }
    let holds: boolean | 'unknown' = true;
    for (let i = 0; i < m.elements.length && holds !== false; i++) {
      const h = elementHolds(m.elements[i]!, q.flags[i]!, p);
      if (h !== true) holds = h;
    }
    if (holds === 'unknown') unsure = true;
    if (holds !== true) continue;
    const rank = specificity(m, netDims);
    if (!best || moreSpecific(rank, bestRank)) [best, bestRank] = [m, rank];
  }
  if (!best) return unsure ? 'unknown' : false;
  return best;
}

/** Whether the packet is in the set, by the rule's flags; undefined when the host lacks it. */
export function testSet(
  host: Host,
  name: string,
  q: SetQuery,
  p: SetPacket,
): { answer: SetAnswer; set: IpSet } | undefined {
  const set = findIpSet(host, name);
  if (!set) return undefined;
  // the kernel compares the family of a set that holds addresses with the packet's
  const v6 = typeof p.packet.dst === 'bigint';
  if ((set.family === 'inet6') !== v6 && holdsAddresses(set.type)) return { answer: false, set };
  if (set.type === 'list:set') return { answer: testList(set, q, p), set };
  if (q.flags.length < dimensionsOf(set.type).length) return { answer: false, set };
  const found = lookupMembers(set, q, p);
  if (found === false || found === 'unknown') return { answer: found, set };
  // a plain member with --return-nomatch, or a nomatch member without it, is no match
  return { answer: Boolean(found.nomatch) === q.returnNomatch ? found : false, set };
}

function holdsAddresses(type: IpSet['type']): boolean {
  const dims = dimensionsOf(type);
  return dims.includes('ip') || dims.includes('net');
}

function testList(set: IpSet, q: SetQuery, p: SetPacket): SetAnswer {
  let unsure = false;
  for (const m of set.members) {
    const e = m.elements[0];
    if (e?.kind !== 'set') continue;
    const r = testSet(p.host, e.name, q, p);
    if (!r || r.answer === 'unknown') unsure = true;
    else if (r.answer !== false) return r.answer;
  }
  return unsure ? 'unknown' : false;
}
