/**
 * The scenario document: everything a share link, a scenario file and the browser's autosave
 * carry. It is plain JSON with a `version` field (docs/formats.md, Share link); a reader refuses a
 * version newer than its own rather than guess at fields it does not know.
 */
import type { Lang } from '../lang.ts';
import type { DumpFormat } from '../rules/index.ts';

/** Where the rules come from: a cluster YAML compiled per node, or a pasted dump. */
export type SourceMode = 'cluster' | 'dump';
export type Theme = 'light' | 'dark';
/** the form the node's rules are printed in */
export type RulesFormat = DumpFormat;
/** what the right column shows under the player: the rule table or the node's rules as text */
export type RulesView = 'table' | 'text';

/** Who sends the packet. Only names: addresses are looked up in the compiled cluster, so a
 * scenario stays valid while the YAML changes. */
export type PacketSource =
  | { kind: 'pod'; namespace: string; name: string }
  | { kind: 'node'; name: string }
  | { kind: 'client'; name: string }
  | { kind: 'address'; address: string };

/** `family: 'ipv6'`: the IPv6 address of a dual-stack cluster's Service, node or pod (absent: IPv4) */
export type PacketDestination =
  /** the Service's ClusterIP and one of its ports */
  | { kind: 'service'; namespace: string; name: string; port: number; family?: 'ipv6' }
  /** a NodePort on a node's InternalIP */
  | {
      kind: 'nodeport';
      namespace: string;
      name: string;
      nodePort: number;
      node: string;
      family?: 'ipv6';
    }
  | { kind: 'pod'; namespace: string; name: string; family?: 'ipv6' }
  | { kind: 'address'; address: string };

export type Proto = 'tcp' | 'udp' | 'icmp' | 'sctp';

/** The packet builder's fields. */
export interface PacketForm {
  source: PacketSource;
  destination: PacketDestination;
  proto: Proto;
  sport: number;
  /** used for pod and address destinations; Service and NodePort destinations carry their own */
  dport: number;
  tcpFlags: string;
  /** the node an external client's or an address's packet enters */
  entryNode: string;
  /** the interface it enters by, for an arbitrary address */
  entryInterface: string;
  /** the Ethernet source of an arbitrary address's packet, for `-m mac` (absent or empty: none) */
  srcMac?: string;
}

/** The packet last sent. */
export interface SentPacket {
  form: PacketForm;
  withReply: boolean;
  /** then a second connection from the same client (source port + 1): session affinity */
  twice?: boolean;
  /** seed for random rules: the same seed picks the same endpoint again */
  seed: number;
}

/** The format this build writes and the newest it reads. */
export const SCENARIO_VERSION = 1;

export interface ViewDoc {
  /** the table the chain graph shows; 'auto' follows the trace */
  table: string;
  selectedChain: string | null;
  rulesView: RulesView;
  rulesFormat: RulesFormat;
}

export interface ScenarioDoc {
  version: typeof SCENARIO_VERSION;
  mode: SourceMode;
  /** the cluster YAML; a link in dump mode leaves it out (and the receiver keeps its own) */
  yaml?: string;
  /** the pasted dump; a link in cluster mode leaves it out */
  dump?: string;
  /** the dump's host document (docs/formats.md) as edited; null: inferred from the dump */
  dumpHost: unknown;
  node: string;
  form: PacketForm;
  sent: SentPacket | null;
  /** which traced packet the player follows: 0 the packet, 1 its reply */
  packetIndex: number;
  /** the trace player's position (-1: before the first step) */
  step: number;
  view: ViewDoc;
  lang?: Lang;
  theme?: Theme;
}

/**
 * Limits on untrusted input. A link is never written longer than MAX_LINK_URL; links up to
 * MAX_LINK_PAYLOAD characters are read (room for hand-made or older links), and whatever they
 * inflate to is cut off at MAX_INFLATED bytes while inflating, so a small "zip bomb" costs at
 * most that much memory. Files carry big dumps, so they may be larger.
 */
export const LIMITS = {
  /** the whole URL of a link this app writes, in characters (chat apps and servers cope) */
  MAX_LINK_URL: 8000,
  /** the `#s=` payload this app reads, in base64url characters */
  MAX_LINK_PAYLOAD: 65_536,
  /** what a link's payload may inflate to, in bytes of JSON */
  MAX_INFLATED: 2 * 1024 * 1024,
  /** a scenario file, in bytes */
  MAX_FILE: 32 * 1024 * 1024,
  /** the YAML or dump text inside a document, in characters */
  MAX_TEXT: 32 * 1024 * 1024,
  /** the host document: nesting depth and number of values */
  MAX_HOST_DEPTH: 8,
  MAX_HOST_VALUES: 50_000,
} as const;

/** Why a link or file could not be read. Messages live in strings.ts, keyed by code. */
export type ShareErrorCode =
  | 'too-long'
  | 'not-base64'
  | 'inflate'
  | 'too-big'
  | 'not-text'
  | 'not-json'
  | 'no-version'
  | 'future-version'
  | 'schema'
  | 'file-too-big'
  | 'file-read';

/** What a field should have been, for the schema error's message. */
export type Expected =
  | { kind: 'object' }
  | { kind: 'boolean' }
  | { kind: 'string'; max: number }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'one-of'; values: readonly string[] }
  | { kind: 'json'; depth: number; values: number }
  | { kind: 'present' };

export type ShareError =
  | { code: Exclude<ShareErrorCode, 'future-version' | 'schema'>; limit?: number }
  | { code: 'future-version'; version: number }
  | { code: 'schema'; path: string; expected: Expected };

export type Decoded = { ok: true; doc: ScenarioDoc } | { ok: false; error: ShareError };
