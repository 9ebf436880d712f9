/** NetworkPolicy (networking.k8s.io/v1) as the policy compilers read it, after API-server defaulting. */
import type { SourceSpan } from '../../rules/index.ts';
import type { Ipv4Prefix } from '../../netfilter/ipv4.ts';
import type { Protocol } from '../model/model.ts';

export type SelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';

export interface SelectorExpression {
  key: string;
  operator: SelectorOperator;
  values: string[];
}

/** A metav1.LabelSelector; both parts empty selects everything. */
export interface LabelSelector {
  matchLabels: Record<string, string>;
  matchExpressions: SelectorExpression[];
}

export interface IpBlock {
  cidr: Ipv4Prefix;
  except: Ipv4Prefix[];
}

/** One `from`/`to` entry: an ipBlock, or pod and/or namespace selectors (ANDed). */
export interface PolicyPeer {
  podSelector: LabelSelector | null;
  namespaceSelector: LabelSelector | null;
  ipBlock: IpBlock | null;
  span: SourceSpan;
}

export interface PolicyPort {
  protocol: Protocol;
  /** null: every port of the protocol; a string is a container port name */
  port: number | string | null;
  /** the end of a numeric range, when given */
  endPort: number | null;
  span: SourceSpan;
}

/** One ingress or egress rule: peers AND ports. */
export interface PolicyRule {
  /** null when the rule names no peer (every address); a list of at least one otherwise */
  peers: PolicyPeer[] | null;
  /** empty: every port and protocol */
  ports: PolicyPort[];
  /** its place in the YAML list (a rule that could not be read leaves a gap) */
  index: number;
  span: SourceSpan;
}

export type PolicyType = 'Ingress' | 'Egress';

export interface PolicySpec {
  podSelector: LabelSelector;
  /** as the API server defaults them: Ingress, plus Egress when egress rules are written */
  policyTypes: PolicyType[];
  ingress: PolicyRule[];
  egress: PolicyRule[];
}

/** The network-policy engine the Cluster document names. */
export type NetworkPolicyEngine = 'none' | 'calico' | 'kube-router';
