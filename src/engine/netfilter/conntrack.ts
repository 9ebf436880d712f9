/**
 * The connection tracking table. An entry holds the original tuple (the first packet as
 * conntrack saw it, before any NAT) and the reply tuple (what a reply looks like after NAT set
 * up its mapping). A packet is looked up by its own tuple: found as original it is NEW until a
 * reply has been seen, ESTABLISHED after; found as reply it is ESTABLISHED. A new entry is
 * confirmed (inserted) only when its first packet leaves the host or is delivered: a packet
 * dropped on the way leaves no entry behind.
 */
import { formatAddr, type Addr } from './ipv4.ts';
import { TCP_ACK, type PacketState, type Proto } from './packet.ts';
import { tcpNext, tcpStart, type TcpState } from './tcp-state.ts';
import type { ConntrackView, CtState } from './trace.ts';

export interface Tuple {
  proto: Proto;
  src: Addr;
  sport: number;
  dst: Addr;
  /** for ICMP and ICMPv6: the message type (conntrack keys ICMP by type and id; the id is not modelled) */
  dport: number;
}

export interface ConntrackEntry {
  id: number;
  original: Tuple;
  reply: Tuple;
  /** IPS_DST_NAT / IPS_SRC_NAT: a mapping that changes the tuple is set up */
  dnat: boolean;
  snat: boolean;
  /** the nat table was consulted for this kind of mapping (IPS_*_NAT_DONE): never again */
  dnatDone: boolean;
  snatDone: boolean;
  seenReply: boolean;
  assured: boolean;
  confirmed: boolean;
  tcpState: TcpState | null;
  /** the connection mark (CONNMARK, -m connmark) */
  mark: number;
}

export type Direction = 'original' | 'reply';

/** What conntrack attached to a packet. */
export interface CtAttachment {
  entry: ConntrackEntry | null;
  state: CtState;
  dir: Direction | null;
}

export const UNTRACKED: CtAttachment = { entry: null, state: 'UNTRACKED', dir: null };

/** ICMP requests and the replies they expect; only a request starts a connection. */
const ICMP_REPLY_OF: ReadonlyMap<number, number> = new Map([
  [8, 0],
  [13, 14],
  [15, 16],
  [17, 18],
]);
/** ICMP errors, which carry the header of the packet they are about (RELATED). */
const ICMP_ERRORS = new Set([3, 4, 5, 11, 12]);
/** ICMPv6's echo and node-information queries with their replies (nf_conntrack_proto_icmpv6). */
const ICMPV6_REPLY_OF: ReadonlyMap<number, number> = new Map([
  [128, 129],
  [139, 140],
]);

function replyTypes(proto: Proto): ReadonlyMap<number, number> {
  return proto === 'icmpv6' ? ICMPV6_REPLY_OF : ICMP_REPLY_OF;
}

/** ICMPv6 types below 128 are errors (destination unreachable, too big, time exceeded …). */
function isIcmpError(p: PacketState): boolean {
  if (p.proto === 'icmp') return ICMP_ERRORS.has(p.icmpType);
  return p.proto === 'icmpv6' && p.icmpType < 128;
}

export function tupleOf(p: PacketState): Tuple {
  if (p.proto === 'icmp' || p.proto === 'icmpv6')
    return { proto: p.proto, src: p.src, sport: 0, dst: p.dst, dport: p.icmpType };
  return { proto: p.proto, src: p.src, sport: p.sport, dst: p.dst, dport: p.dport };
}

export function invertTuple(t: Tuple): Tuple {
  if (t.proto === 'icmp' || t.proto === 'icmpv6')
    return {
      proto: t.proto,
      src: t.dst,
      sport: 0,
      dst: t.src,
      dport: replyTypes(t.proto).get(t.dport) ?? t.dport,
    };
  return { proto: t.proto, src: t.dst, sport: t.dport, dst: t.src, dport: t.sport };
}

export function tupleKey(t: Tuple): string {
  return `${t.proto}|${t.src}|${t.sport}|${t.dst}|${t.dport}`;
}

/** `conntrack -L` style: `src=10.0.0.1 dst=10.96.0.10 sport=40000 dport=80`. */
export function formatTuple(t: Tuple): string {
  const a = `src=${formatAddr(t.src)} dst=${formatAddr(t.dst)}`;
  return t.proto === 'icmp' || t.proto === 'icmpv6'
    ? `${a} type=${t.dport}`
    : `${a} sport=${t.sport} dport=${t.dport}`;
}

export function entryView(e: ConntrackEntry): ConntrackView {
  const status: string[] = [];
  if (e.seenReply) status.push('SEEN_REPLY');
  if (e.assured) status.push('ASSURED');
  if (e.confirmed) status.push('CONFIRMED');
  if (e.snat) status.push('SRC_NAT');
  if (e.dnat) status.push('DST_NAT');
  if (e.snatDone) status.push('SRC_NAT_DONE');
  if (e.dnatDone) status.push('DST_NAT_DONE');
  const v: ConntrackView = {
    id: e.id,
    original: `${e.original.proto} ${formatTuple(e.original)}`,
    reply: `${e.reply.proto} ${formatTuple(e.reply)}`,
    status,
    mark: e.mark,
  };
  if (e.tcpState) v.tcpState = e.tcpState;
  return v;
}

