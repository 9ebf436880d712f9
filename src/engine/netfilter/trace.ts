/**
 * The trace: an ordered list of plain events, a union keyed by `kind`, that the UI replays and
 * `trace --json` prints (docs/formats.md). Every event carries the packet as it is after the event.
 * Rule events carry the rule's id, source span and its text exactly as iptables-save prints it,
 * so the editor, the rule table and the animation all point at the same rule.
 */
import type { SourceSpan } from '../rules/index.ts';
import type { Hook } from './hooks.ts';
import type { PacketView, Proto } from './packet.ts';

export type Verdict = 'ACCEPT' | 'DROP' | 'REJECT';
export type Fate = 'local' | 'forward' | 'output' | 'dropped' | 'rejected';
export type CtState = 'NEW' | 'ESTABLISHED' | 'RELATED' | 'INVALID' | 'UNTRACKED';

/** Where a rule is: enough for the UI to highlight it and for a test to compare with the kernel. */
export interface RuleRef {
  hook: Hook;
  table: string;
  chain: string;
  /** 1-based index in its chain */
  rule: number;
  ruleId: string;
  ruleText: string;
  span: SourceSpan;
}

/** Which part of a rule failed first. */
export type FailedPart =
  | { part: 'core'; option: '-s' | '-d' | '-i' | '-o' | '-p' | '-f' }
  | { part: 'match'; index: number; module: string };

export interface HookEnterStep {
  kind: 'hook-enter';
  hook: Hook;
  in: string | null;
  out: string | null;
  /** set when the packet crosses a bridge with bridge netfilter on */
  physIn?: string | null;
  physOut?: string | null;
  /** the second half of a loopback packet: the kernel starts a new trace here */
  loopback?: true;
  packet: PacketView;
}

export interface TableEnterStep {
  kind: 'table-enter';
  hook: Hook;
  table: string;
  chain: string;
  priority: number;
  packet: PacketView;
}

/** The nat table was not walked: the connection's mapping is already set up (or there is no conntrack). */
export interface TableSkipStep {
  kind: 'table-skip';
  hook: Hook;
  table: string;
  reason: 'nat-initialized' | 'not-new' | 'untracked' | 'invalid';
  packet: PacketView;
}

export interface RuleStep extends RuleRef {
  kind: 'rule';
  matched: boolean;
  /** the first part that did not hold (absent when matched) */
  failed?: FailedPart;
  /** the target's name, or null for a rule without one */
  target: string | null;
  packet: PacketView;
}

/**
 * A run of rules of a long chain that were not tested one by one: each has a `-d` that excludes
 * the packet's destination (chain-index.ts). Their core fails, which is all the kernel would find,
 * so the walk goes straight on to rule `to + 1`. Only recorded with every step (`record: 'all'`).
 */
export interface SkipStep {
  kind: 'skip';
  hook: Hook;
  table: string;
  chain: string;
  /** 1-based indexes of the first and last rule skipped */
  from: number;
  to: number;
  count: number;
  /** why they cannot match: their destination (-d) excludes the packet's */
  reason: 'destination';
  packet: PacketView;
}

export interface JumpStep extends RuleRef {
  kind: 'jump' | 'goto';
  target: string;
  depth: number;
  packet: PacketView;
}

export interface ReturnStep {
  kind: 'return';
  hook: Hook;
  table: string;
  /** the chain left */
  chain: string;
  /** the chain walking resumes in */
  to: string;
  /** the RETURN rule, or null when the walk fell off the end of a user chain */
  rule: number | null;
  ruleText?: string;
  packet: PacketView;
}

export interface PolicyStep {
  kind: 'policy';
  hook: Hook;
  table: string;
  chain: string;
  rule: null;
  verdict: 'ACCEPT' | 'DROP';
  packet: PacketView;
}

/** A terminating target ended the walk of this table at this hook. */
export interface VerdictStep extends RuleRef {
  kind: 'verdict';
  target: string;
  verdict: Verdict;
  /** REJECT's --reject-with */
  rejectWith?: string;
  packet: PacketView;
}

export interface NatStep {
  kind: 'nat';
  hook: Hook;
  table: string;
  type: 'DNAT' | 'SNAT';
  /** the target that set the mapping up; absent when the packet is translated from the conntrack entry */
  target?: string;
  rule?: number;
  ruleText?: string;
  chain?: string;
  fromConntrack: boolean;
  /** true for a reply being translated back */
  reply: boolean;
  before: { addr: string; port: number | null };
  after: { addr: string; port: number | null };
  packet: PacketView;
}

