/**
 * Endpoints per Service port, as kube-proxy's endpoint cache sees them. Given EndpointSlices win;
 * otherwise they are derived from the selector and the pods the way the EndpointSlice controller
 * does it (facts from kubernetes pkg/controller/endpointslice and pkg/proxy/endpointslicecache.go):
 * - a pod counts once it has an IP and is not Succeeded/Failed; not-ready and terminating pods are
 *   kept with their conditions: ready = Ready condition and not terminating, serving = Ready
 *   condition, terminating = has a deletionTimestamp; publishNotReadyAddresses makes every one ready;
 * - a named targetPort resolves per pod to the container port of that name and protocol; a pod
 *   without it is not an endpoint of that port;
 * - endpoints of one port are de-duplicated by "ip:port" (a non-terminating one wins) and sorted
 *   by that string, which is the order of the KUBE-SEP rules in a KUBE-SVC chain.
 */
import { formatIPv4 } from '../../netfilter/ipv4.ts';
import type {
  ClusterModel,
  ClusterPod,
  ClusterService,
  ObjectRef,
  Protocol,
  ServicePort,
} from './model.ts';

export interface Endpoint {
  ip: number;
  port: number;
  /** "10.42.0.43:8080", kube-proxy's endpoint string */
  text: string;
  nodeName: string | null;
  ready: boolean;
  serving: boolean;
  terminating: boolean;
  /** the pod and/or EndpointSlice it came from */
  sources: ObjectRef[];
  /** an IPv6 endpoint's address (`ip` is then 0; `text` is `[addr]:port`) */
  ipv6?: string;
}

export function servicePortKey(svc: ClusterService, port: ServicePort): string {
  return `${svc.namespace}/${svc.name}:${port.name}/${port.protocol}`;
}

/**
 * Pods indexed by namespace, label key and label value, so selectors stay fast on big clusters.
 * Nested maps rather than one map keyed by a joined string: 100,000 label pairs would each make
 * a key string to build and hash.
 */
export class PodIndex {
  private readonly byLabel = new Map<string, Map<string, Map<string, ClusterPod[]>>>();

  constructor(pods: readonly ClusterPod[]) {
    for (const p of pods) {
      let keys = this.byLabel.get(p.namespace);
      if (!keys) this.byLabel.set(p.namespace, (keys = new Map()));
      const labels = p.labels;
      for (const k in labels) {
        if (!Object.hasOwn(labels, k)) continue;
        let values = keys.get(k);
        if (!values) keys.set(k, (values = new Map()));
        push(values, labels[k]!, p);
      }
    }
  }

