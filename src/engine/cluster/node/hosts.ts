/**
 * Each node's host model for the simulator, as plain data in the host-file format that
 * netfilter/host-reader.ts reads (docs/formats.md, the host file). Pod networking is modelled plainly, as the issue
 * asks: eth0 carries the node's InternalIPs, the pods' bridge cni0 carries the first address of
 * the node's podCIDR with one veth port per pod, lo is always there; every other node's podCIDR
 * is routed via that node's IP, and a default route leaves by eth0. eth0's prefix is the
 * smallest one (at most /24) that puts every node on one link, so the routes' gateways are
 * directly reachable; the default gateway is the first free address of that link.
 */
import { formatIPv4, formatPrefix, inPrefix, type Ipv4Prefix } from '../../netfilter/ipv4.ts';
import { hash32 } from './hosts-names.ts';
import { addIPv6 } from './hosts-ipv6.ts';
import { clusterFamilies, type ClusterModel, type ClusterNode } from '../model/model.ts';
import { workloadInterface } from '../netpol/index.ts';

export interface HostFileInterface {
  name: string;
  addresses: string[];
}

export interface HostFileRoute {
  to: string;
  via?: string;
  dev: string;
}

export interface HostFilePort {
  name: string;
  addresses: string[];
  hairpin: boolean;
}

/** The host file (YAML/JSON) shape; readHost() turns it into the simulator's Host. */
export interface HostFile {
  interfaces: HostFileInterface[];
  routes: HostFileRoute[];
  ipForward: boolean;
  bridgeNetfilter: boolean;
  routeLocalnet: boolean;
  bridges: { name: string; ports: HostFilePort[] }[];
  backend: 'nft' | 'legacy';
}

/** The prefix that holds every node IP: their common prefix, but never longer than /24. */
export function nodeLink(model: ClusterModel): Ipv4Prefix | null {
  const ips = model.nodes.flatMap((n) => n.internalIPs);
  const first = ips[0];
  if (first === undefined) return null;
  let prefix = 24;
  const net = (p: number) => (p === 0 ? 0 : (first & ((0xffffffff << (32 - p)) >>> 0)) >>> 0);
  while (prefix > 0 && !ips.every((ip) => inPrefix(ip, { address: first, prefix }))) prefix--;
  return { address: net(prefix), prefix };
}

function gatewayOf(link: Ipv4Prefix, taken: Set<number>): number {
  for (let o = 1; o < 2 ** (32 - link.prefix) - 1; o++) {
    const a = (link.address + o) >>> 0;
    if (!taken.has(a)) return a;
  }
  return (link.address + 1) >>> 0;
}

/** The veth name a pod's host side gets: stable, 15 characters at most like the kernel allows. */
export function vethName(namespace: string, name: string): string {
  return `veth${hash32(`${namespace}/${name}`).toString(16).padStart(8, '0')}`;
}

/** Whether pods sit behind routed interfaces of their own (Calico) rather than on cni0. */
export function routedPods(model: ClusterModel): boolean {
  return model.settings.networkPolicy === 'calico';
}

/**
 * The host-side device a pod's packets come in by and leave by: its veth on cni0, or with Calico
 * its own `cali…` interface, which the node routes the pod's /32 to (Calico uses no bridge).
 */
export function podDevice(model: ClusterModel, namespace: string, name: string): string {
  return routedPods(model) ? workloadInterface(namespace, name) : vethName(namespace, name);
}

export function hostOf(model: ClusterModel, node: ClusterNode): HostFile {
  const link = nodeLink(model);
  const taken = new Set(model.nodes.flatMap((n) => n.internalIPs));
  const eth0 = node.internalIPs.map((ip) => `${formatIPv4(ip)}/${link?.prefix ?? 24}`);
  const interfaces: HostFileInterface[] = [
    { name: 'lo', addresses: ['127.0.0.1/8'] },
    { name: 'eth0', addresses: eth0 },
  ];
  const bridges: HostFile['bridges'] = [];
  const routes: HostFileRoute[] = [];
  const localPods = model.pods.filter(
    (p) => p.nodeName === node.name && (p.podIP !== null || p.podIPv6 !== undefined) && !p.finished,
  );
  if (routedPods(model))
    for (const p of localPods) {
      const dev = podDevice(model, p.namespace, p.name);
      interfaces.push({ name: dev, addresses: [] });
      routes.push({ to: `${formatIPv4(p.podIP ?? 0)}/32`, dev });
    }
  else if (node.podCIDR || node.ipv6?.podCIDR) {
    // an IPv6-only node's cni0 gets its IPv6 gateway address from addIPv6
    interfaces.push({
      name: 'cni0',
      addresses: node.podCIDR
        ? [`${formatIPv4((node.podCIDR.address + 1) >>> 0)}/${node.podCIDR.prefix}`]
        : [],
    });
    const ipv6 = clusterFamilies(model.settings).includes('IPv6');
    const ports = localPods.map((p) => ({
      name: vethName(p.namespace, p.name),
      addresses: [
        ...(p.podIP !== null ? [formatIPv4(p.podIP)] : []),
        ...(ipv6 && p.podIPv6 !== undefined ? [p.podIPv6] : []),
      ],
      hairpin: true,
    }));
    bridges.push({ name: 'cni0', ports });
  }
  for (const other of model.nodes) {
    const via = other.internalIPs[0];
    if (other === node || !other.podCIDR || via === undefined) continue;
    routes.push({ to: formatPrefix(other.podCIDR), via: formatIPv4(via), dev: 'eth0' });
  }
  if (link) routes.push({ to: 'default', via: formatIPv4(gatewayOf(link, taken)), dev: 'eth0' });
  const host: HostFile = {
    interfaces,
    routes,
    ipForward: true,
    bridgeNetfilter: true,
    // kube-proxy sets route_localnet=1 when NodePorts answer on localhost
    routeLocalnet: model.proxy.localhostNodePorts,
    bridges,
    backend: model.settings.backend,
  };
  addIPv6(host, model, node);
  return host;
}

/** Every node's host model, by node name. */
export function hostsOf(model: ClusterModel): Record<string, HostFile> {
  const out: Record<string, HostFile> = {};
  for (const n of model.nodes) out[n.name] = hostOf(model, n);
  return out;
}
