/**
 * The loader's steps for a cluster's families: each Service's families checked and defaulted
 * once the Cluster document has named the cluster's (it may come after the Services), and in a
 * cluster with IPv6, the IPv6 addresses the description leaves out: a pod's from its node's IPv6
 * podCIDR, a Service's cluster IP from the IPv6 serviceCIDR, each said with an info diagnostic.
 */
import { parseCidr, parseIPv6, formatIPv6 } from '../../rules/index.ts';
import type { ClusterReport } from './diagnostics.ts';
import { clusterFamilies, spanOf, type ClusterModel } from '../model/model.ts';
import { checkServiceFamilies } from './read-families.ts';
import type { Reader } from './read-kit.ts';

/**
 * Checks each Service's families (`services[i]` read `model.services[i]`); with no IPv6 in the
 * cluster, says its IPv6 addresses are ignored and leaves its IPv6 slices out.
 */
export function settleFamilies(
  model: ClusterModel,
  services: readonly Reader[],
  report: ClusterReport,
): void {
  const families = clusterFamilies(model.settings);
  model.services.forEach((svc, i) => checkServiceFamilies(services[i]!, svc, families));
  if (families.includes('IPv6')) return;
  for (const say of report.ipv6Unused) say();
  model.endpointSlices = model.endpointSlices.filter((slice) => {
    if (slice.addressType !== 'IPv6') return true;
    report.warn(
      'family-not-in-cluster',
      spanOf(slice.ref, 'addressType'),
      'addressType IPv6: a family this cluster does not have (it has IPv4 only); kube-proxy writes IPv4 rules only, so this slice is left out',
    );
    return false;
  });
}

/** The address `offset` hosts into the IPv6 range `cidr` (offsets stay far below 2^16). */
function hostInRange(cidr: string, offset: number): string | undefined {
  const net = parseCidr(cidr, 'ipv6');
  const groups = net ? parseIPv6(net.address) : undefined;
  if (!net || !groups || net.prefix > 112) return undefined;
  const out = groups.slice();
  out[7] = groups[7]! + offset;
  return out[7]! > 0xffff ? undefined : formatIPv6(out);
}

/** Pods' IPv6 addresses from their nodes' IPv6 podCIDRs, and Services' IPv6 cluster IPs. */
export function allocateIPv6(model: ClusterModel, report: ClusterReport): void {
  const used = new Set<string>();
  for (const p of model.pods) if (p.podIPv6 !== undefined) used.add(p.podIPv6);
  const next = new Map<string, number>();
  for (const pod of model.pods) {
    if (pod.podIPv6 !== undefined || pod.nodeName === null || pod.finished) continue;
    const node = model.nodes.find((n) => n.name === pod.nodeName);
    const cidr = node?.ipv6?.podCIDR;
    if (!node || !cidr) continue;
    let offset = next.get(node.name) ?? 2;
    let ip = hostInRange(cidr, offset);
    while (ip !== undefined && used.has(ip)) ip = hostInRange(cidr, ++offset);
    if (ip === undefined) continue;
    used.add(ip);
    next.set(node.name, offset + 1);
    pod.podIPv6 = ip;
    if (!pod.owner)
      report.info(
        'assumed',
        pod.ref.span,
        `pod ${pod.name} has no IPv6 address in status.podIPs; given ${ip} from ${node.name}'s IPv6 podCIDR`,
      );
  }
  const range = model.settings.serviceCIDRv6;
  if (range === undefined) return;
  const taken = new Set<string>();
  for (const s of model.services) if (s.ipv6?.clusterIP) taken.add(s.ipv6.clusterIP);
  let offset = 10;
  for (const s of model.services) {
    if (!s.ipv6 || s.ipv6.clusterIP !== null || !s.ipFamilies?.includes('IPv6')) continue;
    if (s.headless || s.type === 'ExternalName') continue;
    let ip = hostInRange(range, offset);
    while (ip !== undefined && taken.has(ip)) ip = hostInRange(range, ++offset);
    if (ip === undefined) continue;
    taken.add(ip);
    offset++;
    s.ipv6.clusterIP = ip;
    report.info(
      'assumed',
      s.ref.span,
      `Service ${s.name} has no IPv6 cluster IP; given ${ip} from serviceCIDR ${range}`,
    );
  }
}
