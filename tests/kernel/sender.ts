// Sends scenario packets with send_packet.py from the namespace of the packet's `from` role.
// TCP sequence numbers follow one textbook connection unless given, so conntrack's window
// tracking accepts a SYN, the SYN-ACK reply, and the client's ACK in that order.
import { fileURLToPath } from 'node:url';
import { runIn } from './run.ts';

export interface KernelPacket {
  /** Role whose namespace sends it: "host" (a local process: OUTPUT path), "peer", "pod1" … */
  from: string;
  /** icmpv6 for an IPv6 packet (icmpType 128 is an echo request) */
  proto: 'tcp' | 'udp' | 'icmp' | 'icmpv6';
  src: string;
  dst: string;
  sport?: number;
  dport?: number;
  /** Comma-separated, e.g. "SYN", "SYN,ACK", "ACK". Default SYN. */
  tcpFlags?: string;
  /** Sent by the server side of the connection (sets the default seq/ack of non-SYN packets). */
  reply?: boolean;
  seq?: number;
  ack?: number;
  icmpType?: number;
  icmpCode?: number;
  icmpId?: number;
  icmpSeq?: number;
  /** Total IP length in bytes (payload padded with zeros). */
  length?: number;
  /**
   * The IP header's time to live (default 64) and TOS byte (default 0); of an IPv6 packet, its hop
   * limit and traffic class.
   */
  ttl?: number;
  tos?: number;
  /**
   * skb mark via SO_MARK. Only meaningful from "host": a mark never crosses a namespace boundary
   * (the kernel scrubs it on the veth), so packets arriving from a peer always start with mark 0.
   */
  mark?: number;
  /** Leave by this interface (SO_BINDTODEVICE). */
  dev?: string;
}

export const CLIENT_ISN = 1000;
export const SERVER_ISN = 5000;

const SCRIPT = fileURLToPath(new URL('./send_packet.py', import.meta.url));

function tcpNumbers(packet: KernelPacket): { seq: number; ack: number } {
  const flags = (packet.tcpFlags ?? 'SYN')
    .toUpperCase()
    .split(',')
    .map((f) => f.trim());
  const syn = flags.includes('SYN');
  const ack = flags.includes('ACK');
  if (syn && !ack) return { seq: CLIENT_ISN, ack: 0 };
  if (syn && ack) return { seq: SERVER_ISN, ack: CLIENT_ISN + 1 };
  const seq = packet.reply ? SERVER_ISN + 1 : CLIENT_ISN + 1;
  const peerNext = packet.reply ? CLIENT_ISN + 1 : SERVER_ISN + 1;
  return { seq, ack: ack ? peerNext : 0 };
}

/** The JSON send_packet.py reads. */
export function wirePacket(packet: KernelPacket): Record<string, unknown> {
  const { from: _from, reply: _reply, tcpFlags, ...rest } = packet;
  const wire: Record<string, unknown> = { ...rest };
  if (packet.proto === 'tcp') {
    wire['flags'] = tcpFlags ?? 'SYN';
    const numbers = tcpNumbers(packet);
    wire['seq'] = packet.seq ?? numbers.seq;
    wire['ack'] = packet.ack ?? numbers.ack;
  }
  const icmp = packet.proto === 'icmp' || packet.proto === 'icmpv6';
  if (!icmp && (packet.sport === undefined || packet.dport === undefined)) {
    throw new Error(`${packet.proto} packet needs sport and dport`);
  }
  return wire;
}

export function sendPacket(ns: string, python: string, packet: KernelPacket): void {
  // -S: no site import, a faster start; the script needs only the standard library.
  runIn(ns, [python, '-S', SCRIPT, JSON.stringify(wirePacket(packet))]);
}
