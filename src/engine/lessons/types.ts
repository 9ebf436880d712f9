/**
 * The lesson file's shape (lessons/<dir>/lesson.yaml). These types are the single source of the
 * format: the reader checks a file against the JSON Schema generated from them
 * (lessons/lesson.schema.json, `npm run lessons:schema`), and Monaco completes lesson YAML from
 * the same schema. Every string a learner reads is a Text with both languages.
 */

import type { RuleQuery } from './rule-queries.ts';

/** A string in both languages. */
export interface Text {
  en: string;
  ko: string;
}

export type Backend = 'nft' | 'legacy';
export type Hook = 'PREROUTING' | 'INPUT' | 'FORWARD' | 'OUTPUT' | 'POSTROUTING';
export type TableName = 'raw' | 'mangle' | 'nat' | 'filter' | 'security';
export type Verdict = 'ACCEPT' | 'DROP' | 'REJECT';
export type Fate = 'local' | 'forward' | 'output' | 'dropped' | 'rejected';
export type CtState = 'NEW' | 'ESTABLISHED' | 'RELATED' | 'INVALID' | 'UNTRACKED';

/** A value an answer or a query has. */
export type Value = string | number | boolean | string[];

export interface Lesson {
  /** stable: used in links and progress */
  id: string;
  /** raise when the steps change; progress keeps "done" and re-enters at the first step */
  version: number;
  title: Text;
  /** at most two sentences */
  goal: Text;
  minutes?: number;
  /** ids of lessons to take first (shown, not enforced) */
  requires?: string[];
  /** the study articles this lesson answers, by number ("001") */
  seeds?: string[];
  scenario: ScenarioSpec;
  /** names the steps use for things whose real name the engine decides (hashed chains) */
  refs?: Record<string, Ref>;
  steps: Step[];
  /** two or three questions on a variant of the scenario, after the steps */
  recap?: Step[];
}

/**
 * What the lesson runs on: a cluster (manifests, compiled for one node) or a ruleset dump with a
 * host file. File names are relative to the lesson's folder.
 */
export interface ScenarioSpec {
  /** the cluster YAML (Kubernetes manifests plus the lab's cluster document) */
  cluster?: string;
  /** the node whose rules are traced in a cluster lesson */
  node?: string;
  /** an iptables-save dump */
  rules?: string;
  /** the host file a dump is traced on */
  host?: string;
  /** default: the host's backend, else nft */
  backend?: Backend;
  /** seed for random rules */
  seed?: number;
  /** the packets steps refer to, by name */
  packets?: Record<string, PacketSpec>;
}

/**
 * A packet: the packet file's fields (docs/formats.md), or in a cluster lesson `from`/`to` in
 * cluster terms. `after` lists packets sent before it into the same conntrack table, so a reply
 * or a second packet of a connection sees the entry the first one made.
 */
export interface PacketSpec {
  in?: string;
  local?: boolean;
  proto?: 'tcp' | 'udp' | 'icmp' | 'sctp';
  src?: string;
  sport?: number;
  dst?: string;
  dport?: number;
  tcpFlags?: string;
  mark?: number;
  from?: PacketFrom;
  to?: PacketTo;
  /** the node the packet is traced on (cluster lessons; default: the scenario's node) */
  node?: string;
  after?: string[];
}

export interface PacketFrom {
  pod?: string;
  node?: string;
  client?: string;
  address?: string;
}

export interface PacketTo {
  /** "namespace/name" or "name" (default namespace) */
  service?: string;
  /** the Service port's name or number */
  port?: string | number;
  /** a NodePort of `service` on this node's InternalIP */
  nodePort?: string;
  pod?: string;
  address?: string;
}

/** A name the engine resolves through provenance: a lesson never writes a hashed chain name. */
export type Ref =
  | { chainOf: { service: string; port?: string | number; kind: ChainKind } }
  | { endpoint: { service: string; port?: string | number; index: number } }
  | { pod: string }
  | { nodeIp: string };

export type ChainKind = 'SVC' | 'SEP' | 'EXT' | 'FW' | 'SVL';

export interface Step {
  /** stable within the lesson: used in links and progress */
  id: string;
  text: Text;
  focus?: Focus[];
  action: Action;
  /** what has to hold for the step to pass; every step but `read` has one */
  check?: Check;
  /** the goal row shown with the step; written from the same facts as the check */
  goal?: Text;
  /** from nudge to near-answer; shown after two misses */
  hints?: Text[];
  /** what "show me" applies and what `lessons check` replays */
  solution?: Solution;
  /** known-wrong answers or edits: `lessons check` proves each fails */
  wrong?: Wrong[];
  /** the check already holds at the start (allowed only when said) */
  startsSatisfied?: boolean;
  /** applied when the step starts, before the learner acts (e.g. a packet already sent) */
  setup?: Solution;
  /** the step is evaluated on this variant of the scenario (recap questions) */
  variant?: Variant;
  /** a stretch question */
  challenge?: boolean;
}

/** Things a step highlights. Chain names may be refs. */
export type Focus =
  | { hook: Hook }
  | { table: { hook: Hook; table: TableName } }
  | { chain: string }
  | { rule: { chain: string; table?: TableName; index?: number; target?: string } }
  | { yaml: { kind: string; name: string; path?: string } }
  | { packetField: 'src' | 'dst' | 'sport' | 'dport' | 'mark' }
  | { conntrack: { packet: string } }
  | { pane: string };

export type Action =
  | 'read'
  | { send: { packet: string } }
  | { stepTo: { packet: string; at: Pattern } }
  | { ask: Ask }
  | { edit: { doc?: { kind: string; name: string } } }
  | { editRules: { chain?: string } }
  | { toggle: { setting: 'backend' } }
  | { sample: { packet: string; n: number; seed?: number } }
  | { paste: { into: 'dump' } };

