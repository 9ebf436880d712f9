/**
 * What a match asks of the host beyond the packet, answered as the kernel's own subsystems
 * answer it: the address type addrtype sees (inet_dev_addr_type) and ipset's membership test
 * for `-m set`. run.ts puts these on the evaluation context.
 */
import { hasPorts } from '../modules/evaluate.ts';
import {
  isBroadcastAddress,
  isLocalAddress,
  type Host,
  type IpSet,
  type IpSetElement,
} from './host.ts';
import { inPrefix } from './ipv4.ts';
import type { PacketState } from './packet.ts';

export function addressType(host: Host, addr: number, iface?: string): string {
  if (addr >>> 24 === 0 || addr === 0xffffffff) return 'BROADCAST';
  if (addr >>> 28 === 0xe) return 'MULTICAST';
  if (isLocalAddress(host, addr, iface)) return 'LOCAL';
  if (isBroadcastAddress(host, addr, iface)) return 'BROADCAST';
  return 'UNICAST';
}

/** The interfaces a packet has at a hook, for an ipset's interface elements. */
export interface PacketIfaces {
  readonly inIface: string | null;
  readonly outIface: string | null;
}

function elementHolds(
  e: IpSetElement,
  side: 'src' | 'dst',
  p: PacketState,
  io: PacketIfaces,
): boolean {
  switch (e.kind) {
    case 'net':
      return inPrefix(side === 'src' ? p.src : p.dst, e.net);
    case 'port': {
      if (!hasPorts(p.proto) || p.proto !== e.proto) return false;
      const port = side === 'src' ? p.sport : p.dport;
      return port >= e.from && port <= e.to;
    }
    case 'iface':
      return (side === 'src' ? io.inIface : io.outIface) === e.name;
    case 'mark':
      return p.mark === e.value;
  }
}

/** Whether a member of the set holds for the packet, one direction flag per dimension. */
export function inIpSet(
  set: IpSet,
  flags: readonly ('src' | 'dst')[],
  p: PacketState,
  io: PacketIfaces,
): boolean {
  return set.members.some((m) => {
    // fewer flags than dimensions: the kernel uses the first flags only and ignores the rest of the type
    if (flags.length < m.length) return false;
    return m.every((e, i) => elementHolds(e, flags[i]!, p, io));
  });
}
