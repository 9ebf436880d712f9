/**
 * The evaluate side of match and target modules, kept apart from their parsing and printing
 * (src/engine/modules). A match evaluator answers 'match', 'nomatch', or 'unknown' when the
 * engine cannot tell (the trace then says the outcome depends on it). A target evaluator acts
 * through its context (set a mark, set up NAT, stop tracking) and says how the walk goes on.
 */
import type { CtAttachment } from '../conntrack.ts';
import type { Hook } from '../hooks.ts';
import type { Host } from '../host.ts';
import type { PacketState } from '../packet.ts';
import type { RecentAnswer, RecentQuery } from '../recent-lists.ts';
import type { RewriteField } from '../trace.ts';

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
  minIp: number | null;
  maxIp: number | null;
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

/** Erases the data type so evaluators of different modules share one Map. */
export function matchEval<D>(fn: MatchEvaluator<D>): MatchEvaluator {
  return fn as MatchEvaluator;
}

export function targetEval<D>(fn: TargetEvaluator<D>): TargetEvaluator {
  return fn as TargetEvaluator;
}

/** 'match'/'nomatch' from a boolean, flipped when the option was negated. */
export function held(ok: boolean, negated = false): MatchResult {
  return ok !== negated ? 'match' : 'nomatch';
}

/** iptables' interface test: `eth+` matches every name that starts with `eth`. */
export function interfaceMatches(pattern: string, name: string | null): boolean {
  if (pattern === '+') return true;
  if (name === null) return false;
  if (pattern.endsWith('+')) return name.startsWith(pattern.slice(0, -1));
  return name === pattern;
}
