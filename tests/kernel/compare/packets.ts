// Packet builders and topology tweaks shared by the comparison scenarios.
import type { KernelPacket } from '../scenario.ts';
import { defaultTopology, type TopologySpec } from '../topology.ts';

export const tcp = (
  from: string,
  src: string,
  dst: string,
  sport: number,
  dport: number,
  tcpFlags = 'SYN',
  reply = false,
): KernelPacket => ({
  from,
  proto: 'tcp',
  src,
  dst,
  sport,
  dport,
  tcpFlags,
  ...(reply ? { reply } : {}),
});

export const udp = (
  from: string,
  src: string,
  dst: string,
  sport: number,
  dport: number,
  extra: Partial<KernelPacket> = {},
): KernelPacket => ({ from, proto: 'udp', src, dst, sport, dport, ...extra });

export const icmp = (from: string, src: string, dst: string, icmpType = 8): KernelPacket => ({
  from,
  proto: 'icmp',
  src,
  dst,
  icmpType,
  icmpCode: 0,
});

/** The default lab with one change. */
export function topology(change: (spec: TopologySpec) => void): TopologySpec {
  const spec = defaultTopology();
  change(spec);
  return spec;
}

// Addresses of the default lab (tests/kernel/topology.ts).
export const HOST = '192.168.50.10';
export const CLIENT = '192.168.50.100';
export const POD1 = '10.244.1.5';
export const POD2 = '10.244.1.6';
export const CNI0 = '10.244.1.1';
export const OUTSIDE = '172.16.9.9';
export const SERVICE = '10.96.0.10';
