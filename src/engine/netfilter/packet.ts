/**
 * The packet a trace follows (DESIGN §4 packet file), and the working state the simulator
 * changes as NAT and MARK act on it. Addresses are numbers inside the engine and dotted text
 * in everything it shows.
 */
import { formatTcpFlagList, parseTcpFlagList } from '../modules/match/tcp.ts';
import { formatIPv4, parseIPv4 } from './ipv4.ts';

export type Proto = 'tcp' | 'udp' | 'icmp' | 'sctp';
export const PROTOS: readonly Proto[] = ['tcp', 'udp', 'icmp', 'sctp'];
export const PROTO_NUMBERS: Readonly<Record<Proto, number>> = {
  icmp: 1,
  tcp: 6,
  udp: 17,
  sctp: 132,
};

/** A packet as the user describes it (already checked by the reader). */
export interface Packet {
  proto: Proto;
  /** null for a locally generated packet whose source the routing decision picks */
  src: string | null;
  dst: string;
  /** null for ICMP */
  sport: number | null;
  dport: number | null;
  /** canonical flag list, e.g. `SYN` or `ACK,PSH`; null unless TCP */
  tcpFlags: string | null;
  icmpType: number | null;
  icmpCode: number | null;
  length: number;
  mark: number;
  /** the interface it arrives on; null when generated locally */
  in: string | null;
  local: boolean;
}

/** The packet as it is at a point of the trace (what each step shows). */
export interface PacketView {
  proto: Proto;
  src: string;
  sport: number | null;
  dst: string;
  dport: number | null;
  tcpFlags?: string;
  icmpType?: number;
  icmpCode?: number;
  length: number;
  mark: number;
}

/** The working packet: numbers for fast matching. */
export interface PacketState {
  proto: Proto;
  src: number;
  dst: number;
  sport: number;
  dport: number;
  tcpFlags: number;
  icmpType: number;
  icmpCode: number;
  length: number;
  mark: number;
}

export const TCP_FIN = 0x01;
export const TCP_SYN = 0x02;
export const TCP_RST = 0x04;
export const TCP_ACK = 0x10;

export function hasPorts(proto: Proto): boolean {
  return proto !== 'icmp';
}

export function defaultLength(proto: Proto): number {
  // an IPv4 header with the smallest transport header; a SYN usually carries 20 bytes of options
  return 20 + (proto === 'tcp' ? 40 : proto === 'sctp' ? 12 : 8);
}

export function toState(p: Packet, src: number): PacketState {
  return {
    proto: p.proto,
    src,
    dst: parseIPv4(p.dst) ?? 0,
    sport: p.sport ?? 0,
    dport: p.dport ?? 0,
    tcpFlags: p.tcpFlags ? (parseTcpFlagList(p.tcpFlags) ?? 0) : 0,
    icmpType: p.icmpType ?? 0,
    icmpCode: p.icmpCode ?? 0,
    length: p.length,
    mark: p.mark >>> 0,
  };
}

export function viewOf(s: PacketState): PacketView {
  const ports = hasPorts(s.proto);
  const v: PacketView = {
    proto: s.proto,
    src: formatIPv4(s.src),
    sport: ports ? s.sport : null,
    dst: formatIPv4(s.dst),
    dport: ports ? s.dport : null,
    length: s.length,
    mark: s.mark,
  };
  if (s.proto === 'tcp') v.tcpFlags = formatTcpFlagList(s.tcpFlags);
  if (s.proto === 'icmp') {
    v.icmpType = s.icmpType;
    v.icmpCode = s.icmpCode;
  }
  return v;
}

/** `tcp 10.0.0.1:40000 → 10.96.0.10:80` for messages. */
export function describePacket(s: PacketState): string {
  if (!hasPorts(s.proto)) return `${s.proto} ${formatIPv4(s.src)} → ${formatIPv4(s.dst)}`;
  return `${s.proto} ${formatIPv4(s.src)}:${s.sport} → ${formatIPv4(s.dst)}:${s.dport}`;
}