export interface ConntrackInResult {
  ct: CtAttachment;
  op: 'lookup' | 'new' | 'invalid';
  note?: string;
}

export class ConntrackTable {
  private readonly index = new Map<string, { entry: ConntrackEntry; dir: Direction }>();
  readonly entries: ConntrackEntry[] = [];
  private nextId = 1;

  lookup(t: Tuple): { entry: ConntrackEntry; dir: Direction } | undefined {
    return this.index.get(tupleKey(t));
  }

  /** Whether a tuple is in use by a confirmed entry (NAT must pick a unique reply tuple). */
  isTaken(t: Tuple): boolean {
    return this.index.has(tupleKey(t));
  }

  /** nf_conntrack_in: find the packet's entry or start a new, unconfirmed one. */
  packetIn(p: PacketState): ConntrackInResult {
    const t = tupleOf(p);
    const hit = this.lookup(t);
    if (hit) return this.seen(hit.entry, hit.dir, p);
    if (isIcmpError(p)) return this.related(p);
    if ((p.proto === 'icmp' || p.proto === 'icmpv6') && !replyTypes(p.proto).has(p.icmpType))
      return {
        ct: { entry: null, state: 'INVALID', dir: null },
        op: 'invalid',
        note: `${p.proto === 'icmp' ? 'ICMP' : 'ICMPv6'} type ${p.icmpType} with no connection cannot start one`,
      };
    let tcpState: TcpState | null = null;
    if (p.proto === 'tcp') {
      tcpState = tcpStart(p.tcpFlags);
      if (!tcpState)
        return {
          ct: { entry: null, state: 'INVALID', dir: null },
          op: 'invalid',
          note: 'a TCP segment with no connection must be a SYN or a bare ACK to start one',
        };
    }
    const entry: ConntrackEntry = {
      id: this.nextId++,
      original: t,
      reply: invertTuple(t),
      dnat: false,
      snat: false,
      dnatDone: false,
      snatDone: false,
      seenReply: false,
      assured: false,
      confirmed: false,
      tcpState,
      mark: 0,
    };
    const note =
      tcpState === 'ESTABLISHED'
        ? 'a bare ACK with no entry is picked up mid-stream (nf_conntrack_tcp_loose)'
        : undefined;
    const r: ConntrackInResult = { ct: { entry, state: 'NEW', dir: 'original' }, op: 'new' };
    if (note) r.note = note;
    return r;
  }

  private seen(entry: ConntrackEntry, dir: Direction, p: PacketState): ConntrackInResult {
    if (entry.tcpState) {
      const next = tcpNext(entry.tcpState, dir, p.tcpFlags);
      if (next === 'INVALID')
        return {
          ct: { entry: null, state: 'INVALID', dir: null },
          op: 'invalid',
          note: `TCP flags not valid in state ${entry.tcpState} (${dir} direction)`,
        };
      if (next !== 'IGNORE') {
        if (
          next === 'ESTABLISHED' &&
          entry.tcpState !== 'ESTABLISHED' &&
          dir === 'original' &&
          p.tcpFlags & TCP_ACK
        )
          entry.assured = true;
        entry.tcpState = next;
      }
    } else if (dir === 'original' && entry.seenReply) entry.assured = true;
    if (dir === 'reply') {
      entry.seenReply = true;
      return { ct: { entry, state: 'ESTABLISHED', dir }, op: 'lookup' };
    }
    return { ct: { entry, state: entry.seenReply ? 'ESTABLISHED' : 'NEW', dir }, op: 'lookup' };
  }

  /**
   * An ICMP error is RELATED to the connection whose packet it reports. The simulated packet
   * has no inner header, so the connection is the latest one the error is addressed back to.
   */
  private related(p: PacketState): ConntrackInResult {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const e = this.entries[i]!;
      if (e.reply.dst === p.dst || e.original.dst === p.dst || e.original.src === p.dst)
        return {
          ct: { entry: e, state: 'RELATED', dir: e.reply.dst === p.dst ? 'reply' : 'original' },
          op: 'lookup',
          note: 'an ICMP error about this connection (matched by address: the packet has no inner header)',
        };
    }
    return {
      ct: { entry: null, state: 'INVALID', dir: null },
      op: 'invalid',
      note: 'an ICMP error about no known connection',
    };
  }

  /** Inserts a new entry when its first packet is accepted; false when its tuples clash. */
  confirm(entry: ConntrackEntry): boolean {
    if (entry.confirmed) return true;
    if (this.isTaken(entry.original) || this.isTaken(entry.reply)) return false;
    entry.confirmed = true;
    this.index.set(tupleKey(entry.original), { entry, dir: 'original' });
    this.index.set(tupleKey(entry.reply), { entry, dir: 'reply' });
    this.entries.push(entry);
    return true;
  }

  /** The table's entries as plain data, for the UI's conntrack view. */
  view(): ConntrackView[] {
    return this.entries.map(entryView);
  }
}