  select(namespace: string, selector: Record<string, string>): ClusterPod[] {
    const pairs = Object.entries(selector);
    if (pairs.length === 0) return [];
    const keys = this.byLabel.get(namespace);
    let best: ClusterPod[] | undefined;
    for (const [k, v] of pairs) {
      const list = keys?.get(k)?.get(v) ?? [];
      if (best === undefined || list.length < best.length) best = list;
    }
    if (pairs.length === 1) return best ? best.slice() : [];
    return (best ?? []).filter((p) => pairs.every(([k, v]) => p.labels[k] === v));
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}

/** The port a pod serves a Service port on, or undefined when a named targetPort is missing. */
export function resolveTargetPort(
  pod: ClusterPod,
  target: number | string,
  protocol: Protocol,
): number | undefined {
  if (typeof target === 'number') return target;
  return pod.ports.find((p) => p.name === target && p.protocol === protocol)?.containerPort;
}

function addEndpoint(set: Map<string, Endpoint>, ep: Endpoint): void {
  const old = set.get(ep.text);
  if (!old || !ep.terminating)
    set.set(ep.text, old ? { ...ep, sources: [...old.sources, ...ep.sources] } : ep);
}

function sorted(set: Map<string, Endpoint>): Endpoint[] {
  return [...set.values()].sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
}

/** Endpoints for every port of every Service, keyed by servicePortKey. */
export function buildEndpoints(
  model: ClusterModel,
  pods: PodIndex = new PodIndex(model.pods),
  family: 'ipv4' | 'ipv6' = 'ipv4',
): Map<string, Endpoint[]> {
  if (family === 'ipv6') return buildIPv6Endpoints(model, pods);
  const out = new Map<string, Endpoint[]>();
  const slicesByService = new Map<string, ClusterModel['endpointSlices']>();
  for (const s of model.endpointSlices) push(slicesByService, `${s.namespace}/${s.serviceName}`, s);
  for (const svc of model.services) {
    const slices = slicesByService.get(`${svc.namespace}/${svc.name}`);
    for (const port of svc.ports) {
      const set = new Map<string, Endpoint>();
      if (slices) {
        for (const slice of slices) {
          if (slice.addressType !== undefined) continue; // the IPv6 proxier's
          const sp = slice.ports.find((p) => p.name === port.name && p.protocol === port.protocol);
          if (!sp) continue;
          for (const e of slice.endpoints) {
            const text = `${formatIPv4(e.address)}:${sp.port}`;
            const sources = e.pod ? [slice.ref, e.pod] : [slice.ref];
            addEndpoint(set, {
              ip: e.address,
              port: sp.port,
              text,
              nodeName: e.nodeName,
              ready: e.ready,
              serving: e.serving,
              terminating: e.terminating,
              sources,
            });
          }
        }
      } else if (svc.selector) {
        for (const pod of pods.select(svc.namespace, svc.selector)) {
          if (pod.podIP === null || pod.finished) continue;
          const target = resolveTargetPort(pod, port.targetPort, port.protocol);
          if (target === undefined) continue;
          const ready = svc.publishNotReadyAddresses || (pod.ready && !pod.terminating);
          const serving = svc.publishNotReadyAddresses || pod.ready;
          const sources = pod.owner ? [pod.ref, pod.owner] : [pod.ref];
          addEndpoint(set, {
            ip: pod.podIP,
            port: target,
            text: `${formatIPv4(pod.podIP)}:${target}`,
            nodeName: pod.nodeName,
            ready,
            serving,
            terminating: pod.terminating,
            sources,
          });
        }
      }
      out.set(servicePortKey(svc, port), sorted(set));
    }
  }
  return out;
}

/**
 * The IPv6 proxier's endpoints: from `addressType: IPv6` slices, or from the pods' IPv6
 * addresses for a selector, written `[addr]:port` as kube-proxy writes them.
 */
function buildIPv6Endpoints(model: ClusterModel, pods: PodIndex): Map<string, Endpoint[]> {
  const out = new Map<string, Endpoint[]>();
  const slicesByService = new Map<string, ClusterModel['endpointSlices']>();
  for (const s of model.endpointSlices)
    if (s.addressType === 'IPv6') push(slicesByService, `${s.namespace}/${s.serviceName}`, s);
  const anySlices = new Set(model.endpointSlices.map((s) => `${s.namespace}/${s.serviceName}`));
  for (const svc of model.services) {
    const key = `${svc.namespace}/${svc.name}`;
    const slices = slicesByService.get(key) ?? [];
    for (const port of svc.ports) {
      const set = new Map<string, Endpoint>();
      for (const slice of slices) {
        const sp = slice.ports.find((p) => p.name === port.name && p.protocol === port.protocol);
        if (!sp) continue;
        for (const e of slice.endpoints) {
          if (e.ipv6 === undefined) continue;
          addEndpoint(set, {
            ip: 0,
            ipv6: e.ipv6,
            port: sp.port,
            text: `[${e.ipv6}]:${sp.port}`,
            nodeName: e.nodeName,
            ready: e.ready,
            serving: e.serving,
            terminating: e.terminating,
            sources: e.pod ? [slice.ref, e.pod] : [slice.ref],
          });
        }
      }
      // given slices of either family win over the selector, as for IPv4
      if (!anySlices.has(key) && svc.selector)
        for (const pod of pods.select(svc.namespace, svc.selector)) {
          if (pod.podIPv6 === undefined || pod.finished) continue;
          const target = resolveTargetPort(pod, port.targetPort, port.protocol);
          if (target === undefined) continue;
          addEndpoint(set, {
            ip: 0,
            ipv6: pod.podIPv6,
            port: target,
            text: `[${pod.podIPv6}]:${target}`,
            nodeName: pod.nodeName,
            ready: svc.publishNotReadyAddresses || (pod.ready && !pod.terminating),
            serving: svc.publishNotReadyAddresses || pod.ready,
            terminating: pod.terminating,
            sources: pod.owner ? [pod.ref, pod.owner] : [pod.ref],
          });
        }
      out.set(servicePortKey(svc, port), sorted(set));
    }
  }
  return out;
}
