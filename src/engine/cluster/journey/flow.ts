/**
 * The flow file of `netfilter-lab journey` (docs/formats.md, the flow file): where a connection starts, where it goes,
 * its protocol and ports. Read against a loaded cluster, so names resolve to pods, nodes, clients
 * and Service ports; every problem names its field (`to`, `sport` …) like the packet file does,
 * so the CLI can point at the line.
 *
 *   {"from": "pod/default/client" | "node/NAME" | "client/NAME" | "10.0.0.5",
 *    "to": "svc/default/web:80" | "node/NAME:30080" | "pod/default/web-0:8080" | "10.96.0.10:80",
 *    "proto": "tcp", "sport": 40000, "tcpFlags": "SYN", "via": "node/NAME", "family": "ipv6"}
 *
 * IPv6 addresses are written bare in "from" and in brackets in "to" (`[fd00:10:96::80]:80`). The
 * flow's family is its "family", else the family of an address it names, else the cluster's
 * primary one; names then resolve to their address of that family.
 */
import { FieldReport, isRecord, shown, type FieldDiagnostic } from '../../netfilter/fields.ts';
import { parseAddr, type AddrFamily } from '../../netfilter/ipv4.ts';
import { readPackets } from '../../netfilter/index.ts';
import { clusterFamilies, type ClusterModel, type ClusterNode } from '../model/model.ts';
import { addrFamily, familyName, findNode, nodeList, splitName } from './flow-names.ts';
import { readTarget, type FlowTarget } from './flow-target.ts';
import {
  nodeAddresses,
  podAddress,
  nodeOwning,
  nodeWithAddress,
  podWithAddress,
  type Place,
} from './places.ts';

export { describeTarget, type FlowTarget } from './flow-target.ts';

export type FlowProto = 'tcp' | 'udp' | 'sctp';

export interface Flow {
  from: Place;
  to: FlowTarget;
  proto: FlowProto;
  sport: number;
  /** canonical flags for TCP (`SYN`), null otherwise */
  tcpFlags: string | null;
  /** the node a packet from outside first reaches (the flow's "via", or chosen) */
  via: ClusterNode | null;
  /** the family of every address of the flow */
  family: AddrFamily;
}

export interface FlowReadResult {
  flow: Flow | null;
  diagnostics: FieldDiagnostic[];
}

const FIELDS = ['from', 'to', 'proto', 'sport', 'tcpFlags', 'via', 'family'];
const PROTOS: readonly FlowProto[] = ['tcp', 'udp', 'sctp'];
export const DEFAULT_FLOW_SPORT = 40000;

const SOURCE_FORMS = '"pod/NAMESPACE/NAME", "node/NAME", "client/NAME" or an IPv4 or IPv6 address';

