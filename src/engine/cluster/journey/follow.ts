/**
 * Cluster journeys: a packet from a pod, a node or an external client to a Service, a NodePort, a
 * load-balancer or external IP, or a pod, followed across every node it crosses — the entry node's
 * DNAT and masquerade, routing to the endpoint's node, FORWARD there, delivery to the pod — and
 * then the reply's way back through each node's conntrack table to the sender.
 *
 * Pod networking is modelled plainly (POD_NETWORK_NOTE): each node's podCIDR on a bridge (cni0)
 * with a veth per pod, routes to the other nodes' podCIDRs via their node IPs, bridge netfilter on.
 * No overlay, no CNI rules of its own: what changes the packet is kube-proxy's rules.
 */
import { readHost } from '../../netfilter/index.ts';
import { formatAddr, parseAddr, type Addr, type AddrFamily } from '../../netfilter/ipv4.ts';
import { compileModelNode } from '../compile.ts';
import type { ClusterDiagnostic } from '../manifests/diagnostics.ts';
import { buildEndpoints } from '../model/endpoints.ts';
import { hostOf, podDevice, routedPods } from '../node/hosts.ts';
import { loadCluster } from '../manifests/load.ts';
import type { ClusterModel, ClusterNode } from '../model/model.ts';
import { SeededRandom, type Fraction } from '../../netfilter/index.ts';
import { entryNode, readFlow, type Flow } from './flow.ts';
import { groupOutcomes, makeJourney } from './outcomes.ts';
import { nodeIP, nodeOwning, placeView, podAddress } from './places.ts';
import { noteText, POD_NETWORK_NOTE, ROUTED_POD_NETWORK_NOTE } from './text.ts';
import type {
  Journey,
  JourneyNote,
  JourneyOptions,
  JourneyResult,
  LegEnd,
  Tuple,
} from './types.ts';
import {
  followLeg,
  makePacket,
  START,
  type Arrival,
  type LegResult,
  type NodeSim,
  type WalkContext,
} from './walk.ts';

/** Compiles each node once, when the journey first reaches it. */
function nodeSims(
  model: ClusterModel,
  diagnostics: ClusterDiagnostic[],
  family: AddrFamily,
): (n: ClusterNode) => NodeSim {
  const endpoints = buildEndpoints(model, undefined, family);
  const cache = new Map<string, NodeSim>();
  return (node) => {
    const hit = cache.get(node.name);
    if (hit) return hit;
    const compiled = compileModelNode(model, node.name, endpoints, family);
    for (const d of compiled.diagnostics) if (d.code === 'internal') diagnostics.push(d);
    const file = hostOf(model, node);
    const host = readHost(file).host;
    // the sets a CNI's policy rules name live in the kernel beside the rules
    host.ipsets = [...host.ipsets, ...compiled.ipsets];
    const sim: NodeSim = {
      node,
      ruleset: compiled.ruleset,
      host,
      bridge: file.bridges[0]?.name ?? null,
      provenance: compiled.provenance,
    };
    cache.set(node.name, sim);
    return sim;
  };
}

function firstArrival(model: ClusterModel, flow: Flow, notes: JourneyNote[]): Arrival | null {
  const base = {
    proto: flow.proto,
    sport: flow.sport,
    dst: formatAddr(flow.to.address),
    dport: flow.to.port,
    tcpFlags: flow.tcpFlags,
  };
  const from = flow.from;
  if (from.kind === 'pod') {
    const port = podDevice(model, from.pod.namespace, from.pod.name);
    const packet = makePacket({
      ...base,
      src: formatAddr(podAddress(from.pod, flow.family) ?? 0),
      in: port,
    });
    return routedPods(model)
      ? { node: from.node, packet }
      : { node: from.node, packet, inPort: port };
  }
  if (from.kind === 'node')
    return { node: from.node, packet: makePacket({ ...base, src: null, local: true }) };
  const entry = entryNode(model, flow);
  if (!entry) return null;
  if (!flow.via && !nodeOwning(model, flow.to.address))
    notes.push({ kind: 'entry-assumed', address: base.dst, node: entry.name });
  return {
    node: entry,
    packet: makePacket({ ...base, src: formatAddr(from.address), in: 'eth0' }),
  };
}

