/**
 * Where a packet can be in a cluster journey, and what an address stands for: a pod, a node, an
 * external client, or one of a Service's addresses. Used both to start a journey (the flow's
 * source and destination) and to follow it (which node a packet leaving by eth0 reaches next).
 */
import {
  formatAddr,
  inPrefix,
  parseIpPrefix,
  parseIPv6Number,
  type Addr,
  type AddrFamily,
  type IpPrefix,
} from '../../netfilter/ipv4.ts';
import type { ClusterModel, ClusterNode, ClusterPod, ListedIPv6 } from '../model/model.ts';

/** A place a packet leaves from or arrives at. */
export type Place =
  | { kind: 'pod'; pod: ClusterPod; node: ClusterNode }
  | { kind: 'node'; node: ClusterNode }
  /** outside the cluster: a named client of the Cluster document, or any other address */
  | { kind: 'client'; name: string | null; address: Addr };

/** Plain data naming a place, for the journey's output. */
export interface PlaceView {
  kind: 'pod' | 'node' | 'client';
  /** `default/web-0`, the node's name, the client's name or its address */
  name: string;
  /** the node a pod runs on */
  node?: string;
  address: string;
}

/** A pod or node without an address given is shown by its IPv4 one. */
export function placeView(p: Place, address?: Addr): PlaceView {
  switch (p.kind) {
    case 'pod':
      return {
        kind: 'pod',
        name: `${p.pod.namespace}/${p.pod.name}`,
        node: p.node.name,
        address: formatAddr(address ?? p.pod.podIP ?? 0),
      };
    case 'node':
      return { kind: 'node', name: p.node.name, address: formatAddr(address ?? nodeIP(p.node)) };
    case 'client':
      return {
        kind: 'client',
        name: p.name ?? formatAddr(p.address),
        address: formatAddr(address ?? p.address),
      };
  }
}

/** `10.96.0.10:80`, or `[fd00:10:96::80]:80` so an IPv6 address's last group is not read as the port. */
export function endsText(addr: string, port: number | null): string {
  if (port === null) return addr;
  return addr.includes(':') ? `[${addr}]:${port}` : `${addr}:${port}`;
}

export function placeLabel(p: PlaceView): string {
  if (p.kind === 'client') return p.name === p.address ? p.address : `client ${p.name}`;
  return p.kind === 'pod' ? `pod ${p.name}` : `node ${p.name}`;
}

export function nodeIP(node: ClusterNode, family: AddrFamily = 'ipv4'): Addr {
  return family === 'ipv4' ? (node.internalIPs[0] ?? 0) : (nodeAddresses(node, family)[0] ?? 0n);
}

/** IPv6 text of the model as a number; 0n for text that is no address (the loader refused it). */
function v6(text: string): bigint {
  return parseIPv6Number(text) ?? 0n;
}

/** The node's InternalIPs of one family. */
export function nodeAddresses(node: ClusterNode, family: AddrFamily): Addr[] {
  return family === 'ipv4' ? node.internalIPs : (node.ipv6?.internalIPs ?? []).map(v6);
}

/** The pod's address of one family, null when it has none. */
export function podAddress(pod: ClusterPod, family: AddrFamily): Addr | null {
  if (family === 'ipv4') return pod.podIP;
  return pod.podIPv6 === undefined ? null : v6(pod.podIPv6);
}

/** The node's podCIDR of the address's family. */
export function podCIDROf(node: ClusterNode, family: AddrFamily): IpPrefix | null {
  if (family === 'ipv4') return node.podCIDR;
  return node.ipv6?.podCIDR ? (parseIpPrefix(node.ipv6.podCIDR) ?? null) : null;
}

function familyOfAddr(a: Addr): AddrFamily {
  return typeof a === 'number' ? 'ipv4' : 'ipv6';
}

/** A running pod with this address (finished pods hold no address any more). */
export function podWithAddress(
  model: ClusterModel,
  address: Addr,
  nodeName?: string,
): ClusterPod | undefined {
  if (typeof address === 'number')
    return model.pods.find(
      (p) =>
        p.podIP === address && !p.finished && (nodeName === undefined || p.nodeName === nodeName),
    );
  return model.pods.find(
    (p) =>
      p.podIPv6 !== undefined &&
      v6(p.podIPv6) === address &&
      !p.finished &&
      (nodeName === undefined || p.nodeName === nodeName),
  );
}

export function nodeWithAddress(model: ClusterModel, address: Addr): ClusterNode | undefined {
  if (typeof address === 'number') return model.nodes.find((n) => n.internalIPs.includes(address));
  return model.nodes.find((n) => nodeAddresses(n, 'ipv6').includes(address));
}

/** The node whose podCIDR holds the address: where the plain pod network routes it. */
export function nodeOfPodNetwork(model: ClusterModel, address: Addr): ClusterNode | undefined {
  const family = familyOfAddr(address);
  return model.nodes.find((n) => {
    const cidr = podCIDROf(n, family);
    return cidr !== null && inPrefix(address, cidr);
  });
}

/** The node a packet from outside for this address reaches on its own: the node owning it. */
export function nodeOwning(model: ClusterModel, address: Addr): ClusterNode | undefined {
  return nodeWithAddress(model, address) ?? nodeOfPodNetwork(model, address);
}

function listed(list: readonly ListedIPv6[], address: bigint): boolean {
  return list.some((e) => v6(e.text) === address);
}

/** What an IPv6 address is beyond pods and nodes: a bridge, or one of a Service's addresses. */
function ipv6Role(model: ClusterModel, address: bigint): string | null {
  for (const n of model.nodes) {
    const cidr = podCIDROf(n, 'ipv6');
    if (cidr && (cidr.address as bigint) + 1n === address) return `cni0 of node ${n.name}`;
  }
  for (const s of model.services) {
    const name = `${s.namespace}/${s.name}`;
    const six = s.ipv6;
    if (!six) continue;
    if (six.clusterIP !== null && v6(six.clusterIP) === address) return `cluster IP of ${name}`;
    if (listed(six.loadBalancerIngressIPs, address)) return `load-balancer IP of ${name}`;
    if (listed(six.externalIPs, address)) return `external IP of ${name}`;
  }
  return null;
}

/** What an address is to a student: "cluster IP of default/web", "pod default/web-0" … */
export function addressRole(model: ClusterModel, address: Addr): string | null {
  const pod = podWithAddress(model, address);
  if (pod) return `pod ${pod.namespace}/${pod.name}`;
  const node = nodeWithAddress(model, address);
  if (node) return `node ${node.name}`;
  if (typeof address === 'bigint') return ipv6Role(model, address);
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
export function placeOf(model: ClusterModel, address: Addr): Place {
  const pod = podWithAddress(model, address);
  const podNode = pod?.nodeName ? model.nodes.find((n) => n.name === pod.nodeName) : undefined;
  if (pod && podNode) return { kind: 'pod', pod, node: podNode };
  const node = nodeWithAddress(model, address);
  if (node) return { kind: 'node', node };
  const client = model.settings.externalClients.find((c) => c.address === address);
  return { kind: 'client', name: client?.name ?? null, address };
}
