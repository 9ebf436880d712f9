/**
 * The IPv6 side of a node's host model, for a cluster with IPv6 (hosts.ts writes it only then,
 * so IPv4 clusters' host files stay as they were): `::1/128` on lo, the node's IPv6 InternalIPs
 * on eth0 (one /64 link for all nodes, as a cloud subnet gives), the first address of its IPv6
 * podCIDR on cni0 (each pod's IPv6 address on its port is hosts.ts's), a route to every other node's IPv6
 * podCIDR via that node's IPv6 address, and a default route (`::/0`) by eth0. Neighbour
 * discovery is left out, as the simulator leaves ARP out.
 */
import { formatIPv6, parseCidr, parseIPv6 } from '../../rules/index.ts';
import type { HostFile } from './hosts.ts';
import { clusterFamilies, type ClusterModel, type ClusterNode } from '../model/model.ts';

const LINK_PREFIX = 64;

/** The address `offset` into the range `cidr` (canonical `net/len`). */
function nth(cidr: string, offset: number): string | undefined {
  const net = parseCidr(cidr, 'ipv6');
  const g = net ? parseIPv6(net.address) : undefined;
  if (!g) return undefined;
  g[7] = g[7]! + offset;
  return formatIPv6(g);
}

/** The /64 holding the first node's IPv6 address, where every node's eth0 is modelled. */
function linkOf(model: ClusterModel): string | undefined {
  const first = model.nodes.flatMap((n) => n.ipv6?.internalIPs ?? [])[0];
  const net = first === undefined ? undefined : parseCidr(`${first}/${LINK_PREFIX}`, 'ipv6');
  return net ? `${net.address}/${net.prefix}` : undefined;
}

/** Adds the node's IPv6 addresses and routes to `host` when the cluster has IPv6. */
export function addIPv6(host: HostFile, model: ClusterModel, node: ClusterNode): void {
  if (!clusterFamilies(model.settings).includes('IPv6')) return;
  const byName = new Map(host.interfaces.map((i) => [i.name, i]));
  byName.get('lo')?.addresses.push('::1/128');
  for (const ip of node.ipv6?.internalIPs ?? [])
    byName.get('eth0')?.addresses.push(`${ip}/${LINK_PREFIX}`);
  const podCIDR = node.ipv6?.podCIDR;
  const cni0 = byName.get('cni0');
  const gateway = podCIDR === null || podCIDR === undefined ? undefined : nth(podCIDR, 1);
  if (cni0 && podCIDR && gateway) cni0.addresses.push(`${gateway}/${podCIDR.split('/')[1]}`);
  for (const other of model.nodes) {
    const via = other.ipv6?.internalIPs[0];
    const to = other.ipv6?.podCIDR;
    if (other === node || via === undefined || !to) continue;
    host.routes.push({ to, via, dev: 'eth0' });
  }
  const link = linkOf(model);
  const taken = new Set(model.nodes.flatMap((n) => n.ipv6?.internalIPs ?? []));
  let router: string | undefined;
  for (let o = 1; link !== undefined && o < 0xffff && router === undefined; o++) {
    const a = nth(link, o);
    if (a !== undefined && !taken.has(a)) router = a;
  }
  if (router !== undefined) host.routes.push({ to: '::/0', via: router, dev: 'eth0' });
}
