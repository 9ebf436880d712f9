/**
 * What a match asks of the host beyond the packet, answered as the kernel's own subsystems
 * answer it: the address type addrtype sees (inet_dev_addr_type). run.ts puts it on the
 * evaluation context (ipset's membership test is ipset-lookup.ts).
 */
import { isBroadcastAddress, isLocalAddress, type Host } from './host.ts';
import type { Addr } from './ipv4.ts';
import { lookupRoute } from './routing.ts';

export function addressType(host: Host, addr: Addr, iface?: string): string {
  if (typeof addr === 'bigint') {
    if (addr === 0n) return 'UNSPEC';
    if (addr >> 120n === 0xffn) return 'MULTICAST';
    if (isLocalAddress(host, addr, iface)) return 'LOCAL';
    return lookupRoute(host, addr).kind === 'unreachable' ? 'UNREACHABLE' : 'UNICAST';
  }
  if (addr >>> 24 === 0 || addr === 0xffffffff) return 'BROADCAST';
  if (addr >>> 28 === 0xe) return 'MULTICAST';
  if (isLocalAddress(host, addr, iface)) return 'LOCAL';
  if (isBroadcastAddress(host, addr, iface)) return 'BROADCAST';
  return 'UNICAST';
}
