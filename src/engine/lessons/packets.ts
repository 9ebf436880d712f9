/**
 * Turns a lesson's packet into the packet file's terms. A dump lesson writes the packet file's
 * fields directly; a cluster lesson may say where the packet comes from and goes in cluster
 * terms (a pod, a node, a Service port), resolved on the current YAML so an edit moves it too.
 */
import type { ClusterModel } from '../cluster/index.ts';
import { podDevice } from '../cluster/node/hosts.ts';
import { formatIPv4 } from '../rules/index.ts';
import type { PacketSpec } from './types.ts';

export type ResolvedPacket =
  { ok: true; packet: Record<string, unknown> } | { ok: false; problem: string };

const FILE_FIELDS = [
  'in',
  'local',
  'proto',
  'src',
  'sport',
  'dst',
  'dport',
  'tcpFlags',
  'mark',
] as const;

function splitName(name: string): [string, string] {
  const slash = name.indexOf('/');
  return slash < 0 ? ['default', name] : [name.slice(0, slash), name.slice(slash + 1)];
}

export function resolvePacket(
  spec: PacketSpec,
  model: ClusterModel | null,
  node: string | null,
): ResolvedPacket {
  const out: Record<string, unknown> = {};
  for (const k of FILE_FIELDS) if (spec[k] !== undefined) out[k] = spec[k];
  out['proto'] ??= 'tcp';
  if (out['proto'] === 'tcp' && out['tcpFlags'] === undefined) out['tcpFlags'] = 'SYN';
  if (spec.from === undefined && spec.to === undefined) return { ok: true, packet: out };
  if (model === null) return { ok: false, problem: '"from" and "to" need a cluster scenario' };
  const from = spec.from ? fromOf(spec, model, node) : null;
  if (typeof from === 'string') return { ok: false, problem: from };
  if (from) Object.assign(out, from);
  const to = spec.to ? toOf(spec, model) : null;
  if (typeof to === 'string') return { ok: false, problem: to };
  if (to) Object.assign(out, to);
  out['sport'] ??= 40000;
  return { ok: true, packet: out };
}

function fromOf(
  spec: PacketSpec,
  model: ClusterModel,
  node: string | null,
): Record<string, unknown> | string {
  const f = spec.from!;
  if (f.pod !== undefined) {
    const [ns, name] = splitName(f.pod);
    const pod = model.pods.find((p) => p.namespace === ns && p.name === name);
    if (!pod || pod.podIP === null) return `no running pod ${f.pod}`;
    if (pod.nodeName !== (spec.node ?? node))
      return `pod ${f.pod} runs on ${pod.nodeName ?? 'no node'}, not on the node traced`;
    return { src: formatIPv4(pod.podIP), in: podDevice(model, ns, name) };
  }
  if (f.node !== undefined) return { local: true };
  if (f.client !== undefined) {
    const c = model.settings.externalClients.find((x) => x.name === f.client);
    if (!c) return `no external client ${f.client}`;
    return { src: formatIPv4(c.address), in: 'eth0' };
  }
  if (f.address !== undefined) return { src: f.address, in: spec.in ?? 'eth0' };
  return 'from names none of pod, node, client, address';
}

function toOf(spec: PacketSpec, model: ClusterModel): Record<string, unknown> | string {
  const t = spec.to!;
  if (t.service !== undefined) {
    const [ns, name] = splitName(t.service);
    const svc = model.services.find((s) => s.namespace === ns && s.name === name);
    if (!svc) return `no Service ${t.service}`;
    const port = svc.ports.find(
      (p) => t.port === undefined || p.name === t.port || p.port === t.port,
    );
    if (!port) return `Service ${t.service} has no port ${String(t.port)}`;
    if (t.nodePort !== undefined) {
      const n = model.nodes.find((x) => x.name === t.nodePort);
      if (!n || n.internalIPs[0] === undefined) return `no node ${t.nodePort} with an address`;
      return {
        dst: formatIPv4(n.internalIPs[0]),
        dport: port.nodePort,
        proto: port.protocol.toLowerCase(),
      };
    }
    if (svc.clusterIP === null) return `Service ${t.service} has no cluster IP`;
    return { dst: formatIPv4(svc.clusterIP), dport: port.port, proto: port.protocol.toLowerCase() };
  }
  if (t.pod !== undefined) {
    const [ns, name] = splitName(t.pod);
    const pod = model.pods.find((p) => p.namespace === ns && p.name === name);
    if (!pod || pod.podIP === null) return `no running pod ${t.pod}`;
    return { dst: formatIPv4(pod.podIP) };
  }
  if (t.address !== undefined) return { dst: t.address };
  return 'to names none of service, pod, address';
}
