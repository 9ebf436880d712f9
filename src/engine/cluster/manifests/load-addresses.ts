/**
 * The loader's fill-ins for the IPv4 addresses and ports a description leaves out: pod IPs from
 * their node's podCIDR, ClusterIPs from serviceCIDR, NodePorts and health-check ports from 30000
 * up, and kube-proxy's clusterCIDR from the nodes' podCIDRs. Each is chosen deterministically and
 * said with an info diagnostic.
 */
import { formatIPv4, formatPrefix, inPrefix, type Ipv4Prefix } from '../../netfilter/ipv4.ts';
import { NO_SPAN, type ClusterReport } from './diagnostics.ts';
import type { ClusterModel, ClusterNode } from '../model/model.ts';

/** Pods without a node go round-robin over the nodes; pods without an IP get one from their node. */
export function placePods(model: ClusterModel, report: ClusterReport): void {
  const used = new Set<number>();
  for (const p of model.pods) if (p.podIP !== null) used.add(p.podIP);
  const next = new Map<string, number>();
  // the first node of each name, as a search of the list would find it
  const byName = new Map<string, ClusterNode>();
  for (const n of model.nodes) if (!byName.has(n.name)) byName.set(n.name, n);
  let rr = 0;
  for (const pod of model.pods) {
    if (pod.nodeName === null && model.nodes.length > 0 && !pod.owner) {
      const node = model.nodes[rr++ % model.nodes.length];
      if (node) {
        pod.nodeName = node.name;
        report.info(
          'assumed',
          pod.ref.span,
          `pod ${pod.name} has no spec.nodeName; placed on ${node.name}`,
          { sentence: 'pod-node', pod: pod.name, node: node.name },
        );
      }
    }
    if (pod.podIP !== null || pod.nodeName === null) continue;
    const node = byName.get(pod.nodeName);
    if (!node?.podCIDR) continue;
    const ip = nextFree(node.podCIDR, next.get(node.name) ?? 2, used);
    if (ip === undefined) {
      report.error(
        'bad-value',
        pod.ref.span,
        `node ${node.name}'s podCIDR ${formatPrefix(node.podCIDR)} has no free address left for pod ${pod.name}`,
      );
      continue;
    }
    used.add(ip.address);
    next.set(node.name, ip.offset + 1);
    pod.podIP = ip.address;
    if (!pod.owner)
      report.info(
        'assumed',
        pod.ref.span,
        `pod ${pod.name} has no status.podIP; given ${formatIPv4(ip.address)} from ${node.name}'s podCIDR`,
        { sentence: 'pod-ip', pod: pod.name, ip: formatIPv4(ip.address), node: node.name },
      );
  }
}

/** The first unused host address at or after `offset` in the prefix (skipping network/broadcast). */
function nextFree(
  cidr: Ipv4Prefix,
  offset: number,
  used: Set<number>,
): { address: number; offset: number } | undefined {
  // the prefix's size with shifts (2 ** n is a floating-point power); 2^32 for /0
  const size = cidr.prefix === 0 ? 4294967296 : (1 << (32 - cidr.prefix)) >>> 0;
  for (let o = offset; o < size - 1; o++) {
    const a = (cidr.address + o) >>> 0;
    if (!used.has(a)) return { address: a, offset: o };
  }
  return undefined;
}

