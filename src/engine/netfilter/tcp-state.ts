/**
 * Conntrack's TCP state machine, reduced to what decides a packet's ctstate: which flag
 * combination moves a connection from one state to the next in each direction, and which
 * combinations are invalid (ctstate INVALID) or ignored. The transitions are the kernel's
 * (nf_conntrack_proto_tcp.c); window tracking is not modelled.
 */
import { TCP_ACK, TCP_FIN, TCP_RST, TCP_SYN } from './packet.ts';

export type TcpState =
  | 'NONE'
  | 'SYN_SENT'
  | 'SYN_RECV'
  | 'ESTABLISHED'
  | 'FIN_WAIT'
  | 'CLOSE_WAIT'
  | 'LAST_ACK'
  | 'TIME_WAIT'
  | 'CLOSE'
  | 'SYN_SENT2';

/** What the tracker does with a segment: move to a state, ignore it, or call it invalid. */
export type TcpNext = TcpState | 'IGNORE' | 'INVALID';

type FlagClass = 'syn' | 'synack' | 'fin' | 'ack' | 'rst' | 'none';

const COLUMNS: readonly TcpState[] = [
  'NONE',
  'SYN_SENT',
  'SYN_RECV',
  'ESTABLISHED',
  'FIN_WAIT',
  'CLOSE_WAIT',
  'LAST_ACK',
  'TIME_WAIT',
  'CLOSE',
  'SYN_SENT2',
];

// short names keep the table readable
const NO = 'NONE',
  SS = 'SYN_SENT',
  SR = 'SYN_RECV',
  ES = 'ESTABLISHED',
  FW = 'FIN_WAIT',
  CW = 'CLOSE_WAIT';
const LA = 'LAST_ACK',
  TW = 'TIME_WAIT',
  CL = 'CLOSE',
  S2 = 'SYN_SENT2',
  IV = 'INVALID',
  IG = 'IGNORE';
void NO;

/** [direction][flag class] → next state for each current state, in COLUMNS order. */
const TABLE: Record<'original' | 'reply', Record<FlagClass, readonly TcpNext[]>> = {
  original: {
    syn: [SS, SS, IG, IG, IG, IG, IG, SS, SS, S2],
    synack: [IV, IV, IG, IG, IG, IG, IG, IG, IG, SR],
    fin: [IV, IV, FW, FW, LA, LA, LA, TW, CL, IV],
    ack: [ES, IV, ES, ES, CW, CW, TW, TW, CL, IV],
    rst: [IV, CL, CL, CL, CL, CL, CL, CL, CL, CL],
    none: [IV, IV, IV, IV, IV, IV, IV, IV, IV, IV],
  },
  reply: {
    syn: [IV, S2, IV, IV, IV, IV, IV, IV, IV, S2],
    synack: [IV, SR, IG, IG, IG, IG, IG, IG, IG, SR],
    fin: [IV, IV, FW, FW, LA, LA, LA, TW, CL, IV],
    ack: [IV, IG, SR, ES, CW, CW, TW, TW, CL, IG],
    rst: [IV, CL, CL, CL, CL, CL, CL, CL, CL, CL],
    none: [IV, IV, IV, IV, IV, IV, IV, IV, IV, IV],
  },
};

function classOf(flags: number): FlagClass {
  if (flags & TCP_RST) return 'rst';
  if (flags & TCP_SYN) return flags & TCP_ACK ? 'synack' : 'syn';
  if (flags & TCP_FIN) return 'fin';
  if (flags & TCP_ACK) return 'ack';
  return 'none';
}

export function tcpNext(state: TcpState, dir: 'original' | 'reply', flags: number): TcpNext {
  return TABLE[dir][classOf(flags)][COLUMNS.indexOf(state)] ?? 'INVALID';
}

/**
 * Whether a segment with no conntrack entry starts one. A SYN does; with nf_conntrack_tcp_loose
 * (on by default) so does a bare ACK, picked up mid-stream as ESTABLISHED; anything else is
 * INVALID.
 */
export function tcpStart(flags: number): TcpState | null {
  const next = tcpNext('NONE', 'original', flags);
  return next === 'SYN_SENT' || next === 'ESTABLISHED' ? next : null;
}
