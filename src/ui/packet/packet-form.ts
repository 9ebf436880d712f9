/**
 * What the packet builder edits, and how it becomes the packet file the engine reads: who sends
 * (a pod, a node, an external client or any address), to what (a Service port, a NodePort, a pod
 * or any address:port), and where the packet enters. Only names are kept here; addresses are
 * looked up in the compiled cluster, so a scenario stays valid while the YAML changes.
 */
import { normalizeMac } from '../../engine/modules/match/mac.ts';
import { parseIPv6Number } from '../../engine/netfilter/ipv4.ts';
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

export function isIPv6(text: string): boolean {
  return text.includes(':') && parseIPv6Number(text) !== undefined;
}

/** The family of an address typed in, or why it is neither. */
function typedFamily(text: string): 'ipv4' | 'ipv6' | string {
  if (isIPv4(text)) return 'ipv4';
  if (isIPv6(text)) return 'ipv6';
  return `${text || '(empty)'} is neither an IPv4 nor an IPv6 address`;
}

type Family = 'ipv4' | 'ipv6';

/** The family the form's destination is of (a typed address by its form; IPv4 until typed). */
export function destinationFamily(d: PacketDestination): Family {
  if (d.kind === 'address') return isIPv6(d.address) ? 'ipv6' : 'ipv4';
  return d.family ?? 'ipv4';
}

/** How the protocol list names a protocol: ICMP over IPv6 is ICMPv6. */
export function protoLabel(p: PacketForm['proto'], family: Family): string {
  return p === 'icmp' && family === 'ipv6' ? 'ICMPv6' : p.toUpperCase();
}

/** The packet's protocol as the engine names it: ICMP over IPv6 is ICMPv6. */
function wireProto(form: PacketForm, family: Family): PacketInput['proto'] {
  return form.proto === 'icmp' && family === 'ipv6' ? 'icmpv6' : form.proto;
}

function basePacket(form: PacketForm, dst: string, dport: number, family: Family): PacketInput {
  const packet: PacketInput = { proto: wireProto(form, family), dst };
  if (form.proto !== 'icmp') {
    packet.sport = form.sport;
    packet.dport = dport;
  }
  if (form.proto === 'tcp') packet.tcpFlags = form.tcpFlags || 'SYN';
  return packet;
}

function destination(
  d: PacketDestination,
  form: PacketForm,
  c: ClusterSummary,
): { dst: string; dport: number; family: Family } | string {
  const six = d.kind !== 'address' && d.family === 'ipv6';
  const family: Family = six ? 'ipv6' : 'ipv4';
  switch (d.kind) {
    case 'service': {
      const svc = c.services.find((s) => s.namespace === d.namespace && s.name === d.name);
      if (!svc) return `no Service ${d.namespace}/${d.name}`;
      const ip = six ? (svc.clusterIPv6 ?? null) : svc.clusterIP;
      if (ip === null) return `Service ${d.name} has no ${six ? 'IPv6 ' : ''}ClusterIP`;
      return { dst: ip, dport: d.port, family };
    }
    case 'nodeport': {
      const node = c.nodes.find((n) => n.name === d.node);
      const ip = six ? node?.ipv6 : node?.ip;
      if (!ip) return `node ${d.node} has no ${six ? 'IPv6 ' : ''}InternalIP`;
      return { dst: ip, dport: d.nodePort, family };
    }
    case 'pod': {
      const pod = c.pods.find((p) => p.namespace === d.namespace && p.name === d.name);
      if (!pod) return `no pod ${d.namespace}/${d.name}`;
      const ip = six ? pod.ipv6 : pod.ip;
      if (!ip) return `pod ${d.name} has no ${six ? 'IPv6' : 'IPv4'} address`;
      return { dst: ip, dport: form.dport, family };
    }
    case 'address': {
      const typed = typedFamily(d.address);
      if (typed !== 'ipv4' && typed !== 'ipv6') return typed;
      return { dst: d.address, dport: form.dport, family: typed };
    }
  }
}

/** The packet file entry and the node that traces it, or what is missing. */
export function resolvePacket(form: PacketForm, c: ClusterSummary): ResolvedPacket {
  const to = destination(form.destination, form, c);
  if (typeof to === 'string') return bad(to);
  const packet = basePacket(form, to.dst, to.dport, to.family);
  const six = to.family === 'ipv6';
  const s = form.source;
  switch (s.kind) {
    case 'pod': {
      const pod = c.pods.find((p) => p.namespace === s.namespace && p.name === s.name);
      if (!pod) return bad(`no pod ${s.namespace}/${s.name}`);
      // the pod sends from its address of the destination's family
      const src = six ? pod.ipv6 : pod.ip;
      if (!src) return bad(`pod ${s.name} has no ${six ? 'IPv6' : 'IPv4'} address`);
      // a pod's packet reaches its node's bridge (cni0) through the pod's veth
      return { ok: true, node: pod.node, packet: { ...packet, in: pod.veth, src } };
    }
    case 'node': {
      if (!c.nodes.some((n) => n.name === s.name)) return bad(`no node ${s.name}`);
      // generated on the node itself: the routing decision picks its source address
      return { ok: true, node: s.name, packet: { ...packet, local: true } };
    }
    case 'client': {
      const client = c.clients.find((x) => x.name === s.name);
      if (!client) return bad(`no external client ${s.name}`);
      if (six !== isIPv6(client.address))
        return bad(`external client ${s.name} has no ${six ? 'IPv6' : 'IPv4'} address`);
      if (!c.nodes.some((n) => n.name === form.entryNode)) return bad('choose the node it enters');
      return {
        ok: true,
        node: form.entryNode,
        packet: { ...packet, in: 'eth0', src: client.address },
      };
    }
    case 'address': {
      const typed = typedFamily(s.address);
      if (typed !== 'ipv4' && typed !== 'ipv6') return bad(typed);
      if (typed !== to.family) return bad(mixed(s.address, to.dst));
      if (!c.nodes.some((n) => n.name === form.entryNode)) return bad('choose the node it enters');
      return {
        ok: true,
        node: form.entryNode,
        packet: { ...packet, in: form.entryInterface || 'eth0', src: s.address },
      };
    }
  }
}

function mixed(src: string, dst: string): string {
  return `${src} and ${dst} are of different families: a packet is IPv4 or IPv6 throughout`;
}

/**
 * For a pasted dump there is no cluster: the packet goes from an address (arriving on an
 * interface) or from the host itself, to an address and port.
 */
export function resolveDumpPacket(form: PacketForm): ResolvedPacket {
  const d = form.destination;
  if (d.kind !== 'address') return bad('with a pasted dump, the destination is an address');
  const family = typedFamily(d.address);
  if (family !== 'ipv4' && family !== 'ipv6') return bad(family);
  const packet = basePacket(form, d.address, form.dport, family);
  const s = form.source;
  if (s.kind === 'node') return { ok: true, node: '', packet: { ...packet, local: true } };
  if (s.kind !== 'address') return bad('with a pasted dump, the source is an address');
  const typed = typedFamily(s.address);
  if (typed !== 'ipv4' && typed !== 'ipv6') return bad(typed);
  if (typed !== family) return bad(mixed(s.address, d.address));
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
