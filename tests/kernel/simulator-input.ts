// The same packets as the simulator's packet file takes them (docs/formats.md), so a comparison
// test can hand one scenario to both sides: a packet sent from a peer or a pod namespace arrives
// on the host interface that namespace hangs off; one sent from "host" is generated locally.
import type { KernelPacket } from './sender.ts';
import type { TopologySpec } from './topology.ts';

export interface SimulatorPacket {
  in?: string;
  local?: true;
  proto: string;
  src: string;
  dst: string;
  sport?: number;
  dport?: number;
  tcpFlags?: string;
  mark?: number;
  length?: number;
  ttl?: number;
  tos?: number;
  icmpType?: number;
  icmpCode?: number;
}

/**
 * The host interface a packet from `role` arrives on, or null for the host itself. A pod's packet
 * arrives on its bridge port (vethpod1); netfilter sees the bridge (cni0) as its in interface and
 * the port as physdev-in, and the host file's `bridges` tells the simulator which bridge that is.
 */
export function arrivalInterface(spec: TopologySpec, role: string): string | null {
  if (role === 'host') return null;
  const uplink = spec.uplinks.find((u) => u.peer.name === role);
  if (uplink) return uplink.ifname;
  for (const bridge of spec.bridges) {
    const pod = bridge.pods.find((p) => p.name === role);
    if (pod) return pod.hostIfname;
  }
  throw new Error(`unknown role ${role}`);
}

export function toSimulatorPacket(spec: TopologySpec, packet: KernelPacket): SimulatorPacket {
  const arrival = arrivalInterface(spec, packet.from);
  const out: SimulatorPacket = {
    ...(arrival === null ? { local: true as const } : { in: arrival }),
    proto: packet.proto,
    src: packet.src,
    dst: packet.dst,
  };
  if (packet.sport !== undefined) out.sport = packet.sport;
  if (packet.dport !== undefined) out.dport = packet.dport;
  if (packet.proto === 'tcp') out.tcpFlags = packet.tcpFlags ?? 'SYN';
  if (packet.proto === 'icmp' || packet.proto === 'icmpv6') {
    out.icmpType = packet.icmpType ?? (packet.proto === 'icmp' ? 8 : 128);
    out.icmpCode = packet.icmpCode ?? 0;
  }
  // Only a local packet can carry a mark: the kernel clears it when a packet changes namespace.
  if (packet.mark !== undefined && arrival === null) out.mark = packet.mark;
  if (packet.length !== undefined) out.length = packet.length;
  if (packet.ttl !== undefined) out.ttl = packet.ttl;
  if (packet.tos !== undefined) out.tos = packet.tos;
  return out;
}