/** Missing ClusterIPs come from serviceCIDR (from .10 up), missing NodePorts from 30000 up. */
export function allocateServiceAddresses(model: ClusterModel, report: ClusterReport): void {
  const usedIPs = new Set<number>();
  const usedPorts = new Set<number>();
  for (const s of model.services) {
    if (s.clusterIP !== null) usedIPs.add(s.clusterIP);
    for (const p of s.ports) if (p.nodePort) usedPorts.add(p.nodePort);
    if (s.healthCheckNodePort) usedPorts.add(s.healthCheckNodePort);
  }
  let ipOffset = 10;
  let nextPort = 30000;
  const takePort = (): number => {
    while (usedPorts.has(nextPort)) nextPort++;
    usedPorts.add(nextPort);
    return nextPort;
  };
  for (const s of model.services) {
    // a clusterIP that is written but unreadable was reported already: do not replace it
    if (
      s.clusterIP === null &&
      (s.ipFamilies?.includes('IPv4') ?? true) &&
      s.type !== 'ExternalName' &&
      !s.headless &&
      s.ref.at?.['spec.clusterIP'] === undefined
    ) {
      const ip = nextFree(model.settings.serviceCIDR, ipOffset, usedIPs);
      if (ip) {
        s.clusterIP = ip.address;
        usedIPs.add(ip.address);
        ipOffset = ip.offset + 1;
        report.info(
          'assumed',
          s.ref.span,
          `Service ${s.name} has no spec.clusterIP; given ${formatIPv4(ip.address)} from serviceCIDR ${formatPrefix(model.settings.serviceCIDR)}`,
          {
            sentence: 'cluster-ip',
            name: s.name,
            ip: formatIPv4(ip.address),
            cidr: formatPrefix(model.settings.serviceCIDR),
          },
        );
      }
    }
    // allocateLoadBalancerNodePorts: false leaves a LoadBalancer's unwritten nodePorts unallocated
    const allocates =
      s.type === 'NodePort' || (s.type === 'LoadBalancer' && s.allocateLoadBalancerNodePorts);
    if (allocates) {
      for (const p of s.ports) {
        if (p.nodePort !== 0) continue;
        p.nodePort = takePort();
        report.info(
          'assumed',
          p.span,
          `port ${p.name || p.port} of Service ${s.name} has no nodePort; given ${p.nodePort}`,
          { sentence: 'node-port', port: p.name || p.port, name: s.name, nodePort: p.nodePort },
        );
      }
    }
    if (
      s.type === 'LoadBalancer' &&
      s.externalTrafficPolicy === 'Local' &&
      s.healthCheckNodePort === 0
    ) {
      s.healthCheckNodePort = takePort();
      report.info(
        'assumed',
        s.ref.span,
        `LoadBalancer Service ${s.name} with externalTrafficPolicy Local has no healthCheckNodePort; given ${s.healthCheckNodePort}`,
        { sentence: 'health-check-port', name: s.name, port: s.healthCheckNodePort },
      );
    }
  }
}

/**
 * kube-proxy needs clusterCIDR for its local-traffic test. When the configuration does not give
 * one, take the /16 holding the nodes' podCIDRs (what k3s, flannel and kubeadm clusters use), or
 * the smallest range covering them all when they do not share a /16.
 */
export function defaultClusterCIDR(model: ClusterModel, report: ClusterReport): void {
  if (model.proxy.clusterCIDR !== null) return;
  const cidrs = model.nodes.map((n) => n.podCIDR).filter((c): c is Ipv4Prefix => c !== null);
  const first = cidrs[0];
  if (!first) return;
  let guess: Ipv4Prefix = {
    address: (first.address & 0xffff0000) >>> 0,
    prefix: Math.min(16, first.prefix),
  };
  if (!cidrs.every((c) => inPrefix(c.address, guess) && c.prefix >= guess.prefix)) {
    let prefix = Math.min(...cidrs.map((c) => c.prefix));
    while (prefix > 0) {
      const mask = (0xffffffff << (32 - prefix)) >>> 0;
      const net = (first.address & mask) >>> 0;
      if (cidrs.every((c) => (c.address & mask) >>> 0 === net)) break;
      prefix--;
    }
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    guess = { address: (first.address & mask) >>> 0, prefix };
  }
  model.proxy.clusterCIDR = guess;
  report.info(
    'assumed',
    model.proxy.ref?.span ?? model.nodes[0]?.ref.span ?? NO_SPAN,
    `no clusterCIDR in a KubeProxyConfiguration; using ${formatPrefix(guess)}, which holds every node's podCIDR`,
    { sentence: 'cluster-cidr', cidr: formatPrefix(guess) },
  );
}
