/**
 * Where a packet can be in a cluster journey, and what an address stands for: a pod, a node, an
 * external client, or one of a Service's addresses. Used both to start a journey (the flow's
 * source and destination) and to follow it (which node a packet leaving by eth0 reaches next).
 */
import { formatIPv4, inPrefix } from '../../netfilter/ipv4.ts';
import type { ClusterModel, ClusterNode, ClusterPod } from '../model.ts';

/** A place a packet leaves from or arrives at. */
export type Place =
  | { kind: 'pod'; pod: ClusterPod; node: ClusterNode }
  | { kind: 'node'; node: ClusterNode }
  /** outside the cluster: a named client of the Cluster document, or any other address */
  | { kind: 'client'; name: string | null; address: number };

/** Plain data naming a place, for the journey's output. */
export interface PlaceView {
  kind: 'pod' | 'node' | 'client';
  /** `default/web-0`, the node's name, the client's name or its address */
  name: string;
  /** the node a pod runs on */
  node?: string;
  address: string;
}

export function placeView(p: Place, address?: number): PlaceView {
  switch (p.kind) {
    case 'pod':
      return {
        kind: 'pod',
        name: `${p.pod.namespace}/${p.pod.name}`,
        node: p.node.name,
        address: formatIPv4(address ?? p.pod.podIP ?? 0),
      };
    case 'node':
      return { kind: 'node', name: p.node.name, address: formatIPv4(address ?? nodeIP(p.node)) };
    case 'client':
      return {
        kind: 'client',
        name: p.name ?? formatIPv4(p.address),
        address: formatIPv4(address ?? p.address),
      };
  }
}

export function placeLabel(p: PlaceView): string {
  if (p.kind === 'client') return p.name === p.address ? p.address : `client ${p.name}`;
  return p.kind === 'pod' ? `pod ${p.name}` : `node ${p.name}`;
}

export function nodeIP(node: ClusterNode): number {
  return node.internalIPs[0] ?? 0;
}

/** A running pod with this address (finished pods hold no address any more). */
export function podWithAddress(
  model: ClusterModel,
  address: number,
  nodeName?: string,
): ClusterPod | undefined {
  return model.pods.find(
    (p) =>
      p.podIP === address && !p.finished && (nodeName === undefined || p.nodeName === nodeName),
  );
}

export function nodeWithAddress(model: ClusterModel, address: number): ClusterNode | undefined {
  return model.nodes.find((n) => n.internalIPs.includes(address));
}

/** The node whose podCIDR holds the address: where the plain pod network routes it. */
export function nodeOfPodNetwork(model: ClusterModel, address: number): ClusterNode | undefined {
  return model.nodes.find((n) => n.podCIDR !== null && inPrefix(address, n.podCIDR));
}

/** The node a packet from outside for this address reaches on its own: the node owning it. */
export function nodeOwning(model: ClusterModel, address: number): ClusterNode | undefined {
  return nodeWithAddress(model, address) ?? nodeOfPodNetwork(model, address);
}

/** What an address is to a student: "cluster IP of default/web", "pod default/web-0" … */
export function addressRole(model: ClusterModel, address: number): string | null {
  const pod = podWithAddress(model, address);
  if (pod) return `pod ${pod.namespace}/${pod.name}`;
  const node = nodeWithAddress(model, address);
  if (node) return `node ${node.name}`;
  for (const n of model.nodes) {
    if (n.podCIDR && (n.podCIDR.address + 1) >>> 0 === address) return `cni0 of node ${n.name}`;
    if (n.externalIPs.includes(address)) return `external address of node ${n.name}`;
  }
  const client = model.settings.externalClients.find((c) => c.address === address);
  if (client) return `client ${client.name}`;
  for (const s of model.services) {
    const name = `${s.namespace}/${s.name}`;
    if (s.clusterIP === address) return `cluster IP of ${name}`;
    if (s.loadBalancerIngressIPs.includes(address)) return `load-balancer IP of ${name}`;
    if (s.externalIPs.includes(address)) return `external IP of ${name}`;
  }
  return null;
}

/** What a packet's address is, as a place it can be delivered to from this node. */
export function placeOf(model: ClusterModel, address: number): Place {
  const pod = podWithAddress(model, address);
  const podNode = pod?.nodeName ? model.nodes.find((n) => n.name === pod.nodeName) : undefined;
  if (pod && podNode) return { kind: 'pod', pod, node: podNode };
  const node = nodeWithAddress(model, address);
  if (node) return { kind: 'node', node };
  const client = model.settings.externalClients.find((c) => c.address === address);
  return { kind: 'client', name: client?.name ?? null, address };
}
