/** Reads and writes the packet's rewritable fields by the name the trace gives them. */
import { TCP_CWR, TCP_ECE, type PacketState } from './packet.ts';
import type { RewriteField } from './trace.ts';

const TCP_ECN = TCP_ECE | TCP_CWR;

/** The field's value; an absent MSS option reads as -1, which no rewrite writes. */
export function readField(p: PacketState, field: RewriteField): number {
  switch (field) {
    case 'ttl':
      return p.ttl;
    case 'tos':
      return p.tos;
    case 'dscp':
      return p.tos >>> 2;
    case 'ecn':
      return p.tos & 0x03;
    case 'tcp-ecn':
      return p.tcpFlags & TCP_ECN;
    case 'mss':
      return p.mss ?? -1;
    case 'length':
      return p.length;
    case 'priority':
      return p.priority;
  }
}

export function writeField(p: PacketState, field: RewriteField, v: number): void {
  switch (field) {
    case 'ttl':
      p.ttl = v & 0xff;
      break;
    case 'tos':
      p.tos = v & 0xff;
      break;
    case 'dscp':
      p.tos = ((v & 0x3f) << 2) | (p.tos & 0x03);
      break;
    case 'ecn':
      p.tos = (p.tos & 0xfc) | (v & 0x03);
      break;
    case 'tcp-ecn':
      p.tcpFlags = (p.tcpFlags & ~TCP_ECN) | (v & TCP_ECN);
      break;
    case 'mss':
      p.mss = v;
      break;
    case 'length':
      p.length = v;
      break;
    case 'priority':
      p.priority = v >>> 0;
      break;
  }
}
