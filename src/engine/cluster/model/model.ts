/**
 * The cluster as the compiler sees it after reading the manifests: plain data, every object
 * carrying a reference back to the YAML it came from (for provenance). IPv4 addresses are
 * numbers; a cluster with IPv6 (single-stack or dual-stack) keeps its IPv6 addresses as
 * canonical text in the optional `ipv6` parts, which the IPv6 proxier reads.
 */
import type { SourceSpan } from '../../rules/index.ts';
import type { Ipv4Prefix } from '../../netfilter/ipv4.ts';
import type { NetworkPolicyEngine, PolicySpec } from '../netpol/types.ts';

export type Protocol = 'TCP' | 'UDP' | 'SCTP';

/** Which object a thing came from: kind/namespace/name and the YAML range of the whole object. */
export interface ObjectRef {
  kind: string;
  /** absent for cluster-scoped objects (Node, the Cluster document, KubeProxyConfiguration) */
  namespace?: string;
  name: string;
  span: SourceSpan;
  /** spans of the fields diagnostics point at, by dotted path ("spec.selector") */
  at?: Record<string, SourceSpan>;
}

/** The span of a field of the object, or of the whole object when the field is absent. */
export function spanOf(ref: ObjectRef, field: string): SourceSpan {
  return ref.at?.[field] ?? ref.span;
}

/** An address family as the Kubernetes API spells it. */
export type IpFamily = 'IPv4' | 'IPv6';

/** An IPv6 address or range in canonical text, and its index in the list it was written in. */
export interface ListedIPv6 {
  text: string;
  index: number;
}

export interface ClusterNode {
  name: string;
  /** every InternalIP counts as a node IP (numbers are IPv4 addresses) */
  internalIPs: number[];
  externalIPs: number[];
  podCIDR: Ipv4Prefix | null;
  labels: Record<string, string>;
  ref: ObjectRef;
  /** set for a node the loader assumed because the description defines none */
  assumed?: true;
  /** the node's IPv6 InternalIPs and IPv6 podCIDR, when it has any */
  ipv6?: { internalIPs: string[]; podCIDR: string | null };
}

export interface ContainerPort {
  name: string | null;
  containerPort: number;
  protocol: Protocol;
}

export interface ClusterPod {
  namespace: string;
  name: string;
  labels: Record<string, string>;
  nodeName: string | null;
  podIP: number | null;
  ready: boolean;
  terminating: boolean;
  /** Succeeded or Failed pods are never endpoints */
  finished: boolean;
  ports: ContainerPort[];
  ref: ObjectRef;
  /** set for pods a Deployment produced */
  owner?: ObjectRef;
  /** the pod's IPv6 address (status.podIPs), when it has one */
  podIPv6?: string;
}

export type ServiceType = 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName';

export interface ServicePort {
  /** "" when the Service has one unnamed port */
  name: string;
  protocol: Protocol;
  port: number;
  targetPort: number | string;
  /** 0 when none */
  nodePort: number;
  span: SourceSpan;
}

export interface ClusterService {
  namespace: string;
  name: string;
  type: ServiceType;
  /** null for a headless Service (clusterIP: None) and for ExternalName */
  clusterIP: number | null;
  /** clusterIP: None — kube-proxy skips it */
  headless: boolean;
  externalIPs: number[];
  ports: ServicePort[];
  /** null when the Service has no selector (its endpoints come from EndpointSlices) */
  selector: Record<string, string> | null;
  externalTrafficPolicy: 'Cluster' | 'Local';
  internalTrafficPolicy: 'Cluster' | 'Local';
  sessionAffinity: 'None' | 'ClientIP';
  affinityTimeoutSeconds: number;
  loadBalancerSourceRanges: Ipv4Prefix[];
  loadBalancerIngressIPs: number[];
  /** 0 when none */
  healthCheckNodePort: number;
  publishNotReadyAddresses: boolean;
  /** false: a LoadBalancer gets no NodePort unless one is written (the API server allocates none) */
  allocateLoadBalancerNodePorts: boolean;
  ref: ObjectRef;
  /** the families the Service has once the API server defaulted them (absent: IPv4 only) */
  ipFamilies?: IpFamily[];
  /** the Service's IPv6 side: its IPv6 cluster IP and the IPv6 entries of its lists */
  ipv6?: ServiceIPv6;
}

export interface ServiceIPv6 {
  /** null until allocated, and for a Service without the IPv6 family */
  clusterIP: string | null;
  externalIPs: ListedIPv6[];
  loadBalancerSourceRanges: ListedIPv6[];
  loadBalancerIngressIPs: ListedIPv6[];
}

