/** Checks across objects: things each manifest alone cannot show to be wrong. */
import { formatIPv4, formatPrefix, inPrefix } from '../../netfilter/ipv4.ts';
import type { ClusterReport } from './diagnostics.ts';
import { PodIndex, resolveTargetPort } from '../model/endpoints.ts';
import { spanOf, type ClusterModel, type ClusterService } from '../model/model.ts';

export function validateCluster(model: ClusterModel, report: ClusterReport): void {
  checkNodes(model, report);
  checkPods(model, report);
  checkServices(model, report);
  checkSlices(model, report);
}

function checkNodes(model: ClusterModel, report: ClusterReport): void {
  const ips = new Map<number, string>();
  model.nodes.forEach((n, i) => {
    for (const ip of n.internalIPs) {
      const other = ips.get(ip);
      if (other !== undefined)
        report.error(
          'duplicate-address',
          n.ref.span,
          `node ${n.name} has InternalIP ${formatIPv4(ip)}, which node ${other} already has`,
        );
      else ips.set(ip, n.name);
    }
    if (n.podCIDR === null)
      report.warn(
        'missing-field',
        n.ref.span,
        `node ${n.name} has no spec.podCIDR; its pods need explicit status.podIP and no route to them can be made`,
      );
    for (const m of model.nodes.slice(0, i)) {
      if (
        n.podCIDR &&
        m.podCIDR &&
        (inPrefix(n.podCIDR.address, m.podCIDR) || inPrefix(m.podCIDR.address, n.podCIDR))
      )
        report.warn(
          'duplicate-address',
          spanOf(n.ref, 'spec.podCIDR'),
          `node ${n.name}'s podCIDR ${formatPrefix(n.podCIDR)} overlaps node ${m.name}'s ${formatPrefix(m.podCIDR)}`,
        );
    }
    const cc = model.proxy.clusterCIDR;
    if (cc && n.podCIDR && !inPrefix(n.podCIDR.address, cc))
      report.warn(
        'address-outside-cidr',
        spanOf(n.ref, 'spec.podCIDR'),
        `node ${n.name}'s podCIDR ${formatPrefix(n.podCIDR)} is outside clusterCIDR ${formatPrefix(cc)}: kube-proxy will treat its pods as outside the cluster`,
      );
  });
}

function checkPods(model: ClusterModel, report: ClusterReport): void {
  const nodes = new Map(model.nodes.map((n) => [n.name, n]));
  const ips = new Map<number, string>();
  for (const p of model.pods) {
    if (p.nodeName !== null && !nodes.has(p.nodeName))
      report.error(
        'unknown-node',
        spanOf(p.ref, 'spec.nodeName'),
        `pod ${p.name} runs on node ${p.nodeName}, which is not defined`,
      );
    if (p.podIP === null) continue;
    const other = ips.get(p.podIP);
    if (other !== undefined && !p.terminating)
      report.warn(
        'duplicate-address',
        spanOf(p.ref, 'status.podIP'),
        `pod ${p.name} has IP ${formatIPv4(p.podIP)}, which pod ${other} already has`,
      );
    else ips.set(p.podIP, p.name);
    const node = p.nodeName === null ? undefined : nodes.get(p.nodeName);
    if (node?.podCIDR && !inPrefix(p.podIP, node.podCIDR))
      report.warn(
        'address-outside-cidr',
        spanOf(p.ref, 'status.podIP'),
        `pod ${p.name}'s IP ${formatIPv4(p.podIP)} is outside its node ${node.name}'s podCIDR ${formatPrefix(node.podCIDR)}`,
      );
  }
}

