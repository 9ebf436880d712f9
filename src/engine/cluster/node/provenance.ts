/**
 * Why each generated rule exists: which objects (and which YAML ranges) produced it. Plain data,
 * keyed by the rule's id in the compiled ruleset (`table/chain/index`), so the UI can go from a
 * rule to its Service, port and endpoint and back.
 */
import type { SourceSpan } from '../../rules/index.ts';
import type { ObjectRef } from '../model/model.ts';

export type RuleWriter = 'kube-proxy' | 'kubelet' | 'calico' | 'kube-router';

export type RuleRole =
  | 'hook-jump' // a built-in chain jumping to a kube-proxy or kubelet chain
  | 'postrouting-return'
  | 'postrouting-unmark'
  | 'masquerade'
  | 'mark-for-masquerade'
  | 'block-localnet'
  | 'forward-drop-invalid'
  | 'forward-accept-marked'
  | 'forward-accept-established'
  | 'cluster-ip'
  | 'cluster-ip-masquerade'
  | 'external-ip'
  | 'load-balancer-ip'
  | 'node-port'
  | 'node-port-localhost'
  | 'nodeports-jump'
  | 'health-check-node-port'
  | 'reject-no-endpoints'
  | 'drop-no-local-endpoints'
  | 'firewall-drop'
  | 'external-masquerade'
  | 'external-pod-shortcut'
  | 'external-local-masquerade'
  | 'external-local-shortcut'
  | 'external-policy'
  | 'firewall-allow-range'
  | 'firewall-allow-self'
  | 'firewall-fallthrough'
  | 'affinity-check'
  | 'load-balance'
  | 'endpoint-hairpin-masquerade'
  | 'endpoint-dnat'
  | 'policy-hook' // a CNI's jump into its chains, or its accept at the end of a built-in chain
  | 'policy-static' // a CNI chain that is the same on every node
  | 'policy-dispatch' // picks the chain of the pod behind an interface
  | 'policy-endpoint' // a pod's own chain: state, tiers, the drop when no policy allowed
  | 'policy-group' // the jumps to a run of policies with one selector, shared by the pods they select
  | 'policy-allow' // a NetworkPolicy rule: marks what it allows
  | 'policy-profile' // the namespace's or service account's default
  | 'policy-nat'; // the CNI's own NAT (pool masquerade)

export interface ProvenanceSource {
  kind: string;
  namespace?: string;
  name: string;
  span: SourceSpan;
  /** the part of the object that mattered, e.g. "spec.ports[0]" or "iptables.masqueradeBit" */
  field?: string;
}

export interface RuleProvenance {
  writer: RuleWriter;
  role: RuleRole;
  sources: ProvenanceSource[];
  /** kube-proxy's service port name, e.g. "default/web:http" */
  servicePort?: string;
  /** the endpoint, e.g. "10.42.0.43:8080" */
  endpoint?: string;
  /** NetworkPolicy rules: the policies, as namespace/name */
  policies?: string[];
  /** the policy rule, e.g. "ingress[0]" (0-based, as the YAML lists them) */
  policyRule?: string;
  /** the pod a CNI rule is for, as namespace/name */
  pod?: string;
  /**
   * A rule that decides both directions of a pod (kube-router's pod chain): the pod's address,
   * which tells the direction from the packet, and the policies isolating each direction.
   */
  podPolicies?: { podIP: string; ingress: string[]; egress: string[] };
}

export function sourceOf(ref: ObjectRef, field?: string, span?: SourceSpan): ProvenanceSource {
  // each shape written out whole (a property added later needs a second allocation)
  const { kind, name, namespace } = ref;
  const at = span ?? ref.span;
  if (namespace === undefined)
    return field === undefined ? { kind, name, span: at } : { kind, name, span: at, field };
  return field === undefined
    ? { kind, name, span: at, namespace }
    : { kind, name, span: at, namespace, field };
}