export interface SliceEndpoint {
  address: number;
  nodeName: string | null;
  ready: boolean;
  serving: boolean;
  terminating: boolean;
  /** the pod the endpoint stands for, when known */
  pod?: ObjectRef;
  /** the address of an endpoint of an IPv6 slice (`address` is then 0) */
  ipv6?: string;
}

export interface SlicePort {
  name: string;
  port: number;
  protocol: Protocol;
}

export interface ClusterEndpointSlice {
  namespace: string;
  name: string;
  serviceName: string;
  ports: SlicePort[];
  endpoints: SliceEndpoint[];
  ref: ObjectRef;
  /** IPv6 for an `addressType: IPv6` slice; absent for IPv4 */
  addressType?: 'IPv6';
}

export interface ClusterNetworkPolicy {
  namespace: string;
  name: string;
  spec: PolicySpec;
  ref: ObjectRef;
}

/** A Namespace object; namespaces that pods name without one are implied (labels: the name only). */
export interface ClusterNamespace {
  name: string;
  labels: Record<string, string>;
  ref: ObjectRef;
}

export type DetectLocalMode =
  'ClusterCIDR' | 'NodeCIDR' | 'BridgeInterface' | 'InterfaceNamePrefix';

/** kube-proxy's own settings (KubeProxyConfiguration, kubeproxy.config.k8s.io/v1alpha1). */
export interface ProxyConfig {
  /** null when neither the configuration nor the nodes give one */
  clusterCIDR: Ipv4Prefix | null;
  detectLocalMode: DetectLocalMode;
  bridgeInterface: string;
  interfaceNamePrefix: string;
  /** empty: every local address (kube-proxy's default); "primary": the node IPs */
  nodePortAddresses: (Ipv4Prefix | 'primary')[];
  masqueradeAll: boolean;
  masqueradeBit: number;
  localhostNodePorts: boolean;
  ref: ObjectRef | null;
  /** the IPv6 range of a dual-stack or IPv6 clusterCIDR (`10.244.0.0/16,fd00:10:244::/56`) */
  clusterCIDRv6?: string;
}

export interface ExternalClient {
  name: string;
  address: number;
  span: SourceSpan;
}

/** The netfilter-lab/v1alpha1 Cluster document: what neither Kubernetes nor kube-proxy says. */
export interface ClusterSettings {
  serviceCIDR: Ipv4Prefix;
  /**
   * the cluster's families, primary first, from serviceCIDR (`10.96.0.0/12,fd00:10:96::/112`);
   * absent: IPv4 only
   */
  ipFamilies?: IpFamily[];
  /** the IPv6 service range, when the cluster has IPv6 */
  serviceCIDRv6?: string;
  externalClients: ExternalClient[];
  backend: 'nft' | 'legacy';
  features: { randomFully: boolean; nfacct: boolean };
  /** the kube-proxy release whose rule layout is written (kube-proxy-version.ts) */
  kubeProxyVersion: KubeProxyVersion;
  /** which CNI writes NetworkPolicy into the rules; 'none' leaves policies out */
  networkPolicy: NetworkPolicyEngine;
  ref: ObjectRef | null;
}

/** A kube-proxy release as the Cluster document names it, and the layout of its era. */
export interface KubeProxyVersion {
  /** as written (`1.21`), or `current` */
  text: string;
  /** `legacy`: before v1.24 (KUBE-XLB, KUBE-FW with KUBE-MARK-DROP); `current`: v1.28 and later */
  layout: 'legacy' | 'current';
}

export interface ClusterModel {
  nodes: ClusterNode[];
  pods: ClusterPod[];
  services: ClusterService[];
  endpointSlices: ClusterEndpointSlice[];
  networkPolicies: ClusterNetworkPolicy[];
  namespaces: ClusterNamespace[];
  proxy: ProxyConfig;
  settings: ClusterSettings;
  /** objects of kinds the compiler does not know, kept so the editor can still show them */
  unknown: ObjectRef[];
}

/** The cluster's families, primary first. */
export function clusterFamilies(settings: ClusterSettings): IpFamily[] {
  return settings.ipFamilies ?? ['IPv4'];
}

export function refLabel(ref: ObjectRef): string {
  return ref.namespace === undefined
    ? `${ref.kind}/${ref.name}`
    : `${ref.kind}/${ref.namespace}/${ref.name}`;
}
