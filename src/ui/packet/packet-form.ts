/**
 * What the packet builder edits, and how it becomes the packet file the engine reads: who sends
 * (a pod, a node, an external client or any address), to what (a Service port, a NodePort, a pod
 * or any address:port), and where the packet enters. Only names are kept here; addresses are
 * looked up in the compiled cluster, so a scenario stays valid while the YAML changes.
 */
import { normalizeMac } from '../../engine/modules/match/mac.ts';
import type { ClusterSummary, PacketInput } from '../../worker/protocol.ts';
import type { PacketDestination, PacketForm } from '../../engine/scenario/doc.ts';

export type {
  PacketDestination,
  PacketForm,
  PacketSource,
  Proto,
} from '../../engine/scenario/doc.ts';

export type ResolvedPacket =
  { ok: true; node: string; packet: PacketInput } | { ok: false; problem: string };

function bad(problem: string): ResolvedPacket {
  return { ok: false, problem };
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isIPv4(text: string): boolean {
  return IPV4.test(text);
}

function destination(
  d: PacketDestination,
  form: PacketForm,
  c: ClusterSummary,
): { dst: string; dport: number } | string {
  switch (d.kind) {
    case 'service': {
      const svc = c.services.find((s) => s.namespace === d.namespace && s.name === d.name);
      if (!svc) return `no Service ${d.namespace}/${d.name}`;
      if (svc.clusterIP === null) return `Service ${d.name} has no ClusterIP`;
      return { dst: svc.clusterIP, dport: d.port };
    }
    case 'nodeport': {
      const node = c.nodes.find((n) => n.name === d.node);
      if (!node?.ip) return `node ${d.node} has no InternalIP`;
      return { dst: node.ip, dport: d.nodePort };
    }
    case 'pod': {
      const pod = c.pods.find((p) => p.namespace === d.namespace && p.name === d.name);
      if (!pod) return `no pod ${d.namespace}/${d.name}`;
      return { dst: pod.ip, dport: form.dport };
    }
    case 'address':
      if (!isIPv4(d.address)) return `${d.address || '(empty)'} is not an IPv4 address`;
      return { dst: d.address, dport: form.dport };
  }
}

/** The packet file entry and the node that traces it, or what is missing. */
export function resolvePacket(form: PacketForm, c: ClusterSummary): ResolvedPacket {
  const to = destination(form.destination, form, c);
  if (typeof to === 'string') return bad(to);
  const packet: PacketInput = { proto: form.proto, dst: to.dst };
  if (form.proto !== 'icmp') {
    packet.sport = form.sport;
    packet.dport = to.dport;
  }
  if (form.proto === 'tcp') packet.tcpFlags = form.tcpFlags || 'SYN';
  const s = form.source;
  switch (s.kind) {
    case 'pod': {
      const pod = c.pods.find((p) => p.namespace === s.namespace && p.name === s.name);
      if (!pod) return bad(`no pod ${s.namespace}/${s.name}`);
      // a pod's packet reaches its node's bridge (cni0) through the pod's veth
      return { ok: true, node: pod.node, packet: { ...packet, in: pod.veth, src: pod.ip } };
    }
    case 'node': {
      if (!c.nodes.some((n) => n.name === s.name)) return bad(`no node ${s.name}`);
      // generated on the node itself: the routing decision picks its source address
      return { ok: true, node: s.name, packet: { ...packet, local: true } };
    }
    case 'client': {
      const client = c.clients.find((x) => x.name === s.name);
      if (!client) return bad(`no external client ${s.name}`);
      if (!c.nodes.some((n) => n.name === form.entryNode)) return bad('choose the node it enters');
      return {
        ok: true,
        node: form.entryNode,
        packet: { ...packet, in: 'eth0', src: client.address },
      };
    }
    case 'address': {
      if (!isIPv4(s.address)) return bad(`${s.address || '(empty)'} is not an IPv4 address`);
      if (!c.nodes.some((n) => n.name === form.entryNode)) return bad('choose the node it enters');
      return {
        ok: true,
        node: form.entryNode,
        packet: { ...packet, in: form.entryInterface || 'eth0', src: s.address },
      };
    }
  }
}

/**
 * For a pasted dump there is no cluster: the packet goes from an address (arriving on an
 * interface) or from the host itself, to an address and port.
 */
export function resolveDumpPacket(form: PacketForm): ResolvedPacket {
  const d = form.destination;
  if (d.kind !== 'address') return bad('with a pasted dump, the destination is an address');
  if (!isIPv4(d.address)) return bad(`${d.address || '(empty)'} is not an IPv4 address`);
  const packet: PacketInput = { proto: form.proto, dst: d.address };
  if (form.proto !== 'icmp') {
    packet.sport = form.sport;
    packet.dport = form.dport;
  }
  if (form.proto === 'tcp') packet.tcpFlags = form.tcpFlags || 'SYN';
  const s = form.source;
  if (s.kind === 'node') return { ok: true, node: '', packet: { ...packet, local: true } };
  if (s.kind !== 'address') return bad('with a pasted dump, the source is an address');
  if (!isIPv4(s.address)) return bad(`${s.address || '(empty)'} is not an IPv4 address`);
  const arriving: PacketInput = { ...packet, src: s.address, in: form.entryInterface || 'eth0' };
  const macText = form.srcMac?.trim() ?? '';
  if (macText !== '') {
    const mac = normalizeMac(macText);
    if (mac === undefined)
      return bad(`${macText} is not a MAC address (six hex octets, e.g. 02:42:ac:11:00:02)`);
    arriving.srcMac = mac;
  }
  return { ok: true, node: '', packet: arriving };
}
