/** The journey's output: plain data (structured-clone friendly) for the CLI, the worker and the UI. */
import type {
  ConntrackView,
  FieldDiagnostic,
  PacketTrace,
  TraceResult,
} from '../../netfilter/index.ts';
import type { ClusterDiagnostic } from '../manifests/diagnostics.ts';
import type { PlaceView } from './places.ts';

export type Direction = 'request' | 'reply';

/** `10.42.0.43:8080` style ends of a packet. */
export interface Tuple {
  proto: string;
  src: string;
  sport: number | null;
  dst: string;
  dport: number | null;
}

/**
 * What a translation did, named as a learner meets it: a rule set up a DNAT, an SNAT or a
 * MASQUERADE for a new connection; conntrack rewrote a reply back (the reply's un-DNAT restores
 * the Service's address as its source, its un-SNAT restores the sender's address as its
 * destination). A later packet of a known connection gets its DNAT or SNAT from conntrack too.
 */
export type TranslationKind = 'dnat' | 'snat' | 'masquerade' | 'un-dnat' | 'un-snat';

/** The rule that set a mapping up, as iptables-save prints it. */
export interface TranslationRule {
  table: string;
  chain: string;
  /** 1-based index in its chain */
  index: number;
  /** DNAT, SNAT, MASQUERADE or REDIRECT */
  target: string;
  text: string;
}

/** One address translation on a node, in the order the packet met them there. */
export interface Translation {
  kind: TranslationKind;
  /** the leg of the journey the packet was on */
  direction: Direction;
  /** PREROUTING or OUTPUT rewrite the destination, POSTROUTING or INPUT the source */
  hook: string;
  /** 'rule' when a rule set the mapping up now; 'conntrack' when the entry's mapping was applied */
  by: 'rule' | 'conntrack';
  /** the rule, when `by` is 'rule' */
  rule?: TranslationRule;
  /** the whole packet just before and just after this translation */
  before: Tuple;
  after: Tuple;
}

/** The packet crossing one node: what the simulator did to it there. */
export interface JourneyHop {
  direction: Direction;
  node: string;
  /** the interface netfilter sees it arrive on (cni0 for a pod's veth), null when the node sent it */
  in: string | null;
  /** the pod's veth, a port of the bridge, when it came from a pod on this node */
  inPort?: string;
  out: string | null;
  /** the packet as it arrived and as it left */
  before: Tuple;
  after: Tuple;
  /** every address translation on this node, in order */
  translations: Translation[];
  verdict: TraceResult['verdict'];
  fate: TraceResult['fate'];
  reason?: string;
  /** the rule (or chain policy) that dropped or rejected the packet, as iptables-save prints it */
  decidedBy?: string;
  /** how likely this node's random choices were, given the packets the node saw before */
  probability: number;
  exact: string;
  /** where the packet goes from here, in words */
  next: string;
  /** the node's full trace of this packet (the trace JSON's steps and result, docs/formats.md) */
  trace: PacketTrace;
  /** the node's conntrack table after the packet */
  conntrack: ConntrackView[];
}

export type LegOutcome = 'delivered' | 'dropped' | 'rejected' | 'hop-limit';

/** How one direction of the journey ended. */
export interface LegEnd {
  outcome: LegOutcome;
  verdict: 'ACCEPT' | 'DROP' | 'REJECT';
  /** delivered: who got it; otherwise the node where it ended */
  at: PlaceView | null;
  node: string;
  /** the packet as the receiver sees it (delivered) or as it was last seen */
  packet: Tuple;
  reason?: string;
  /** the rule (or chain policy) that dropped or rejected it */
  decidedBy?: string;
  /** set when a pod's NetworkPolicy chain dropped it: the policies, the pod, the rule */
  policy?: {
    policies: string[];
    pod: string;
    direction: 'ingress' | 'egress';
    chain: string;
    rule: number;
  };
}

export interface Journey {
  probability: number;
  exact: string;
  /** the request's hops, then the reply's */
  hops: JourneyHop[];
  request: LegEnd;
  /** the source address (and port) the receiver sees; null when the request was not delivered */
  sourceSeen: string | null;
  /** the reply's way back, when the request was delivered */
  reply: LegEnd | null;
  /** the reply came back to the sender with the addresses it sent to, so the connection works */
  replyMatches: boolean;
  verdict: 'ACCEPT' | 'DROP' | 'REJECT';
}

/** With allPaths: every distinct ending with its exact probability. */
export interface JourneyOutcome {
  probability: number;
  exact: string;
  verdict: 'ACCEPT' | 'DROP' | 'REJECT';
  outcome: LegOutcome;
  /** who received the request (delivered) */
  endpoint: PlaceView | null;
  /** `10.42.0.43:8080`: the address and port the request was delivered to */
  delivered: string | null;
  sourceSeen: string | null;
  replyMatches: boolean;
  /** how many journeys end this way */
  journeys: number;
  /** the first of them */
  journey: Journey;
}

/**
 * A note on how the journey was followed, as data: the CLI prints its English line
 * (journey/text.ts noteText), the app words it in the reader's language.
 */
export type JourneyNote =
  /** a packet from outside for an address no node owns: sent to the first node */
  | { kind: 'entry-assumed'; address: string; node: string }
  | { kind: 'no-node' }
  | { kind: 'cut-short' };

export interface FlowView {
  from: PlaceView;
  to: string;
  /** what the destination address is (`cluster IP of default/web`) */
  toRole: string | null;
  proto: string;
  sport: number;
  tcpFlags: string | null;
  /** the node the packet enters the cluster's netfilter at */
  entry: string;
}

export interface JourneyOptions {
  /** seed for the random rules (default 1): the same seed, the same journey */
  seed?: number;
  /** follow every random branch and give each ending's exact probability */
  allPaths?: boolean;
  /** nodes one direction may cross before the journey is stopped (default 8) */
  maxHops?: number;
  /** journeys enumerated at most (default 1,000) */
  maxJourneys?: number;
}

export interface JourneyResult {
  flow: FlowView | null;
  /** how pod networking is modelled (POD_NETWORK_NOTE.en) */
  podNetwork: string;
  /** pods on a bridge (cni0) or behind routed interfaces of their own (Calico) */
  podNetworkKind: 'bridge' | 'routed';
  /** notes on how the journey was followed, in English (noteText of each of noteData) */
  notes: string[];
  /** the same notes as data, for words in another language (not in the CLI's JSON) */
  noteData: JourneyNote[];
  /** the sampled journey, or with allPaths the first one enumerated */
  journey: Journey | null;
  outcomes?: JourneyOutcome[];
  /** false when an enumeration was cut short */
  complete?: boolean;
  /** problems in the cluster description */
  diagnostics: ClusterDiagnostic[];
  /** problems in the flow, by field (`to`, `sport` …) */
  flowDiagnostics: FieldDiagnostic[];
}
