/** Readers for the core Kubernetes kinds: Node, Pod, Service, EndpointSlice, NetworkPolicy. */
import type { Ipv4Prefix } from '../../netfilter/ipv4.ts';
import { isRecord, Reader, shown } from './read-kit.ts';
import type {
  ClusterEndpointSlice,
  ClusterNode,
  ClusterPod,
  ClusterService,
  ContainerPort,
  ServicePort,
  ServiceIPv6,
  ServiceType,
  SliceEndpoint,
  SlicePort,
} from '../model/model.ts';

export interface Meta {
  name: string;
  namespace: string;
}

/** metadata.name is required everywhere; namespace defaults to "default" as kubectl does. */
export function readMeta(r: Reader, kind: string): Meta | undefined {
  const name = r.str(['metadata', 'name']);
  if (name === undefined || name === '') {
    r.error(['metadata'], 'missing-field', `this ${kind} has no metadata.name`);
    return undefined;
  }
  return { name, namespace: r.str(['metadata', 'namespace']) ?? 'default' };
}

export function readNode(r: Reader): ClusterNode | undefined {
  const meta = readMeta(r, 'Node');
  if (!meta) return undefined;
  const internalIPs: number[] = [];
  const externalIPs: number[] = [];
  const internalIPv6: string[] = [];
  r.list(['status', 'addresses']).forEach((a, i) => {
    if (!isRecord(a))
      return r.error(
        ['status', 'addresses', i],
        'bad-type',
        `an address should be {type, address}, got ${shown(a)}`,
      );
    const type = a['type'];
    if (type !== 'InternalIP' && type !== 'ExternalIP') return; // Hostname, InternalDNS …
    const ip = r.ip(['status', 'addresses', i, 'address']);
    if (typeof ip === 'number') (type === 'InternalIP' ? internalIPs : externalIPs).push(ip);
    else if (ip !== undefined && type === 'InternalIP') internalIPv6.push(ip);
  });
  if (internalIPs.length === 0 && internalIPv6.length === 0)
    r.error(
      ['status'],
      'missing-field',
      `node ${meta.name} has no InternalIP in status.addresses; kube-proxy needs the node's IP`,
    );
  // podCIDRs holds one range per family (podCIDR repeats the first)
  let podCIDR: Ipv4Prefix | null = null;
  let podCIDRv6: string | null = null;
  const take = (c: Ipv4Prefix | string | undefined): void => {
    if (typeof c === 'string') podCIDRv6 ??= c;
    else if (c !== undefined) podCIDR ??= c;
  };
  take(r.cidrAny(['spec', 'podCIDR']));
  r.list(['spec', 'podCIDRs']).forEach((_, i) => {
    const written = r.str(['spec', 'podCIDRs', i]);
    if (i === 0 && written !== undefined && written === r.str(['spec', 'podCIDR'])) return;
    take(r.cidrAny(['spec', 'podCIDRs', i]));
  });
  const node: ClusterNode = {
    name: meta.name,
    internalIPs,
    externalIPs,
    podCIDR,
    labels: r.labels(['metadata', 'labels']),
    ref: r.ref('Node', meta.name, undefined, ['spec.podCIDR', 'status.addresses']),
  };
  if (internalIPv6.length > 0 || podCIDRv6 !== null)
    node.ipv6 = { internalIPs: internalIPv6, podCIDR: podCIDRv6 };
  return node;
}

export function readContainerPorts(
  r: Reader,
  containersPath: (string | number)[],
): ContainerPort[] {
  const ports: ContainerPort[] = [];
  r.list(containersPath).forEach((_, ci) => {
    const c = r.within([...containersPath, ci]);
    c.list(['ports']).forEach((_, pi) => {
      const p = c.within(['ports', pi]);
      const containerPort = p.int(['containerPort'], 1, 65535);
      if (containerPort === undefined) {
        if (p.get(['containerPort']) === undefined)
          p.error([], 'missing-field', 'a container port needs containerPort');
        return;
      }
      ports.push({
        name: p.str(['name']) ?? null,
        containerPort,
        protocol: p.protocol(['protocol']),
      });
    });
  });
  return ports;
}

