/**
 * The packet builder's packet as a journey's flow: who sends it (a pod, a node, an external
 * client or an address, with the node it enters by) and where to (a Service port, a NodePort, a
 * pod or an address:port). Names stay names, so the engine resolves them against the cluster.
 */
import type { ClusterSummary, FlowInput } from '../../../worker/protocol.ts';
import { isIPv4, type PacketForm } from '../../packet/packet-form.ts';

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
      return isIPv4(d.address) ? `${d.address}:${form.dport}` : null;
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
      return isIPv4(s.address)
        ? {
            from: s.address,
            ...(c.pods.some((p) => p.ip === s.address) || c.nodes.some((n) => n.ip === s.address)
              ? {}
              : via),
          }
        : null;
  }
}

export function flowOf(form: PacketForm, c: ClusterSummary): FlowOf {
  if (form.proto === 'icmp') return { ok: false, why: 'protocol' };
  const to = target(form);
  const from = sender(form, c);
  if (to === null || from === null) return { ok: false, why: 'incomplete' };
  const flow: FlowInput = { ...from, to, proto: form.proto, sport: form.sport };
  if (form.proto === 'tcp') flow.tcpFlags = form.tcpFlags || 'SYN';
  return { ok: true, flow };
}
