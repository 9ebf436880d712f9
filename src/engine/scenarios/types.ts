/** A named example shipped with the app: a cluster, a flow to follow through it, words for both. */
import type { PacketForm } from '../scenario/doc.ts';

export interface Text {
  en: string;
  ko: string;
}

/** The flow file's shape (docs/formats.md, `journey --flow`). */
export interface FlowDoc {
  from: string;
  to: string;
  proto?: 'tcp' | 'udp' | 'sctp';
  sport?: number;
  tcpFlags?: string;
  via?: string;
}

export interface ScenarioCluster {
  /** a short name for this version of the cluster, e.g. "2 pods" */
  label: Text;
  /** the cluster as YAML manifests */
  yaml: string;
}

export interface Scenario {
  id: string;
  title: Text;
  /** one line for the example picker */
  summary: Text;
  description: Text;
  /** one cluster, or several versions of it to compare (scaling from 4 to 3 to 2 pods) */
  clusters: ScenarioCluster[];
  flow: FlowDoc;
  /** the same flow as the app's packet form, and the node whose rules it opens on */
  packet: PacketForm;
  node: string;
  /** the app sends the packet as two connections from the same client (session affinity) */
  connectTwice?: boolean;
}