function checkServices(model: ClusterModel, report: ClusterReport): void {
  const index = new PodIndex(model.pods);
  const nodePorts = new Map<number, { svc: ClusterService; protocol: string }>();
  const clusterIPs = new Map<number, string>();
  const cidr = model.settings.serviceCIDR;
  for (const s of model.services) {
    if (s.clusterIP !== null) {
      if (!inPrefix(s.clusterIP, cidr))
        report.error(
          'address-outside-cidr',
          spanOf(s.ref, 'spec.clusterIP'),
          `Service ${s.name}'s clusterIP ${formatIPv4(s.clusterIP)} is outside serviceCIDR ${formatPrefix(cidr)}`,
        );
      const other = clusterIPs.get(s.clusterIP);
      if (other !== undefined)
        report.error(
          'duplicate-address',
          spanOf(s.ref, 'spec.clusterIP'),
          `Service ${s.name} has clusterIP ${formatIPv4(s.clusterIP)}, which Service ${other} already has`,
        );
      else clusterIPs.set(s.clusterIP, `${s.namespace}/${s.name}`);
    }
    for (const p of s.ports) {
      if (p.nodePort === 0) continue;
      const other = nodePorts.get(p.nodePort);
      if (other && (other.svc !== s || other.protocol === p.protocol))
        report.error(
          'duplicate-node-port',
          p.span,
          `nodePort ${p.nodePort} is already used by Service ${other.svc.namespace}/${other.svc.name}`,
        );
      else nodePorts.set(p.nodePort, { svc: s, protocol: p.protocol });
      if (p.nodePort < 30000 || p.nodePort > 32767)
        report.info(
          'bad-value',
          p.span,
          `nodePort ${p.nodePort} is outside the default range 30000-32767; the API server accepts it only with a changed --service-node-port-range`,
        );
    }
    if (!s.selector || Object.keys(s.selector).length === 0 || s.type === 'ExternalName') continue;
    const selected = index.select(s.namespace, s.selector);
    if (selected.length === 0) {
      const selector = Object.entries(s.selector)
        .map(([k, v]) => `${k}=${v}`)
        .join(',');
      report.warn(
        'selects-nothing',
        spanOf(s.ref, 'spec.selector'),
        `Service ${s.name} selects no pod (selector ${selector} in namespace ${s.namespace}): it has no endpoints`,
        { kind: 'Service', name: s.name, selector, namespace: s.namespace },
      );
      continue;
    }
    for (const p of s.ports) {
      if (typeof p.targetPort !== 'string') continue;
      const missing = selected.filter(
        (pod) => resolveTargetPort(pod, p.targetPort, p.protocol) === undefined,
      );
      if (missing.length > 0)
        report.warn(
          'unknown-target-port',
          p.span,
          `targetPort "${p.targetPort}" (${p.protocol}) is not a container port name of ${missing.map((m) => m.name).join(', ')}; ${missing.length === selected.length ? 'the port has no endpoints' : 'those pods are left out'}`,
          {
            name: p.targetPort,
            protocol: p.protocol,
            pods: missing.map((m) => m.name).join(', '),
            effect: missing.length === selected.length ? 'no-endpoints' : 'pods-left-out',
          },
        );
    }
  }
}

function checkSlices(model: ClusterModel, report: ClusterReport): void {
  const services = new Set(model.services.map((s) => `${s.namespace}/${s.name}`));
  const nodes = new Set(model.nodes.map((n) => n.name));
  for (const sl of model.endpointSlices) {
    if (!services.has(`${sl.namespace}/${sl.serviceName}`))
      report.warn(
        'unknown-service',
        sl.ref.span,
        `EndpointSlice ${sl.name} belongs to Service ${sl.namespace}/${sl.serviceName}, which is not defined`,
        { slice: sl.name, service: `${sl.namespace}/${sl.serviceName}` },
      );
    for (const e of sl.endpoints) {
      if (e.nodeName !== null && !nodes.has(e.nodeName))
        report.warn(
          'unknown-node',
          sl.ref.span,
          `endpoint ${formatIPv4(e.address)} is on node ${e.nodeName}, which is not defined`,
        );
    }
  }
}