function readSource(
  r: FieldReport,
  model: ClusterModel,
  v: unknown,
  family: AddrFamily,
): Place | null {
  if (typeof v !== 'string' || v === '') {
    r.error(
      'from',
      `${shown(v)} is not a source (expected ${SOURCE_FORMS})`,
      v === undefined ? 'missing-field' : 'bad-type',
    );
    return null;
  }
  const slash = v.indexOf('/');
  const kind = slash < 0 ? '' : v.slice(0, slash);
  const rest = v.slice(slash + 1);
  if (kind === 'pod') {
    const id = splitName(rest);
    const pod = id && model.pods.find((p) => p.namespace === id.namespace && p.name === id.name);
    if (!pod) {
      r.error(
        'from',
        `there is no pod ${id ? `${id.namespace}/${id.name}` : shown(rest)}`,
        'unknown-reference',
      );
      return null;
    }
    const node = pod.nodeName ? findNode(model, pod.nodeName) : undefined;
    if (!node || podAddress(pod, family) === null) {
      r.error(
        'from',
        `pod ${pod.namespace}/${pod.name} has no node or no ${familyName(family)} address to send from`,
      );
      return null;
    }
    return { kind: 'pod', pod, node };
  }
  if (kind === 'node') {
    const node = findNode(model, rest);
    if (!node) {
      r.error(
        'from',
        `there is no node ${shown(rest)} (nodes: ${nodeList(model)})`,
        'unknown-reference',
      );
      return null;
    }
    if (nodeAddresses(node, family).length === 0) {
      r.error('from', `node ${node.name} has no ${familyName(family)} InternalIP to send from`);
      return null;
    }
    return { kind: 'node', node };
  }
  if (kind === 'client') {
    const client = model.settings.externalClients.find((c) => c.name === rest);
    if (!client) {
      const known = model.settings.externalClients.map((c) => c.name).join(', ') || 'none';
      r.error(
        'from',
        `there is no external client ${shown(rest)} in the Cluster document (clients: ${known})`,
        'unknown-reference',
      );
      return null;
    }
    if (family !== 'ipv4') {
      r.error('from', `client ${client.name} has an IPv4 address; this flow is IPv6`);
      return null;
    }
    return { kind: 'client', name: client.name, address: client.address };
  }
  const address = slash < 0 ? parseAddr(v) : undefined;
  if (address === undefined) {
    r.error('from', `${shown(v)} is not a source (expected ${SOURCE_FORMS})`);
    return null;
  }
  if (addrFamily(address) !== family) {
    r.error(
      'from',
      `${v} is an ${familyName(addrFamily(address))} address; this flow is ${familyName(family)}`,
    );
    return null;
  }
  // an address the cluster knows stands for its owner
  const pod = podWithAddress(model, address);
  const podNode = pod?.nodeName ? findNode(model, pod.nodeName) : undefined;
  if (pod && podNode) return { kind: 'pod', pod, node: podNode };
  const node = nodeWithAddress(model, address);
  if (node) return { kind: 'node', node };
  const client = model.settings.externalClients.find((c) => c.address === address);
  return { kind: 'client', name: client?.name ?? null, address };
}

const FAMILIES: Record<string, AddrFamily> = { ipv4: 'ipv4', ipv6: 'ipv6' };

/**
 * The flow's family: its "family" field, else the family of a literal address in "to" or "from",
 * else the cluster's primary family. One the cluster does not have is an error at the field
 * that asked for it.
 */
function readFamily(
  r: FieldReport,
  model: ClusterModel,
  doc: Record<string, unknown>,
): AddrFamily | null {
  const raw = doc['family'];
  const has = clusterFamilies(model.settings).map((f) => (f === 'IPv4' ? 'ipv4' : 'ipv6'));
  let family: AddrFamily;
  let field: string;
  if (raw !== undefined) {
    const f = typeof raw === 'string' ? FAMILIES[raw.toLowerCase()] : undefined;
    if (!f) {
      r.error(
        'family',
        `${shown(raw)} is not an address family (expected ipv4 or ipv6)`,
        typeof raw === 'string' ? 'bad-value' : 'bad-type',
      );
      return null;
    }
    family = f;
    field = 'family';
  } else {
    const to = doc['to'];
    const from = doc['from'];
    const literal =
      typeof to === 'string' && to.startsWith('[')
        ? 'to'
        : typeof from === 'string' && !from.includes('/') && from.includes(':')
          ? 'from'
          : null;
    family = literal ? 'ipv6' : (has[0] ?? 'ipv4');
    field = literal ?? 'family';
  }
  if (!has.includes(family)) {
    r.error(
      field,
      `the cluster has no ${familyName(family)} (its serviceCIDR gives ${has.map(familyName).join(' and ')}); a serviceCIDR with a range of each family makes it dual-stack`,
      'bad-value',
    );
    return null;
  }
  return family;
}

