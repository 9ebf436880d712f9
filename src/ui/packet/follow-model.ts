/**
 * The packet form after the cluster changed under it (a renamed Service, new manifests pasted):
 * a choice that still exists stays chosen; one that vanished falls back to the closest one left
 * (the same kind, in the same namespace, with the most similar name, then the first), so the
 * form never keeps pointing at something the To and From lists no longer offer.
 */
import type { ClusterSummary } from '../../worker/protocol.ts';
import type { PacketDestination, PacketForm, PacketSource, Proto } from './packet-form.ts';

type Service = ClusterSummary['services'][number];
type Pod = ClusterSummary['pods'][number];

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** The item of `items` most like `name` (in `namespace`, when items have one); null if none. */
function closest<T extends { name: string; namespace?: string }>(
  items: readonly T[],
  name: string,
  namespace?: string,
): T | null {
  const same = items.filter((i) => namespace === undefined || i.namespace === namespace);
  const pool = same.length > 0 ? same : items;
  let best: T | null = null;
  let bestScore = -1;
  for (const i of pool) {
    const score = commonPrefix(i.name, name);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}

function followSource(s: PacketSource, c: ClusterSummary): PacketSource {
  const pod = (p: Pod | null): PacketSource | null =>
    p && { kind: 'pod', namespace: p.namespace, name: p.name };
  const client = (x: { name: string } | null): PacketSource | null =>
    x && { kind: 'client', name: x.name };
  const node = (n: { name: string } | null): PacketSource | null =>
    n && { kind: 'node', name: n.name };
  const first = () =>
    pod(c.pods[0] ?? null) ?? client(c.clients[0] ?? null) ?? node(c.nodes[0] ?? null) ?? s;
  switch (s.kind) {
    case 'pod':
      if (c.pods.some((p) => p.namespace === s.namespace && p.name === s.name)) return s;
      return pod(closest(c.pods, s.name, s.namespace)) ?? first();
    case 'client':
      if (c.clients.some((x) => x.name === s.name)) return s;
      return client(closest(c.clients, s.name)) ?? first();
    case 'node':
      if (c.nodes.some((n) => n.name === s.name)) return s;
      return node(closest(c.nodes, s.name)) ?? first();
    case 'address':
      return s;
  }
}

function withClusterIP(c: ClusterSummary): Service[] {
  return c.services.filter((s) => s.clusterIP !== null && s.ports.length > 0);
}

/** A Service port of `svc`: the one numbered `port` if it has it, else its first. */
function servicePort(svc: Service, port: number): Service['ports'][number] {
  return svc.ports.find((p) => p.port === port) ?? svc.ports[0]!;
}

function nodePortChoices(c: ClusterSummary) {
  return c.services.flatMap((svc) =>
    svc.ports
      .filter((p) => p.nodePort > 0)
      .flatMap((p) =>
        c.nodes
          .filter((n) => n.ip !== null)
          .map((n) => ({ svc, port: p, node: n.name, namespace: svc.namespace, name: svc.name })),
      ),
  );
}

interface Followed {
  destination: PacketDestination;
  /** the protocol the new choice speaks, when it changed */
  proto?: string;
  /** the port a new pod's container listens on */
  dport?: number;
}

function followPod(d: Extract<PacketDestination, { kind: 'pod' }>, c: ClusterSummary): Followed {
  if (c.pods.some((p) => p.namespace === d.namespace && p.name === d.name))
    return { destination: d };
  const p = closest(c.pods, d.name, d.namespace);
  if (!p) return { destination: d };
  const port = p.ports?.[0];
  return {
    destination: { kind: 'pod', namespace: p.namespace, name: p.name },
    ...(port ? { dport: port.port, proto: port.protocol } : {}),
  };
}

function followDestination(d: PacketDestination, c: ClusterSummary): Followed {
  switch (d.kind) {
    case 'service': {
      const services = withClusterIP(c);
      const same = services.find((s) => s.namespace === d.namespace && s.name === d.name);
      if (same?.ports.some((p) => p.port === d.port)) return { destination: d };
      const svc = same ?? closest(services, d.name, d.namespace);
      if (!svc) return { destination: d };
      const port = servicePort(svc, d.port);
      return {
        destination: { kind: 'service', namespace: svc.namespace, name: svc.name, port: port.port },
        proto: port.protocol,
      };
    }
    case 'nodeport': {
      const all = nodePortChoices(c);
      const exact = all.find(
        (o) =>
          o.namespace === d.namespace &&
          o.name === d.name &&
          o.node === d.node &&
          o.port.nodePort === d.nodePort,
      );
      if (exact) return { destination: d };
      const named = closest(all, d.name, d.namespace);
      const ofService = all.filter((o) => named && o.svc === named.svc);
      const pick =
        ofService.find((o) => o.node === d.node && o.port.nodePort === d.nodePort) ??
        ofService.find((o) => o.node === d.node) ??
        ofService[0];
      if (!pick) return { destination: d };
      return {
        destination: {
          kind: 'nodeport',
          namespace: pick.namespace,
          name: pick.name,
          nodePort: pick.port.nodePort,
          node: pick.node,
        },
        proto: pick.port.protocol,
      };
    }
    case 'pod':
      return followPod(d, c);
    case 'address':
      return { destination: d };
  }
}

function asProto(p: string | undefined): Proto | null {
  const lower = p?.toLowerCase();
  return lower === 'tcp' || lower === 'udp' || lower === 'sctp' ? lower : null;
}

/** `form` with every vanished choice replaced by the closest one; the same object if none did. */
export function followModel(form: PacketForm, c: ClusterSummary): PacketForm {
  const source = followSource(form.source, c);
  const to = followDestination(form.destination, c);
  const moved = to.destination !== form.destination;
  // a NodePort is reached on the node that owns the address
  const entryNode =
    moved && to.destination.kind === 'nodeport'
      ? to.destination.node
      : c.nodes.some((n) => n.name === form.entryNode)
        ? form.entryNode
        : (c.nodes[0]?.name ?? form.entryNode);
  const proto = asProto(to.proto);
  const next: PacketForm = {
    ...form,
    source,
    destination: to.destination,
    entryNode,
    ...(proto && moved && form.proto !== 'icmp' ? { proto } : {}),
    ...(to.dport !== undefined ? { dport: to.dport } : {}),
  };
  const same =
    source === form.source &&
    !moved &&
    next.entryNode === form.entryNode &&
    next.proto === form.proto &&
    next.dport === form.dport;
  return same ? form : next;
}
