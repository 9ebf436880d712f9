/**
 * The worker's typed API: everything the UI may ask the engine, as plain structured-clone data.
 * The UI imports only types from here and from the engine; the engine itself runs in the worker.
 */
import type { ClusterDiagnostic, RuleProvenance } from '../engine/cluster/index.ts';
import type { Diagnostic, DiagnosticArgs, DumpFormat, Ruleset } from '../engine/rules/index.ts';
import type { FlowView, Journey, JourneyNote } from '../engine/cluster/journey/index.ts';
import type {
  AllPathsResult,
  FieldDiagnostic,
  SampledOutcome,
  SimulationResult,
  TraceJson,
} from '../engine/netfilter/index.ts';
import type { DumpApi } from './dump-protocol.ts';
import type { LessonsApi } from './lessons-protocol.ts';
import type { SyncApi } from './sync-protocol.ts';

/** One node of a compiled cluster: what `iptables-save` shows there, and why each rule exists. */
export interface CompiledNodeData {
  name: string;
  rulesetText: string;
  ruleset: Ruleset;
  diagnostics: ClusterDiagnostic[];
  /** [rule id, provenance] pairs, in rule order (a Map does not cross the boundary well) */
  provenance: [string, RuleProvenance][];
  /** for a cluster with IPv6: what `ip6tables-save` shows on the node, and why */
  ipv6?: CompiledRulesetData;
}

/** One family's rules of a node. */
export interface CompiledRulesetData {
  rulesetText: string;
  ruleset: Ruleset;
  diagnostics: ClusterDiagnostic[];
  provenance: [string, RuleProvenance][];
}

/** The address family a packet, a ruleset or a choice belongs to. */
export type AddressFamily = 'ipv4' | 'ipv6';

/**
 * What the packet builder offers: the cluster's nodes, pods, Services and external clients.
 * `ip`, `clusterIP` … are the IPv4 addresses; the `…v6` fields the IPv6 ones of a cluster with
 * IPv6 (null or absent otherwise).
 */
export interface ClusterSummary {
  /** the cluster's families, primary first */
  families?: AddressFamily[];
  nodes: { name: string; ip: string | null; ipv6?: string | null; podCIDR: string | null }[];
  pods: {
    namespace: string;
    name: string;
    /** empty for a pod with only an IPv6 address */
    ip: string;
    ipv6?: string;
    node: string;
    veth: string;
    /** the ports its containers declare, in order: what a packet sent to the pod should use */
    ports?: { port: number; protocol: string }[];
  }[];
  services: {
    namespace: string;
    name: string;
    type: string;
    clusterIP: string | null;
    clusterIPv6?: string | null;
    externalIPs: string[];
    loadBalancerIPs: string[];
    ports: { name: string; protocol: string; port: number; nodePort: number }[];
  }[];
  clients: { name: string; address: string }[];
}

export interface CompileClusterResult {
  nodes: CompiledNodeData[];
  summary: ClusterSummary;
  /** problems with the cluster description as a whole (YAML syntax, unknown kinds …) */
  diagnostics: ClusterDiagnostic[];
  /** true when an error stops the cluster from being compiled faithfully */
  hasErrors: boolean;
}

export interface ParseDumpResult {
  ruleset: Ruleset;
  diagnostics: Diagnostic[];
}

/** Where the rules and the host come from. */
export type RuleSource =
  /** `family`: the node's iptables (ipv4) or ip6tables (ipv6) rules; absent: the packets' family */
  | { kind: 'cluster'; yaml: string; node: string; family?: AddressFamily }
  /**
   * a pasted dump, as text or as the id loadDump gave it (the worker keeps the parsed dump);
   * `host` is a host document (docs/formats.md), a default host when absent; `ipsets` the
   * node's `ipset save` (or `ipset list`) text, whose sets join the host's
   */
  | { kind: 'dump'; text: string; host?: unknown; ipsets?: string }
  | { kind: 'dump'; id: string; host?: unknown; ipsets?: string };

/** A packet as the packet file spells it (docs/formats.md): read and checked in the worker. */
export interface PacketInput {
  in?: string;
  local?: boolean;
  proto: 'tcp' | 'udp' | 'icmp' | 'sctp' | 'icmpv6';
  src?: string;
  sport?: number;
  dst: string;
  dport?: number;
  tcpFlags?: string;
  icmpType?: number;
  icmpCode?: number;
  mark?: number;
  /** the Ethernet source of a packet arriving on `in` (docs/formats.md) */
  srcMac?: string;
}

export interface TraceRequest {
  source: RuleSource;
  packets: PacketInput[];
  seed?: number;
  /** add the reply to the first packet, built from where it ended, sharing the conntrack table */
  withReply?: boolean;
}

/** Why a trace could not run: the packets or the host did not read, or the source has errors. */
export interface TraceProblem {
  where: 'packet' | 'host' | 'source';
  /** the English sentence, with its field (`dport: …`) */
  message: string;
  /** the diagnostic's code and values, from which the UI says it in the learner's language */
  code?: string;
  args?: DiagnosticArgs;
  /** the field it is about (`[1].dport`), shown before the translated sentence */
  path?: string;
}

export interface TraceResponse {
  /** null when the trace could not run (see problems) */
  result: SimulationResult | null;
  /** the packets as traced (with the reply added, if asked) */
  packets: PacketInput[];
  problems: TraceProblem[];
}

export interface AllPathsResponse {
  result: AllPathsResult | null;
  problems: TraceProblem[];
}

export interface SampleResponse {
  runs: number;
  outcomes: SampledOutcome[];
  problems: TraceProblem[];
}

/** A connection across the cluster, as the journey's flow file spells it (docs/formats.md). */
export interface FlowInput {
  from: string;
  to: string;
  proto: 'tcp' | 'udp' | 'sctp';
  sport: number;
  tcpFlags?: string;
  /** the node a packet from outside reaches first */
  via?: string;
  /** the flow's family; absent: that of an address in from/to, else the cluster's primary */
  family?: 'ipv4' | 'ipv6';
}

export interface JourneyRequest {
  yaml: string;
  flow: FlowInput;
  seed: number;
  /**
   * the same packet as traced on its entry node: the journey follows the random branch that
   * trace took, so the strip and the player agree on the endpoint
   */
  entry?: { node: string; packet: PacketInput };
}

export interface JourneyResponse {
  flow: FlowView | null;
  journey: Journey | null;
  /** the journey took the same branch as the entry node's trace */
  followsTrace: boolean;
  /** pods on a bridge (cni0) or behind routed interfaces of their own (Calico) */
  podNetwork: 'bridge' | 'routed';
  /** how the journey was followed, as data the strip words in the reader's language */
  notes: JourneyNote[];
  problems: TraceProblem[];
}

export type { FieldDiagnostic, DumpFormat };

/** The API the worker exposes; every call is a pure function of its arguments. */
export interface EngineApi extends DumpApi, LessonsApi, SyncApi {
  compileCluster(yaml: string): CompileClusterResult;
  parseDump(text: string): ParseDumpResult;
  /** the source's rules printed as iptables-save, iptables -S or iptables -L -n -v */
  print(source: RuleSource, format: DumpFormat): string;
  trace(req: TraceRequest): TraceResponse;
  allPaths(req: TraceRequest): AllPathsResponse;
  sample(req: TraceRequest, runs: number): SampleResponse;
  /** the trace as the `trace --json` document (docs/formats.md); null when it could not run */
  traceJson(req: TraceRequest): TraceJson | null;
  /** the packet followed across the cluster's nodes, and its reply back */
  journey(req: JourneyRequest): JourneyResponse;
}