export function readPod(r: Reader): ClusterPod | undefined {
  const meta = readMeta(r, 'Pod');
  if (!meta) return undefined;
  // podIPs holds one address per family (podIP repeats the first)
  let podIP: number | null = null;
  let podIPv6: string | undefined;
  const take = (ip: number | string | undefined): void => {
    if (typeof ip === 'string') podIPv6 ??= ip;
    else if (ip !== undefined && podIP === null) podIP = ip;
  };
  if (r.get(['status', 'podIP']) !== undefined) take(r.ip(['status', 'podIP']));
  r.list(['status', 'podIPs']).forEach((_, i) => {
    const written = r.str(['status', 'podIPs', i, 'ip']);
    if (i === 0 && written !== undefined && written === r.str(['status', 'podIP'])) return;
    take(r.ip(['status', 'podIPs', i, 'ip']));
  });
  // No status at all means "running and ready", what a student writing a bare Pod expects.
  let ready = true;
  const conditions = r.list(['status', 'conditions']);
  const readyIdx = conditions.findIndex((c) => isRecord(c) && c['type'] === 'Ready');
  if (readyIdx >= 0) {
    const s = r.get(['status', 'conditions', readyIdx, 'status']);
    ready = s === 'True' || s === true;
  }
  const phase = r.str(['status', 'phase']);
  const pod: ClusterPod = {
    namespace: meta.namespace,
    name: meta.name,
    labels: r.labels(['metadata', 'labels']),
    nodeName: r.str(['spec', 'nodeName']) ?? null,
    podIP,
    ready,
    terminating:
      r.get(['metadata', 'deletionTimestamp']) !== undefined &&
      r.get(['metadata', 'deletionTimestamp']) !== null,
    finished: phase === 'Succeeded' || phase === 'Failed',
    ports: readContainerPorts(r, ['spec', 'containers']),
    ref: r.ref('Pod', meta.name, meta.namespace, ['spec.nodeName', 'status.podIP']),
  };
  if (podIPv6 !== undefined) pod.podIPv6 = podIPv6;
  return pod;
}

const SERVICE_TYPES: readonly ServiceType[] = [
  'ClusterIP',
  'NodePort',
  'LoadBalancer',
  'ExternalName',
];

