/**
 * What the rule families of one node and one Service port read: the node's settings and shared
 * parts, then the port's chains, endpoints and verdicts (pkg/proxy/iptables/proxier.go decides
 * these once per port before writing any of its rules).
 */
import { formatIPv4 } from '../../netfilter/ipv4.ts';
import { categorize, portTraits, type Categorized, type PortTraits } from './categorize.ts';
import { serviceChains, type ServiceChains } from './chain-names.ts';
import type { Endpoint } from '../model/endpoints.ts';
import type { ClusterModel, ClusterService, ObjectRef, ServicePort } from '../model/model.ts';
import { sourceOf, type ProvenanceSource, type RuleRole } from '../node/provenance.ts';
import type { RestoreRuleReader, RulePart } from '../restore/restore-rule.ts';
import type { LocalDetector, NodePortScope, NodeView } from './node-settings.ts';
import type { EndpointParts } from './sep-chains.ts';
import type { RestoreWriter, RuleOwner } from './writer.ts';

export interface NodeContext {
  model: ClusterModel;
  view: NodeView;
  w: RestoreWriter;
  detector: LocalDetector | null;
  scope: NodePortScope;
  parts: RestoreRuleReader;
  /** `-m statistic --mode random --probability 1/n` by n, shared by every Service */
  probabilities: Map<number, RulePart>;
  /** `-m PROTO -p PROTO` in a KUBE-SEP chain, by protocol */
  protocols: Map<string, RulePart>;
  /** `-j KUBE-MARK-MASQ` */
  markMasq: RulePart;
  /** the provenance source of each object behind an endpoint (a Deployment is behind many) */
  refSources: Map<ObjectRef, ProvenanceSource>;
  /** set when this is the IPv6 proxier (ip6tables): addresses come from the model's ipv6 parts */
  ipv6: IPv6Node | null;
}

/** What the IPv6 proxier reads of the node. */
export interface IPv6Node {
  /** the node's primary IPv6 address */
  nodeIP: string | null;
}

/** A filter-table verdict for traffic kube-proxy has nowhere to send. */
export interface Verdict {
  target: 'REJECT' | 'DROP';
  comment: string;
  role: RuleRole;
}

export interface PortContext {
  node: NodeContext;
  w: RestoreWriter;
  svc: ClusterService;
  port: ServicePort;
  /** the service port name, `namespace/name:port` */
  name: string;
  /** the protocol in lower case, as `-m` and `-p` take it */
  proto: string;
  clusterIP: string;
  chains: ServiceChains;
  traits: PortTraits;
  endpoints: Categorized;
  hasEndpoints: boolean;
  /** the cluster IP leads somewhere: false with internalTrafficPolicy Local and no local endpoint */
  hasInternal: boolean;
  /** external destinations lead somewhere (the same for externalTrafficPolicy) */
  hasExternal: boolean;
  /** SVL for internalTrafficPolicy Local, else SVC */
  internalTrafficChain: string;
  /** SVL for externalTrafficPolicy Local, else SVC */
  externalPolicyChain: string;
  usesExtChain: boolean;
  usesFwChain: boolean;
  /** the load-balancer IPs' target: FW when source ranges apply, else EXT */
  loadBalancerChain: string;
  loadBalancerIPs: string[];
  /** each load-balancer IP's index in status.loadBalancer.ingress */
  loadBalancerIndexes: number[] | null;
  /** what the filter table does with traffic that leads nowhere (!hasInternal, !hasExternal) */
  verdict: Verdict;
  /** the Service's port, the source of most of its rules */
  portSrc: ProvenanceSource;
  owner: RuleOwner;
  /** each endpoint's chain and parts: named in up to four rules, hashed and read once */
  seps: Map<string, EndpointParts>;
}

export function portContext(
  node: NodeContext,
  svc: ClusterService,
  port: ServicePort,
  name: string,
  endpoints: Endpoint[],
): PortContext {
  const traits = portTraits(svc, port);
  const cat = categorize(endpoints, traits, node.view.node.name);
  const chains = serviceChains(name, port.protocol);
  const hasEndpoints = cat.hasAny;
  const hasInternal = hasEndpoints && !(traits.internalPolicyLocal && cat.local.length === 0);
  const hasExternal = hasEndpoints && !(traits.externalPolicyLocal && cat.local.length === 0);
  const v6 = node.ipv6 ? svc.ipv6 : undefined;
  const loadBalancerIPs = v6
    ? v6.loadBalancerIngressIPs.map((a) => a.text)
    : svc.loadBalancerIngressIPs.map(formatIPv4);
  const ranges = v6 ? v6.loadBalancerSourceRanges.length : svc.loadBalancerSourceRanges.length;
  const usesFwChain = hasEndpoints && loadBalancerIPs.length > 0 && ranges > 0;
  const noEndpoints: Verdict = {
    target: 'REJECT',
    comment: `${name} has no endpoints`,
    role: 'reject-no-endpoints',
  };
  const noLocalEndpoints: Verdict = {
    target: 'DROP',
    comment: `${name} has no local endpoints`,
    role: 'drop-no-local-endpoints',
  };
  return {
    node,
    w: node.w,
    svc,
    port,
    name,
    proto: port.protocol.toLowerCase(),
    clusterIP: v6 ? (v6.clusterIP ?? '') : formatIPv4(svc.clusterIP ?? 0),
    chains,
    traits,
    endpoints: cat,
    hasEndpoints,
    hasInternal,
    hasExternal,
    internalTrafficChain: traits.internalPolicyLocal ? chains.svl : chains.svc,
    externalPolicyChain: traits.externalPolicyLocal ? chains.svl : chains.svc,
    usesExtChain: hasEndpoints && traits.externallyAccessible,
    usesFwChain,
    loadBalancerChain: usesFwChain ? chains.fw : chains.ext,
    loadBalancerIPs,
    loadBalancerIndexes: v6 ? v6.loadBalancerIngressIPs.map((a) => a.index) : null,
    verdict: hasEndpoints ? noLocalEndpoints : noEndpoints,
    portSrc: sourceOf(svc.ref, `spec.ports[${svc.ports.indexOf(port)}]`, port.span),
    owner: { servicePort: name },
    seps: new Map(),
  };
}