export type Ask =
  | { kind: 'choice'; prompt: Text; options: ChoiceOption[] }
  | { kind: 'number'; prompt: Text; unit?: string }
  | { kind: 'order'; prompt: Text; items: OrderItem[] }
  | { kind: 'nextChain'; prompt: Text; packet: string; at: Pattern; why?: Record<string, Text> }
  | { kind: 'pick'; prompt: Text; pick: 'rule' };

export interface ChoiceOption {
  id: string;
  /** shown as is when a plain string (an address, a chain name) */
  label: string | Text;
  value: Value;
  /** shown when this option is chosen and it is wrong: the misconception it comes from */
  why?: Text;
}

export interface OrderItem {
  id: string;
  label: string | Text;
}

/**
 * What the learner answered. `option` for choice, `number`, `order` (item ids), `chain` for
 * nextChain (a chain name or one of `(return)`, `(policy)`), `rule` for pick.
 */
export type AnswerInput =
  | { option: string }
  | { number: number }
  | { order: string[] }
  | { chain: string }
  | { rule: { table: string; chain: string; index: number } };

/**
 * Where a trace step is. Every field given must hold; `chain` may be a ref name or end in `*`
 * (`KUBE-SEP-*`). `occurrence` picks the n-th matching step (1 = first, -1 = last).
 */
export interface Pattern {
  kind?: string;
  hook?: Hook;
  table?: TableName;
  chain?: string;
  rule?: number;
  target?: string;
  matched?: boolean;
  verdict?: Verdict;
  occurrence?: number;
}

export type PacketField = 'src' | 'dst' | 'sport' | 'dport' | 'mark' | 'proto';

/** A predicate over the engine's answer for the learner's world. */
export type Check =
  | { sent: string }
  | { trace: { packet: string; contains?: Pattern[]; absent?: Pattern[]; sequence?: Pattern[] } }
  | {
      result: {
        packet: string;
        verdict?: Verdict;
        fate?: Fate;
        ctState?: CtState;
        /** the packet's fields as it ends */
        fields?: Partial<Record<PacketField, string | number>>;
      };
    }
  | {
      packetAfter: {
        packet: string;
        at: Pattern;
        fields: Partial<Record<PacketField, string | number>>;
      };
    }
  | { cursor: { packet?: string; at: Pattern } }
  /**
   * the learner sampled `n` connections of the packet; the engine's sample (the step's seed)
   * counts them, and with `near` each sampled share is within `near` of the exact share
   */
  | { sampled: { packet: string; n: number; near?: number } }
  | {
      distribution: {
        packet: string;
        endpoints?: number;
        uniform?: boolean;
        /** exact shares by endpoint ("10.244.1.5:8080" or an endpoint ref), within 0.0005 */
        equals?: Record<string, number>;
      };
    }
  /** the conntrack entry the packet ends with: its state, status bits (DST_NAT …), reply tuple */
  | { conntrack: { packet: string; state?: CtState; status?: string[]; reply?: string } }
  /** the learner's rules: a chain (ref or name) exists, or has this many rules (to `target`) */
  | {
      compiled: {
        chain: string;
        table?: TableName;
        node?: string;
        target?: string;
        rules?: number;
      };
    }
  | { parsed: { errors?: number; hasChain?: string } }
  | { settings: { backend?: Backend } }
  | { answer: { equals: Query; tolerance?: number } }
  | { all: Check[] }
  | { any: Check[] }
  | { not: Check };

/** A value the engine computes, on the learner's world or on a scratch variant of it. */
export type Query =
  | { verdict: QueryPacket }
  | { fate: QueryPacket }
  | { ctState: QueryPacket }
  | { field: QueryPacket & { field: PacketField; at?: Pattern } }
  | { hooks: QueryPacket }
  | { tables: QueryPacket & { hook: Hook } }
  | { tableOrder: { hook: Hook; backend?: Backend; in?: Variant } }
  | { contains: QueryPacket & { pattern: Pattern } }
  | { nextChain: QueryPacket & { at: Pattern } }
  | { share: QueryPacket & { endpoint: number } }
  | { endpoints: QueryPacket }
  /** the chain the walk resumes in after the n-th RETURN or end of a user chain (default the first) */
  | { returnsTo: QueryPacket & { occurrence?: number } }
  /** the rule of the trace step the pattern finds, as `table/chain/index` (what a pick answers) */
  | { ruleAt: QueryPacket & { at: Pattern } }
  | RuleQuery; // rule-queries.ts: a rule's probability, a count of rules, where a packet was dropped

export interface QueryPacket {
  packet: string;
  in?: Variant;
}

/** A scratch copy of the scenario: the learner's world is never touched. */
export interface Variant {
  patch?: Patch[];
  backend?: Backend;
  /** another ruleset file for a dump lesson */
  rules?: string;
  /** replaces or adds packets */
  packets?: Record<string, PacketSpec>;
}

/** An edit of the scenario: a cluster YAML field, or a line of the dump. */
export type Patch =
  | { doc: { kind: string; name: string }; path: string; value: Value | null }
  | { replaceLine: { from: string; to: string } }
  | { addLine: { after: string; line: string } };

/** What "show me" applies, and the shape of a known-wrong attempt. */
export interface Solution {
  answer?: AnswerInput;
  patch?: Patch[];
  send?: string[];
  cursor?: { packet: string; at: Pattern };
  backend?: Backend;
  sample?: { packet: string; n: number };
  /** a dump file to paste */
  paste?: string;
}

export type Wrong = Solution;

/** lessons/index.yaml: the order lessons are offered in. */
export interface LessonIndexFile {
  lessons: string[];
}
