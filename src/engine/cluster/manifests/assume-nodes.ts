/**
 * Manifests as tutorials write them (a Deployment and a Service) name no Node. kube-proxy's rules
 * need nodes (their IPs, their pods), so the loader then assumes a small cluster: the nodes that
 * pods and endpoints name, or else two workers with kubeadm/flannel-style addresses. An info
 * diagnostic says so and gives the Node objects to paste to change them.
 */
import { formatIPv4, formatPrefix, inPrefix, type Ipv4Prefix } from '../../netfilter/ipv4.ts';
import type { SourceSpan } from '../../rules/index.ts';
import type { ClusterReport } from './diagnostics.ts';
import type { ClusterModel, ClusterNode } from '../model/model.ts';

/** The names given when nothing names a node. */
export const ASSUMED_NODE_NAMES: readonly string[] = ['node-1', 'node-2'];
/** 192.168.10.11, .12 …: the nodes' InternalIPs, one after the other */
const FIRST_NODE_IP = 0xc0a80a0b;
/** 10.244.1.0/24, 10.244.2.0/24 …: the pod ranges flannel and kubeadm give to workers */
const POD_RANGE_BASE = 0x0af40000;
/** Node objects shown in the message; the rest are named only. */
const SHOWN_AS_YAML = 3;

/** The node names pods, pod templates and endpoint slices refer to, first seen first. */
function namedNodes(model: ClusterModel, templateNodes: readonly (string | null)[]): string[] {
  const names = new Set<string>();
  for (const n of templateNodes) if (n !== null) names.add(n);
  for (const p of model.pods) if (p.nodeName !== null) names.add(p.nodeName);
  for (const s of model.endpointSlices)
    for (const e of s.endpoints) if (e.nodeName !== null) names.add(e.nodeName);
  return [...names];
}

/** The /24 holding a pod address written on a pod of each node, where one is. */
function writtenPodRanges(model: ClusterModel): Map<string, Ipv4Prefix> {
  const ranges = new Map<string, Ipv4Prefix>();
  for (const p of model.pods)
    if (p.nodeName !== null && p.podIP !== null && !ranges.has(p.nodeName))
      ranges.set(p.nodeName, { address: (p.podIP & 0xffffff00) >>> 0, prefix: 24 });
  return ranges;
}

/** Each name's podCIDR: the range its pods' addresses are in, else the next free 10.244.k.0/24. */
function podRanges(names: readonly string[], written: Map<string, Ipv4Prefix>): Ipv4Prefix[] {
  const taken: Ipv4Prefix[] = [];
  const free = (c: Ipv4Prefix) => !taken.some((t) => inPrefix(c.address, t));
  const chosen = names.map((name) => {
    const w = written.get(name);
    if (!w || !free(w)) return undefined;
    taken.push(w);
    return w;
  });
  let k = 1;
  return chosen.map((c) => {
    if (c) return c;
    let next: Ipv4Prefix;
    do next = { address: (POD_RANGE_BASE + (k++ << 8)) >>> 0, prefix: 24 };
    while (!free(next));
    taken.push(next);
    return next;
  });
}

function nodeYaml(n: ClusterNode): string {
  return [
    'apiVersion: v1',
    'kind: Node',
    `metadata: {name: ${n.name}}`,
    `spec: {podCIDR: ${n.podCIDR ? formatPrefix(n.podCIDR) : ''}}`,
    `status: {addresses: [{type: InternalIP, address: ${formatIPv4(n.internalIPs[0] ?? 0)}}]}`,
  ].join('\n');
}

function describe(n: ClusterNode): string {
  const cidr = n.podCIDR ? formatPrefix(n.podCIDR) : 'none';
  return `${n.name} (InternalIP ${formatIPv4(n.internalIPs[0] ?? 0)}, pods ${cidr})`;
}

/**
 * Adds assumed nodes to a model that has none, and says so at `span`. Does nothing when the
 * description defines a node.
 */
export function assumeNodes(
  model: ClusterModel,
  report: ClusterReport,
  span: SourceSpan,
  templateNodes: readonly (string | null)[] = [],
): void {
  if (model.nodes.length > 0) return;
  const named = namedNodes(model, templateNodes);
  const names = named.length > 0 ? named : ASSUMED_NODE_NAMES;
  const ranges = podRanges(names, writtenPodRanges(model));
  names.forEach((name, i) => {
    model.nodes.push({
      name,
      internalIPs: [(FIRST_NODE_IP + i) >>> 0],
      externalIPs: [],
      podCIDR: ranges[i] ?? null,
      labels: { 'kubernetes.io/hostname': name },
      ref: { kind: 'Node', name, span },
      assumed: true,
    });
  });
  const list = model.nodes.map(describe);
  const listed =
    list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
  const yaml = model.nodes.slice(0, SHOWN_AS_YAML).map(nodeYaml).join('\n---\n');
  const more =
    model.nodes.length > SHOWN_AS_YAML ? '\n# … and one such document for each other node' : '';
  const why =
    named.length > 0 ? 'the nodes the pods and endpoints name' : 'a small cluster of two nodes';
  report.info(
    'assumed',
    span,
    `no Node objects: assuming ${why}, ${listed}. To choose your own, add Node objects such as:\n---\n${yaml}${more}`,
    {
      sentence: named.length > 0 ? 'named-nodes' : 'two-nodes',
      nodes: list.join('; '),
      yaml,
      more: more ? 1 : 0,
    },
  );
}