function readVia(r: FieldReport, model: ClusterModel, v: unknown): ClusterNode | null {
  if (v === undefined) return null;
  const name = typeof v === 'string' ? v.replace(/^node\//, '') : '';
  const node = findNode(model, name);
  if (!node) {
    r.error(
      'via',
      `${shown(v)} is not a node (expected "node/NAME"; nodes: ${nodeList(model)})`,
      typeof v === 'string' ? 'unknown-reference' : 'bad-type',
    );
    return null;
  }
  return node;
}

/**
 * The node a packet from outside reaches first: the one owning the destination (a node IP or an
 * address in its podCIDR), else the flow's "via", else the first node — the load balancer or
 * router in front of the cluster is not modelled.
 */
export function entryNode(model: ClusterModel, flow: Pick<Flow, 'to' | 'via'>): ClusterNode | null {
  return (
    nodeWithAddress(model, flow.to.address) ??
    flow.via ??
    nodeOwning(model, flow.to.address) ??
    model.nodes[0] ??
    null
  );
}

export function readFlow(doc: unknown, model: ClusterModel): FlowReadResult {
  const r = new FieldReport();
  if (!isRecord(doc)) {
    r.error(
      '',
      `a flow must be an object such as {"from": "pod/default/client", "to": "svc/default/web:80"}; got ${shown(doc)}`,
      'bad-type',
    );
    return { flow: null, diagnostics: r.diagnostics };
  }
  r.unknownKeys(doc, FIELDS, '', 'error');
  const family = readFamily(r, model, doc);
  if (family === null) return { flow: null, diagnostics: r.diagnostics };
  const from = readSource(r, model, doc['from'], family);
  const to = readTarget(r, model, doc['to'], family);
  let proto: FlowProto = 'tcp';
  const protoRaw = doc['proto'];
  if (protoRaw !== undefined) {
    const p = typeof protoRaw === 'string' ? protoRaw.toLowerCase() : '';
    if ((PROTOS as readonly string[]).includes(p)) proto = p as FlowProto;
    else
      r.error(
        'proto',
        `${shown(protoRaw)} is not a protocol a journey follows (expected tcp, udp or sctp)`,
      );
  }
  if (to?.service && to.service.port.protocol.toLowerCase() !== proto)
    r.warn(
      'proto',
      `Service port ${to.text} is ${to.service.port.protocol}, the flow sends ${proto}`,
      'bad-value',
    );
  let sport = DEFAULT_FLOW_SPORT;
  const sportRaw = doc['sport'];
  if (sportRaw !== undefined) {
    if (
      typeof sportRaw === 'number' &&
      Number.isInteger(sportRaw) &&
      sportRaw >= 1 &&
      sportRaw <= 65535
    )
      sport = sportRaw;
    else
      r.error(
        'sport',
        `${shown(sportRaw)} is not a port (expected a whole number 1-65535)`,
        typeof sportRaw === 'number' ? 'bad-value' : 'bad-type',
      );
  }
  let tcpFlags: string | null = proto === 'tcp' ? 'SYN' : null;
  const flagsRaw = doc['tcpFlags'];
  if (flagsRaw !== undefined) {
    if (proto !== 'tcp') r.error('tcpFlags', `only TCP packets have flags; this flow is ${proto}`);
    else tcpFlags = readFlags(r, flagsRaw);
  }
  const via = readVia(r, model, doc['via']);
  if (via && from && from.kind !== 'client')
    r.warn(
      'via',
      `"via" is for packets from outside the cluster; a ${from.kind} sends from its own node`,
      'bad-value',
    );
  if (r.hasErrors || !from || !to) return { flow: null, diagnostics: r.diagnostics };
  return { flow: { from, to, proto, sport, tcpFlags, via, family }, diagnostics: r.diagnostics };
}

/** TCP flags as the packet file takes them, so both files accept and print the same forms. */
function readFlags(r: FieldReport, raw: unknown): string | null {
  const probe = readPackets({
    in: 'eth0',
    proto: 'tcp',
    src: '10.0.0.1',
    dst: '10.0.0.2',
    dport: 1,
    tcpFlags: raw,
  });
  const bad = probe.diagnostics.find((d) => d.path === 'tcpFlags');
  if (bad) {
    r.error('tcpFlags', bad.message);
    return null;
  }
  return probe.packets[0]?.tcpFlags ?? 'SYN';
}