export interface MarkStep extends RuleRef {
  kind: 'mark';
  target: string;
  what: 'mark' | 'connmark';
  from: number;
  to: number;
  packet: PacketView;
}

/**
 * A header field or metadata other than the marks that a target rewrote (TTL, TOS, DSCP, ECN,
 * TCPMSS, CLASSIFY; TCPMSS lengthens a segment it adds the option to) or the kernel changed on the way (the TTL a forwarded packet loses). The
 * packet after the step carries the new value, so later rules and tables see it.
 */
export type RewriteField =
  'ttl' | 'tos' | 'dscp' | 'ecn' | 'tcp-ecn' | 'mss' | 'length' | 'priority';

/** The rule's fields (`table`, `chain`, `rule`, …, `target`) are absent for the kernel's own change. */
export interface RewriteStep extends Partial<Omit<RuleRef, 'hook'>> {
  kind: 'rewrite';
  hook: Hook;
  target?: string;
  field: RewriteField;
  /** the value before and after (`tcp-ecn`: the ECE and CWR bits of the TCP flags) */
  from: number;
  to: number;
  note?: string;
  packet: PacketView;
}

export interface ConntrackView {
  id: number;
  original: string;
  reply: string;
  status: string[];
  tcpState?: string;
  mark: number;
}

export interface ConntrackStep {
  kind: 'conntrack';
  hook: Hook;
  op: 'lookup' | 'new' | 'update' | 'confirm' | 'untracked' | 'invalid' | 'clash';
  state: CtState;
  direction: 'original' | 'reply' | null;
  entry: ConntrackView | null;
  note?: string;
  packet: PacketView;
}

export interface RouteStep {
  kind: 'route';
  /** the hook after which the decision is taken */
  hook: Hook;
  decision:
    | 'local'
    | 'forward'
    | 'output'
    | 'bridge'
    | 'reroute'
    | 'unreachable'
    | 'martian'
    | 'no-forwarding';
  outInterface: string | null;
  via: string | null;
  note?: string;
  packet: PacketView;
}

export interface UnknownModuleStep extends RuleRef {
  kind: 'unknown-module';
  module: string;
  role: 'match' | 'target';
  /** what the engine took the match to do (targets are treated as continuing) */
  assumed: 'match' | 'nomatch' | 'continue';
  packet: PacketView;
}

/** A statistic --mode random branch: which way it went and how likely that was. */
export interface RandomStep extends RuleRef {
  kind: 'random';
  matched: boolean;
  threshold: number;
  /** the probability of the branch taken */
  probability: number;
  packet: PacketView;
}

/** A `-m recent` test: which list was checked or written, for which address, and the answer. */
export interface RecentStep extends RuleRef {
  kind: 'recent';
  list: string;
  command: 'set' | 'rcheck' | 'update' | 'remove';
  address: string;
  /** the address was in the list (within --seconds, with --hitcount hits) before this packet */
  found: boolean;
  /** the rule's recent test held (after any `!`) */
  matched: boolean;
  packet: PacketView;
}

export interface TargetStep extends RuleRef {
  kind: 'target';
  /** a continuing target with an effect worth showing (LOG, NFLOG, TRACE, CT, NOTRACK …) */
  target: string;
  note: string;
  packet: PacketView;
}

export interface GuardStep {
  kind: 'jump-loop' | 'jump-depth';
  hook: Hook;
  table: string;
  chain: string;
  rule: number;
  ruleText: string;
  target: string;
  note: string;
  packet: PacketView;
}

export type TraceStep =
  | HookEnterStep
  | TableEnterStep
  | TableSkipStep
  | RuleStep
  | SkipStep
  | JumpStep
  | ReturnStep
  | PolicyStep
  | VerdictStep
  | NatStep
  | MarkStep
  | RewriteStep
  | ConntrackStep
  | RouteStep
  | UnknownModuleStep
  | RandomStep
  | RecentStep
  | TargetStep
  | GuardStep;

export type StepKind = TraceStep['kind'];

export interface TraceResult {
  verdict: Verdict;
  fate: Fate;
  /** the interface the packet leaves by (forward, output), or null */
  outInterface: string | null;
  packet: { src: string; sport: number | null; dst: string; dport: number | null; proto: Proto };
  /** why a packet was dropped without a rule (no route, ip_forward off, martian) */
  reason?: string;
  /** modules the engine could not evaluate: the outcome depends on what they do */
  dependsOn?: string[];
  /** the conntrack state the packet had */
  ctState?: CtState | null;
}

export interface PacketTrace {
  steps: TraceStep[];
  result: TraceResult;
}