export function readService(r: Reader): ClusterService | undefined {
  const meta = readMeta(r, 'Service');
  if (!meta) return undefined;
  const type = r.oneOf(['spec', 'type'], SERVICE_TYPES) ?? 'ClusterIP';
  const ipText = r.str(['spec', 'clusterIP']);
  let clusterIP: number | null = null;
  let headless = false;
  if (ipText === 'None') headless = true;
  else if (ipText !== undefined && ipText !== '' && !ipText.includes(':'))
    clusterIP = r.ipv4(['spec', 'clusterIP']) ?? null;
  // the families (and an IPv6 cluster IP) are checked once the cluster's are known (load.ts)
  const ports: ServicePort[] = [];
  const rawPorts = r.list(['spec', 'ports']);
  rawPorts.forEach((_, i) => {
    const p = r.within(['spec', 'ports', i]);
    const port = p.int(['port'], 1, 65535);
    if (port === undefined) {
      if (p.get(['port']) === undefined)
        p.error([], 'missing-field', 'a Service port needs "port"');
      return;
    }
    const name = p.str(['name']) ?? '';
    if (name === '' && rawPorts.length > 1)
      p.error([], 'missing-field', 'every port of a Service with more than one port needs a name');
    const tp = p.get(['targetPort']);
    let targetPort: number | string = port;
    if (typeof tp === 'number') targetPort = p.int(['targetPort'], 1, 65535) ?? port;
    else if (typeof tp === 'string') targetPort = /^[0-9]+$/.test(tp) ? Number(tp) : tp;
    else if (tp !== undefined && tp !== null)
      p.error(
        ['targetPort'],
        'bad-type',
        `targetPort should be a port number or a port name, got ${shown(tp)}`,
      );
    const nodePort = p.int(['nodePort'], 1, 65535) ?? 0;
    if (nodePort !== 0 && type !== 'NodePort' && type !== 'LoadBalancer')
      p.warn(
        ['nodePort'],
        'bad-value',
        `nodePort is only used by NodePort and LoadBalancer Services; this one is ${type}`,
      );
    ports.push({
      name,
      protocol: p.protocol(['protocol']),
      port,
      targetPort,
      nodePort: type === 'NodePort' || type === 'LoadBalancer' ? nodePort : 0,
      span: p.span(),
    });
  });
  const selectorRec = r.record(['spec', 'selector']);
  // each list keeps its IPv4 entries as numbers and its IPv6 ones for the IPv6 proxier
  const v6: ServiceIPv6 = {
    clusterIP: null,
    externalIPs: [],
    loadBalancerSourceRanges: [],
    loadBalancerIngressIPs: [],
  };
  const externalIPs: number[] = [];
  r.list(['spec', 'externalIPs']).forEach((_, i) => {
    const a = r.ip(['spec', 'externalIPs', i]);
    if (typeof a === 'string') v6.externalIPs.push({ text: a, index: i });
    else if (a !== undefined) externalIPs.push(a);
  });
  const ranges: Ipv4Prefix[] = [];
  r.list(['spec', 'loadBalancerSourceRanges']).forEach((_, i) => {
    const c = r.cidrAny(['spec', 'loadBalancerSourceRanges', i]);
    if (typeof c === 'string') v6.loadBalancerSourceRanges.push({ text: c, index: i });
    else if (c) ranges.push(c);
  });
  const ingress: number[] = [];
  r.list(['status', 'loadBalancer', 'ingress']).forEach((item, i) => {
    if (!isRecord(item) || item['ip'] === undefined) return; // hostname-only ingress: nothing for kube-proxy
    // ipMode Proxy: the load balancer proxies itself, so kube-proxy writes no rules for the IP
    if (item['ipMode'] === 'Proxy') return;
    const a = r.ip(['status', 'loadBalancer', 'ingress', i, 'ip']);
    if (typeof a === 'string') v6.loadBalancerIngressIPs.push({ text: a, index: i });
    else if (a !== undefined) ingress.push(a);
  });
  if (ingress.length > 0 && type !== 'LoadBalancer')
    r.warn(
      ['status', 'loadBalancer'],
      'bad-value',
      `status.loadBalancer only counts for type LoadBalancer; this Service is ${type}`,
    );
  const affinity = r.oneOf(['spec', 'sessionAffinity'], ['None', 'ClientIP'] as const) ?? 'None';
  const timeout =
    r.int(['spec', 'sessionAffinityConfig', 'clientIP', 'timeoutSeconds'], 1, 86400) ?? 10800;
  const etp =
    r.oneOf(['spec', 'externalTrafficPolicy'], ['Cluster', 'Local'] as const) ?? 'Cluster';
  const itp =
    r.oneOf(['spec', 'internalTrafficPolicy'], ['Cluster', 'Local'] as const) ?? 'Cluster';
  if (type === 'ExternalName' && r.str(['spec', 'externalName']) === undefined)
    r.error(['spec'], 'missing-field', 'an ExternalName Service needs spec.externalName');
  const svc: ClusterService = {
    namespace: meta.namespace,
    name: meta.name,
    type,
    clusterIP: type === 'ExternalName' || headless ? null : clusterIP,
    headless,
    externalIPs,
    ports,
    selector: selectorRec ? r.labels(['spec', 'selector']) : null,
    externalTrafficPolicy: etp,
    internalTrafficPolicy: itp,
    sessionAffinity: affinity,
    affinityTimeoutSeconds: timeout,
    loadBalancerSourceRanges: type === 'LoadBalancer' ? ranges : [],
    loadBalancerIngressIPs: type === 'LoadBalancer' ? ingress : [],
    healthCheckNodePort: r.int(['spec', 'healthCheckNodePort'], 1, 65535) ?? 0,
    publishNotReadyAddresses: r.bool(['spec', 'publishNotReadyAddresses']) ?? false,
    allocateLoadBalancerNodePorts: r.bool(['spec', 'allocateLoadBalancerNodePorts']) ?? true,
    ref: r.ref('Service', meta.name, meta.namespace, ['spec.selector', 'spec.clusterIP']),
  };
  if (type !== 'LoadBalancer') v6.loadBalancerSourceRanges = v6.loadBalancerIngressIPs = [];
  svc.ipv6 = v6;
  return svc;
}