/** The receiver answers: source and destination swapped, from where it got the request. */
function replyArrival(model: ClusterModel, end: LegEnd, flow: Flow): Arrival | null {
  const p = end.packet;
  const fields = {
    proto: p.proto,
    src: p.dst,
    sport: p.dport ?? 0,
    dst: p.src,
    dport: p.sport ?? 0,
    tcpFlags: flow.tcpFlags === null ? null : flow.tcpFlags.includes('SYN') ? 'SYN,ACK' : 'ACK',
  };
  const at = end.at;
  const node = model.nodes.find((n) => n.name === (at?.node ?? end.node));
  if (!at || !node) return null;
  if (at.kind === 'pod') {
    const [namespace = '', name = ''] = at.name.split('/');
    const port = podDevice(model, namespace, name);
    const packet = makePacket({ ...fields, in: port });
    return routedPods(model) ? { node, packet } : { node, packet, inPort: port };
  }
  if (at.kind === 'node') return { node, packet: makePacket({ ...fields, local: true }) };
  // from outside: to the node that owns the address it answers, else back where it came from
  const owner = nodeOwning(model, parseAddr(fields.dst) ?? 0) ?? node;
  return { node: owner, packet: makePacket({ ...fields, in: 'eth0' }) };
}

/** Follows the flow across the cluster (a loaded model, or the cluster's YAML text). */
export function journey(
  cluster: ClusterModel | string,
  flowDoc: unknown,
  opts: JourneyOptions = {},
): JourneyResult {
  const loaded =
    typeof cluster === 'string' ? loadCluster(cluster) : { model: cluster, diagnostics: [] };
  const { model } = loaded;
  const diagnostics = [...loaded.diagnostics];
  const read = readFlow(flowDoc, model);
  const result: JourneyResult = {
    flow: null,
    podNetwork: routedPods(model) ? ROUTED_POD_NETWORK_NOTE.en : POD_NETWORK_NOTE.en,
    podNetworkKind: routedPods(model) ? 'routed' : 'bridge',
    notes: [],
    noteData: [],
    journey: null,
    diagnostics,
    flowDiagnostics: read.diagnostics,
  };
  const flow = read.flow;
  if (!flow) return result;
  const note = (n: JourneyNote) => {
    result.noteData.push(n);
    result.notes.push(noteText(n));
  };
  const arrivalNotes: JourneyNote[] = [];
  const start = firstArrival(model, flow, arrivalNotes);
  arrivalNotes.forEach(note);
  if (!start) {
    note({ kind: 'no-node' });
    return result;
  }
  const from = placeView(flow.from, sourceAddress(flow));
  result.flow = {
    from,
    to: flow.to.text,
    toRole: flow.to.role,
    proto: flow.proto,
    sport: flow.sport,
    tcpFlags: flow.tcpFlags,
    entry: start.node.name,
  };
  const ctx: WalkContext = {
    model,
    sim: nodeSims(model, diagnostics, flow.family),
    draw: opts.allPaths ? null : new SeededRandom(opts.seed ?? 1),
    incomplete: false,
  };
  const maxHops = opts.maxHops ?? 8;
  const maxJourneys = opts.maxJourneys ?? 1000;
  const journeys: { j: Journey; p: Fraction }[] = [];
  const requests = followLeg(ctx, START, start, 'request', maxHops);
  let sent: Tuple | null = null;
  for (const req of requests) {
    if (journeys.length >= maxJourneys) {
      ctx.incomplete = true;
      break;
    }
    sent ??= req.state.hops[0]!.before;
    const back = req.end.outcome === 'delivered' ? replyArrival(model, req.end, flow) : null;
    const replies: (LegResult | null)[] = back
      ? followLeg(ctx, req.state, back, 'reply', maxHops)
      : [null];
    for (const rep of replies) {
      const state = rep?.state ?? req.state;
      journeys.push({
        j: makeJourney(state.probability, state.hops, req.end, rep?.end ?? null, sent, from),
        p: state.probability,
      });
    }
  }
  result.journey = journeys[0]?.j ?? null;
  if (opts.allPaths) {
    result.outcomes = groupOutcomes(journeys);
    result.complete = !ctx.incomplete;
  }
  if (ctx.incomplete) note({ kind: 'cut-short' });
  return result;
}

/** The address the flow's source sends from, in the flow's family (a node's is its first InternalIP). */
function sourceAddress(flow: Flow): Addr {
  const from = flow.from;
  if (from.kind === 'pod') return podAddress(from.pod, flow.family) ?? 0;
  if (from.kind === 'node') return nodeIP(from.node, flow.family);
  return from.address;
}
