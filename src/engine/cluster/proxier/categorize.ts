/**
 * Which endpoints a node uses for a service port (facts from kubernetes pkg/proxy/topology.go,
 * CategorizeEndpoints, and pkg/proxy/serviceport.go): Cluster policy uses every ready endpoint,
 * Local policy the ready ones on this node; each falls back to serving-and-terminating endpoints
 * when it has no ready one. Topology hints are not modelled.
 */
import type { Endpoint } from '../model/endpoints.ts';
import type { ClusterService, ServicePort } from '../model/model.ts';

export interface PortTraits {
  externallyAccessible: boolean;
  externalPolicyLocal: boolean;
  internalPolicyLocal: boolean;
  usesClusterEndpoints: boolean;
  usesLocalEndpoints: boolean;
}

export function portTraits(svc: ClusterService, port: ServicePort): PortTraits {
  const externallyAccessible =
    port.nodePort !== 0 || svc.loadBalancerIngressIPs.length > 0 || svc.externalIPs.length > 0;
  // the Service-level test: NodePort/LoadBalancer types, or ClusterIP with externalIPs
  const serviceExternal =
    svc.type === 'NodePort' || svc.type === 'LoadBalancer' || svc.externalIPs.length > 0;
  const externalPolicyLocal = serviceExternal && svc.externalTrafficPolicy === 'Local';
  const internalPolicyLocal = svc.internalTrafficPolicy === 'Local';
  return {
    externallyAccessible,
    externalPolicyLocal,
    internalPolicyLocal,
    usesClusterEndpoints: !internalPolicyLocal || externallyAccessible,
    usesLocalEndpoints: internalPolicyLocal || (externalPolicyLocal && externallyAccessible),
  };
}

export interface Categorized {
  cluster: Endpoint[];
  local: Endpoint[];
  /** every endpoint this node may send to: one KUBE-SEP chain each */
  reachable: Endpoint[];
  /** some endpoint anywhere in the cluster can serve */
  hasAny: boolean;
}

export function categorize(
  endpoints: readonly Endpoint[],
  traits: PortTraits,
  nodeName: string,
): Categorized {
  let cluster: Endpoint[] = [];
  let local: Endpoint[] = [];
  let hasAny = false;
  const isLocal = (e: Endpoint) => e.nodeName === nodeName;
  if (traits.usesClusterEndpoints) {
    cluster = endpoints.filter((e) => e.ready);
    if (cluster.length === 0) cluster = endpoints.filter((e) => e.serving && e.terminating);
    hasAny = cluster.length > 0;
  }
  if (!traits.usesLocalEndpoints) return { cluster, local, reachable: cluster, hasAny };
  let localReady = false;
  let localTerminating = false;
  for (const e of endpoints) {
    if (e.ready) {
      hasAny = true;
      if (isLocal(e)) localReady = true;
    } else if (e.serving && e.terminating) {
      hasAny = true;
      if (isLocal(e)) localTerminating = true;
    }
  }
  if (localReady) local = endpoints.filter((e) => isLocal(e) && e.ready);
  else if (localTerminating)
    local = endpoints.filter((e) => isLocal(e) && e.serving && e.terminating);
  if (!traits.usesClusterEndpoints) return { cluster, local, reachable: local, hasAny };
  if (!localTerminating || localReady) return { cluster, local, reachable: cluster, hasAny };
  // local terminating endpoints are not in the cluster list: merge (kube-proxy's order is a map's;
  // the order of KUBE-SEP chains does not show in iptables-save, which sorts chains by name)
  const merged = new Map<string, Endpoint>();
  for (const e of [...cluster, ...local]) merged.set(e.text, e);
  return { cluster, local, reachable: [...merged.values()], hasAny };
}