/** True when the Service is headless (clusterIP: None) — kube-proxy writes nothing for it. */
export function isHeadless(r: Reader): boolean {
  return r.get(['spec', 'clusterIP']) === 'None';
}

export function readEndpointSlice(r: Reader): ClusterEndpointSlice | undefined {
  const meta = readMeta(r, 'EndpointSlice');
  if (!meta) return undefined;
  const serviceName = r.str(['metadata', 'labels', 'kubernetes.io/service-name']);
  if (serviceName === undefined) {
    r.error(
      ['metadata'],
      'missing-field',
      'an EndpointSlice needs the label kubernetes.io/service-name naming its Service',
    );
    return undefined;
  }
  const addressType = r.str(['addressType']);
  if (addressType !== undefined && addressType !== 'IPv4' && addressType !== 'IPv6') {
    r.warn(
      ['addressType'],
      'ipv6-ignored',
      `addressType ${addressType}: only IPv4 and IPv6 slices give kube-proxy addresses; this one is ignored`,
    );
    return undefined;
  }
  const ports: SlicePort[] = [];
  r.list(['ports']).forEach((_, i) => {
    const port = r.int(['ports', i, 'port'], 1, 65535);
    if (port === undefined)
      return r.warn(
        ['ports', i],
        'missing-field',
        'a slice port without "port" is ignored (as kube-proxy does)',
      );
    ports.push({
      name: r.str(['ports', i, 'name']) ?? '',
      port,
      protocol: r.protocol(['ports', i, 'protocol']),
    });
  });
  const endpoints: SliceEndpoint[] = [];
  r.list(['endpoints']).forEach((_, i) => {
    const p = ['endpoints', i];
    if (r.list([...p, 'addresses']).length === 0)
      return r.warn(p, 'missing-field', 'an endpoint without addresses is ignored');
    const address = r.ip([...p, 'addresses', 0]);
    if (address === undefined) return;
    if ((typeof address === 'string') !== (addressType === 'IPv6'))
      return r.error(
        [...p, 'addresses', 0],
        'bad-value',
        `${shown(r.get([...p, 'addresses', 0]))} is not an address of this slice's addressType ${addressType ?? 'IPv4'}`,
      );
    // kube-proxy's reading of the conditions: ready unless false, serving defaults to ready
    const ready = r.bool([...p, 'conditions', 'ready']) ?? true;
    const serving = r.bool([...p, 'conditions', 'serving']) ?? ready;
    const terminating = r.bool([...p, 'conditions', 'terminating']) ?? false;
    const ep: SliceEndpoint = {
      address: typeof address === 'number' ? address : 0,
      nodeName: r.str([...p, 'nodeName']) ?? null,
      ready,
      serving,
      terminating,
    };
    if (typeof address === 'string') ep.ipv6 = address;
    const podName =
      r.get([...p, 'targetRef', 'kind']) === 'Pod' ? r.str([...p, 'targetRef', 'name']) : undefined;
    if (podName !== undefined)
      ep.pod = {
        kind: 'Pod',
        namespace: r.str([...p, 'targetRef', 'namespace']) ?? meta.namespace,
        name: podName,
        span: r.span([...p, 'targetRef']),
      };
    endpoints.push(ep);
  });
  const slice: ClusterEndpointSlice = {
    namespace: meta.namespace,
    name: meta.name,
    serviceName,
    ports,
    endpoints,
    ref: r.ref('EndpointSlice', meta.name, meta.namespace, ['addressType']),
  };
  if (addressType === 'IPv6') slice.addressType = 'IPv6';
  return slice;
}
