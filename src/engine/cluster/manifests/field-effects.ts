/**
 * What the compiler does when a field is missing, said so that a misspelled key's warning can
 * tell the learner what the typo changes ("… is ignored, so the Service selects no pods").
 * Keyed by kind and dotted path without list indices; a Deployment's pod template shares the
 * Pod's entries. Each sentence follows "so ".
 */
import { isRecord } from './read-kit.ts';

type Effect = string | ((parent: Record<string, unknown>) => string);

const POD_EFFECTS: Record<string, Effect> = {
  'metadata.labels': 'the pods have no labels, and no Service selector matches them',
  'spec.nodeName': 'the pod is placed on a node the compiler picks',
  'spec.containers': 'the pod declares no containers and no ports',
  'spec.containers.ports':
    'the container declares no ports, and a Service targetPort that names one finds nothing',
  'spec.containers.ports.name':
    'the port has no name, and a targetPort that names it finds nothing',
  'spec.containers.ports.protocol': 'the port is taken as TCP',
  'status.podIP': "the pod is given an address from its node's podCIDR",
  'status.conditions': 'the pod counts as ready',
  'status.phase': 'the pod counts as running',
};

const EFFECTS: Record<string, Effect> = {
  'Service spec.selector':
    'the Service has no selector: it selects no pods and kube-proxy gives it no endpoints',
  'Service spec.ports': 'the Service has no ports, and kube-proxy writes no rules for it',
  'Service spec.ports.targetPort': (p) =>
    `traffic goes to the Service port's own number${typeof p['port'] === 'number' ? ` (${p['port']})` : ''}, the default targetPort`,
  'Service spec.ports.nodePort': 'a nodePort is assigned from 30000 up',
  'Service spec.ports.protocol': 'the port is taken as TCP',
  'Service spec.ports.name': 'the port has no name',
  'Service spec.type': 'the Service stays a ClusterIP Service, reachable only inside the cluster',
  'Service spec.clusterIP': 'a clusterIP is assigned from the service CIDR',
  'Service spec.externalTrafficPolicy':
    'externalTrafficPolicy stays Cluster: traffic from outside goes to endpoints on any node and is masqueraded, so the pod does not see the client address',
  'Service spec.internalTrafficPolicy':
    'internalTrafficPolicy stays Cluster: traffic from inside goes to endpoints on any node',
  'Service spec.sessionAffinity': 'sessionAffinity stays None: each connection picks anew',
  'Service spec.sessionAffinityConfig': 'the affinity timeout stays 10800 seconds',
  'Service spec.externalIPs': 'the Service has no external IPs',
  'Service spec.loadBalancerSourceRanges': 'every source address may use the load balancer',
  'Service spec.publishNotReadyAddresses': 'pods that are not ready are left out of the endpoints',
  'Service spec.allocateLoadBalancerNodePorts':
    'a LoadBalancer Service is given NodePorts, the default',
  'Service spec.healthCheckNodePort': 'a healthCheckNodePort is assigned',
  'Service metadata.namespace': 'the Service is in namespace default',
  'Deployment spec.replicas': 'the Deployment runs 1 replica, the default',
  'Deployment spec.template': 'the Deployment has no pod template and runs no pods',
  'Deployment spec.selector': "the Deployment's selector is empty",
  'Deployment metadata.namespace': 'the Deployment and its pods are in namespace default',
  'Pod metadata.namespace': 'the pod is in namespace default',
  'Node spec.podCIDR': 'the node has no podCIDR: its pods get no addresses and no route',
  'Node status.addresses': 'the node has no InternalIP',
  'EndpointSlice endpoints.conditions.ready': 'the endpoint counts as ready',
  'EndpointSlice endpoints.conditions.serving': 'serving follows ready',
  'EndpointSlice endpoints.conditions.terminating': 'the endpoint is not terminating',
  'EndpointSlice endpoints.nodeName': 'the endpoint is on no known node',
  'KubeProxyConfiguration clusterCIDR': "clusterCIDR is guessed from the nodes' podCIDRs",
  'KubeProxyConfiguration detectLocalMode': 'detectLocalMode stays ClusterCIDR',
  'KubeProxyConfiguration iptables.masqueradeAll': 'masqueradeAll stays false',
  'KubeProxyConfiguration iptables.masqueradeBit': 'the masquerade mark stays bit 14 (0x4000)',
  'Cluster serviceCIDR': 'the service CIDR stays 10.96.0.0/12',
  'Cluster backend': 'the iptables backend stays nft',
  'Cluster kubeProxyVersion': "kube-proxy's current rule layout is written",
};

for (const [path, effect] of Object.entries(POD_EFFECTS)) EFFECTS[`Pod ${path}`] = effect;

const TEMPLATE = 'spec.template.';

/**
 * What a missing `field` (a dotted path, no indices) of a `kind` changes, given its parent
 * mapping; undefined when there is nothing particular to say.
 */
export function effectOfMissing(kind: string, field: string, parent: unknown): string | undefined {
  const key = effectKey(kind, field);
  const effect = key === undefined ? undefined : EFFECTS[key];
  if (effect === undefined) return undefined;
  return typeof effect === 'string' ? effect : effect(isRecord(parent) ? parent : {});
}

/** The entry that says what a missing field changes (`Pod spec.nodeName`), if there is one. */
export function effectKey(kind: string, field: string): string | undefined {
  if (EFFECTS[`${kind} ${field}`] !== undefined) return `${kind} ${field}`;
  if (kind === 'Deployment' && field.startsWith(TEMPLATE)) {
    const key = `Pod ${field.slice(TEMPLATE.length)}`;
    if (EFFECTS[key] !== undefined) return key;
  }
  return undefined;
}
