/**
 * What the proxier reads from kube-proxy's configuration and the node once, before any Service:
 * the masquerade mark, the local-traffic detector (pkg/proxy/util/localdetector.go) and which
 * addresses accept NodePorts (pkg/proxy/util/nodeport_addresses.go).
 */
import { formatPrefix, inPrefix, type Ipv4Prefix } from '../../netfilter/ipv4.ts';
import type { ClusterModel, ClusterNode } from '../model/model.ts';
import { sourceOf, type ProvenanceSource } from '../node/provenance.ts';

export interface NodeView {
  node: ClusterNode;
  /** the node's primary IP (its first InternalIP) */
  nodeIP: number | null;
  /** addresses on the node's interfaces in interface order (lo, eth0, cni0) */
  localAddresses: number[];
}

/** Go's %#08x: "0x" and at least six hex digits. */
export function markText(bit: number): string {
  return `0x${((1 << bit) >>> 0).toString(16).padStart(6, '0')}`;
}

/** Go's %0.10f of 1/n (ties cannot occur below 1024 endpoints, where toFixed and Go agree). */
export function probabilityText(n: number): string {
  return (1 / n).toFixed(10);
}

/** The words that tell pod traffic from other traffic, and where the setting came from. */
export interface LocalDetector {
  ifLocal: string[];
  ifNotLocal: string[];
  source: ProvenanceSource;
}

export function localDetector(
  model: ClusterModel,
  node: ClusterNode,
  ipv6 = false,
): LocalDetector | null {
  const cfg = model.proxy;
  const cfgSource = (field: string): ProvenanceSource =>
    cfg.ref
      ? sourceOf(cfg.ref, field)
      : { kind: 'KubeProxyConfiguration', name: 'defaults', span: node.ref.span, field };
  const byCidr = (c: Ipv4Prefix | string, source: ProvenanceSource): LocalDetector => {
    const text = typeof c === 'string' ? c : formatPrefix(c);
    return { ifLocal: ['-s', text], ifNotLocal: ['!', '-s', text], source };
  };
  const byInterface = (name: string, field: string): LocalDetector => ({
    ifLocal: ['-i', name],
    ifNotLocal: ['!', '-i', name],
    source: cfgSource(field),
  });
  switch (cfg.detectLocalMode) {
    case 'ClusterCIDR': {
      const cidr = ipv6 ? cfg.clusterCIDRv6 : cfg.clusterCIDR;
      return cidr ? byCidr(cidr, cfgSource('clusterCIDR')) : null;
    }
    case 'NodeCIDR': {
      const cidr = ipv6 ? node.ipv6?.podCIDR : node.podCIDR;
      return cidr ? byCidr(cidr, sourceOf(node.ref, 'spec.podCIDR')) : null;
    }
    case 'BridgeInterface':
      return cfg.bridgeInterface
        ? byInterface(cfg.bridgeInterface, 'detectLocal.bridgeInterface')
        : null;
    case 'InterfaceNamePrefix':
      return cfg.interfaceNamePrefix
        ? byInterface(`${cfg.interfaceNamePrefix}+`, 'detectLocal.interfaceNamePrefix')
        : null;
  }
}

/** Which addresses accept NodePorts: all local ones, or those in nodePortAddresses. */
export interface NodePortScope {
  matchAll: boolean;
  addresses: number[];
  /** localhost NodePorts survive only when the scope includes 127.0.0.1 */
  localhostNodePorts: boolean;
  /** the IPv6 proxier's addresses (when not matchAll) */
  addresses6?: string[];
}

/**
 * The IPv6 proxier's scope: `primary` names the node's IPv6 addresses; IPv4 ranges say nothing
 * to it (and the model reads no IPv6 ranges there), so without `primary` every local address
 * accepts NodePorts. Localhost NodePorts are IPv4 only.
 */
export function nodePortScope6(model: ClusterModel, view: NodeView): NodePortScope {
  const primary = model.proxy.nodePortAddresses.includes('primary');
  const addresses6 = primary ? (view.node.ipv6?.internalIPs ?? []) : [];
  return { matchAll: !primary, addresses: [], localhostNodePorts: false, addresses6 };
}

export function nodePortScope(model: ClusterModel, view: NodeView): NodePortScope {
  const entries = model.proxy.nodePortAddresses;
  const cidrs = entries.filter((e): e is Ipv4Prefix => e !== 'primary');
  const matchAll = entries.length === 0 || cidrs.some((c) => c.prefix === 0);
  const containsLoopback = matchAll || cidrs.some((c) => inPrefix(0x7f000001, c));
  const localhostNodePorts = model.proxy.localhostNodePorts && containsLoopback;
  if (matchAll) return { matchAll, addresses: [], localhostNodePorts };
  const addresses: number[] = [];
  const primary = entries.includes('primary') ? view.node.internalIPs : [];
  for (const a of view.localAddresses) {
    if (addresses.includes(a)) continue;
    if (primary.includes(a) || cidrs.some((c) => inPrefix(a, c))) addresses.push(a);
  }
  return { matchAll, addresses, localhostNodePorts };
}
