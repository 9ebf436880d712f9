/**
 * The reply to a traced packet: it leaves the endpoint the first packet reached and comes back
 * toward the address that endpoint saw, arriving where the first packet left. Traced in the
 * same call, it meets the conntrack entry the first packet made and is un-NATed from it.
 */
import type { Host, TraceResult } from '../engine/netfilter/index.ts';
import { parseIPv4 } from '../engine/rules/index.ts';
import type { PacketInput } from './protocol.ts';

function replyFlags(first: PacketInput): string {
  const flags = (first.tcpFlags ?? 'SYN').split(',');
  return flags.includes('SYN') && !flags.includes('ACK') ? 'SYN,ACK' : 'ACK';
}

/** The bridge port (a pod's veth) behind which an address sits, if any. */
function portOf(host: Host, addr: string): string | undefined {
  const a = parseIPv4(addr);
  if (a === undefined) return undefined;
  for (const b of host.bridges) for (const p of b.ports) if (p.addresses.includes(a)) return p.name;
  return undefined;
}

/** The reply packet, or a reason why there is none. */
export function replyTo(
  first: PacketInput,
  result: TraceResult,
  host: Host,
): PacketInput | { none: string } {
  if (result.fate === 'dropped' || result.fate === 'rejected')
    return { none: `the first packet was ${result.fate}, so nothing answers it` };
  const r = result.packet;
  const reply: PacketInput = { proto: r.proto, src: r.dst, dst: r.src };
  if (r.dport !== null) reply.sport = r.dport;
  if (r.sport !== null) reply.dport = r.sport;
  if (r.proto === 'tcp') reply.tcpFlags = replyFlags(first);
  if (r.proto === 'icmp' || r.proto === 'icmpv6') {
    reply.icmpType = r.proto === 'icmp' ? 0 : 129; // echo reply
    reply.icmpCode = 0;
  }
  if (result.fate === 'local') {
    reply.local = true;
    return reply;
  }
  reply.in = portOf(host, r.dst) ?? result.outInterface ?? 'eth0';
  return reply;
}
