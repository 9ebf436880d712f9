/**
 * The evaluate side of a match or target module: what a module's `evaluate` is given and answers.
 * A match answers 'match', 'nomatch', or 'unknown' when the engine cannot tell (the trace then
 * says the outcome depends on it). A target acts through its context (set a mark, set up NAT,
 * stop tracking) and says how the walk goes on.
 *
 * Modules know the simulator's types but none of its code (eslint holds this): what the kernel's
 * other subsystems answer for a match (the kind of an address, the route back, an ipset's
 * members) comes through the context, which the simulator (netfilter/run.ts) implements.
 */
import type { CtAttachment } from '../netfilter/conntrack.ts';
import type { Hook } from '../netfilter/hooks.ts';
import type { Host } from '../netfilter/host.ts';
import type { SetAnswer, SetQuery } from '../netfilter/ipset-lookup.ts';
import type { Addr } from '../netfilter/ipv4.ts';
import type { PacketState, Proto } from '../netfilter/packet.ts';
import type { RecentAnswer, RecentQuery } from '../netfilter/recent-lists.ts';
import type { RouteResult } from '../netfilter/routing.ts';
import type { RewriteField } from '../netfilter/trace.ts';

export type MatchResult = 'match' | 'nomatch' | 'unknown';

export interface EvalContext {
  readonly packet: PacketState;
  readonly hook: Hook;
  readonly table: string;
  /** the input interface as netfilter sees it (the bridge for a bridged frame); null in OUTPUT */
  readonly inIface: string | null;
  /** the output interface; null in PREROUTING and INPUT */
  readonly outIface: string | null;
  /** the bridge ports, when the packet crosses a bridge with bridge netfilter on */
  readonly physIn: string | null;
  readonly physOut: string | null;
  /** the packet entered through a bridge port with bridge netfilter on (physdev sees it) */
  readonly viaBridge: boolean;
  /** a frame forwarded by a bridge (physdev --physdev-is-bridged) */
  readonly bridged: boolean;
  readonly host: Host;
  /** what conntrack attached; null when conntrack is not active for this ruleset */
  readonly ct: CtAttachment | null;
  /** statistic --mode random: true when the kernel's 31-bit draw falls below `threshold` */
  chance(threshold: number): boolean;
  /** how many times this match of this rule was evaluated before (statistic nth, limit) */
  count(): number;
  /** applies a `-m recent` test to the simulation's recent lists (and records it) */
  recent(q: RecentQuery): RecentAnswer;
  /** the kind addrtype sees (UNICAST, LOCAL, BROADCAST, MULTICAST), on one interface if named */
  addressType(addr: Addr, iface?: string): string;
  /** a broadcast address of this host (pkttype) */
  isBroadcast(addr: Addr): boolean;
  /** the host's route to an address, as rpfilter looks the source up */
  routeTo(addr: Addr): RouteResult;
  /**
   * ipset's test of the packet against set `name` (one direction flag per dimension): the member
   * that decided, false, or 'unknown'; undefined when the host has no such set
   */
  testIpSet(name: string, q: SetQuery): SetAnswer | undefined;
}

export type MatchEvaluator<D = unknown> = (data: D, ctx: EvalContext) => MatchResult;

export type TargetResult =
  | { flow: 'continue' }
  | { flow: 'verdict'; verdict: 'ACCEPT' | 'DROP' | 'REJECT'; rejectWith?: string }
  | { flow: 'return' }
  /** the engine cannot apply this target; the walk continues and the trace says so */
  | { flow: 'unknown'; reason: string };

export interface NatRequest {
  type: 'DNAT' | 'SNAT';
  /** 'masquerade' takes the out interface's address; 'redirect' the host's own */
  mode: 'map' | 'masquerade' | 'redirect';
  minIp: Addr | null;
  maxIp: Addr | null;
  minPort: number | null;
  maxPort: number | null;
}

export interface TargetContext extends EvalContext {
  /** the target's name, for the trace */
  readonly target: string;
  /** mark = (mark AND NOT mask) XOR value, as the kernel's MARK does */
  setMark(value: number, mask: number): void;
  /** the same on the connection's mark; no effect without a conntrack entry */
  setConnmark(value: number, mask: number): void;
  /** sets up NAT for the connection (first packet only) and translates the packet */
  nat(req: NatRequest): TargetResult;
  /**
   * Writes a header field or the priority, as TTL, TOS, DSCP, ECN, TCPMSS and CLASSIFY do; `dscp`
   * and `ecn` are the two parts of the TOS byte, `tcp-ecn` the ECE and CWR bits of the TCP flags.
   * The trace shows the value before and after when it changed.
   */
  rewrite(field: RewriteField, value: number): void;
  /** NOTRACK / CT --notrack: conntrack leaves the packet alone (UNTRACKED) */
  notrack(): void;
  /** a continuing target worth showing in the trace (LOG, NFLOG, TRACE, CT …) */
  note(text: string): void;
}

export type TargetEvaluator<D = unknown> = (data: D, ctx: TargetContext) => TargetResult;

export const CONTINUE: TargetResult = { flow: 'continue' };

/** 'match'/'nomatch' from a boolean, flipped when the option was negated. */
export function held(ok: boolean, negated = false): MatchResult {
  return ok !== negated ? 'match' : 'nomatch';
}

/** Answers the engine cannot give: they depend on sockets, users or time. */
export const notModelled: MatchEvaluator = () => 'unknown';

/** iptables' interface test: `eth+` matches every name that starts with `eth`. */
export function interfaceMatches(pattern: string, name: string | null): boolean {
  if (pattern === '+') return true;
  if (name === null) return false;
  if (pattern.endsWith('+')) return name.startsWith(pattern.slice(0, -1));
  return name === pattern;
}

/** Whether a packet of the protocol carries ports (for multiport and ipset's port elements). */
export function hasPorts(proto: Proto): boolean {
  return proto !== 'icmp' && proto !== 'icmpv6';
}
