/**
 * The packet builder's packet as a journey's flow: who sends it (a pod, a node, an external
 * client or an address, with the node it enters by) and where to (a Service port, a NodePort, a
 * pod or an address:port). Names stay names, so the engine resolves them against the cluster.
 */
import type { ClusterSummary, FlowInput } from '../../../worker/protocol.ts';
import {
  destinationFamily,
  isIPv4,
  isIPv6,
  resolvePacket,
  type PacketForm,
} from '../../packet/packet-form.ts';
import { addrPort } from '../shared/format.ts';

export type FlowOf =
  | { ok: true; flow: FlowInput }
  /** ICMP is traced on one node, but a journey follows a connection: TCP, UDP or SCTP */
  | { ok: false; why: 'protocol' }
  | { ok: false; why: 'incomplete' };

function target(form: PacketForm): string | null {
  const d = form.destination;
  switch (d.kind) {
    case 'service':
      return `svc/${d.namespace}/${d.name}:${d.port}`;
    case 'nodeport':
      return `node/${d.node}:${d.nodePort}`;
    case 'pod':
      return `pod/${d.namespace}/${d.name}:${form.dport}`;
    case 'address':
      return isIPv4(d.address) || isIPv6(d.address) ? addrPort(d.address, form.dport) : null;
  }
}

/** The sender, and the node a packet from outside reaches first (the builder's entry node). */
function sender(form: PacketForm, c: ClusterSummary): { from: string; via?: string } | null {
  const s = form.source;
  const via = c.nodes.some((n) => n.name === form.entryNode)
    ? { via: `node/${form.entryNode}` }
    : {};
  switch (s.kind) {
    case 'pod':
      return { from: `pod/${s.namespace}/${s.name}` };
    case 'node':
      return { from: `node/${s.name}` };
    case 'client':
      return { from: `client/${s.name}`, ...via };
    case 'address':
      // an address the cluster knows stands for its pod or node, which send from their own node
      return isIPv4(s.address) || isIPv6(s.address)
        ? {
            from: s.address,
            ...(c.pods.some((p) => p.ip === s.address || p.ipv6 === s.address) ||
            c.nodes.some((n) => n.ip === s.address || n.ipv6 === s.address)
              ? {}
              : via),
          }
        : null;
  }
}

/**
 * A name does not say its family, so an IPv6 flow names its ends by their IPv6 addresses: the
 * Service's, node's or pod's address of the form's choice, and a pod sender by its own.
 */
function ipv6Ends(
  form: PacketForm,
  c: ClusterSummary,
): { to: string | null; from: { from: string; via?: string } | null } {
  const r = resolvePacket(form, c);
  if (!r.ok || r.packet.dport === undefined) return { to: null, from: null };
  const to = addrPort(r.packet.dst, r.packet.dport);
  const s = form.source;
  const from = s.kind === 'pod' && r.packet.src ? { from: r.packet.src } : sender(form, c);
  return { to, from };
}

export function flowOf(form: PacketForm, c: ClusterSummary): FlowOf {
  if (form.proto === 'icmp') return { ok: false, why: 'protocol' };
  const six = destinationFamily(form.destination) === 'ipv6';
  const { to, from } = six ? ipv6Ends(form, c) : { to: target(form), from: sender(form, c) };
  if (to === null || from === null) return { ok: false, why: 'incomplete' };
  const flow: FlowInput = { ...from, to, proto: form.proto, sport: form.sport };
  if (form.proto === 'tcp') flow.tcpFlags = form.tcpFlags || 'SYN';
  // the family said outright: in a cluster with IPv6 a name alone would take the primary one
  if (six) flow.family = 'ipv6';
  else if (c.families?.includes('ipv6')) flow.family = 'ipv4';
  return { ok: true, flow };
}
