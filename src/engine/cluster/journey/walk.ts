/**
 * Follows one packet across the cluster, node by node. On each node the simulator runs with that
 * node's compiled rules and host model, and with the packets the node already saw in this journey
 * in front (one conntrack table per node, kept for the whole journey, so a reply is un-NATed).
 * Random rules branch: every branch with its exact probability, or one drawn with a seed.
 */
import {
  readPackets,
  simulate,
  simulateAllPaths,
  type Host,
  type Packet,
  type PacketTrace,
  type TraceResult,
} from '../../netfilter/index.ts';
import { formatAddr, parseAddr } from '../../netfilter/ipv4.ts';
import type { Ruleset } from '../../rules/index.ts';
import type { ClusterModel, ClusterNode } from '../model/model.ts';
import type { RuleProvenance } from '../node/provenance.ts';
import {
  addFractions as add,
  divideFractions as divide,
  formatFraction,
  fractionToNumber as toNumber,
  FRACTION_ZERO as ZERO,
  multiplyFractions as multiply,
  readFraction as parseFraction,
  type Fraction,
  type SeededRandom,
} from '../../netfilter/index.ts';
import { nodeIP, nodeOwning, placeView, podWithAddress, type PlaceView } from './places.ts';
import { translationsOf } from './translations.ts';
import type { Direction, JourneyHop, LegEnd, Tuple } from './types.ts';

/** A node ready to simulate: its rules and its host model. */
export interface NodeSim {
  node: ClusterNode;
  ruleset: Ruleset;
  host: Host;
  /** the pods' bridge (cni0), when the node has a podCIDR */
  bridge: string | null;
  /** why each rule exists, by rule id */
  provenance: ReadonlyMap<string, RuleProvenance>;
}

export interface WalkContext {
  model: ClusterModel;
  sim(node: ClusterNode): NodeSim;
  /** set when sampling: one branch is drawn at each random choice */
  draw: SeededRandom | null;
  /** set when a node's enumeration was cut short */
  incomplete: boolean;
}

/** What one node saw so far in this journey: its packets, and how each ended (as keys). */
interface NodeMemory {
  packets: Packet[];
  keys: string[];
}

export interface WalkState {
  memory: ReadonlyMap<string, NodeMemory>;
  probability: Fraction;
  hops: JourneyHop[];
}

export const START: WalkState = { memory: new Map(), probability: parseFraction('1'), hops: [] };

/** A packet reaching a node: arriving on an interface, or sent by the node itself. */
export interface Arrival {
  node: ClusterNode;
  packet: Packet;
  /** the pod's veth when the packet comes from a pod on the node */
  inPort?: string;
}

export interface LegResult {
  state: WalkState;
  end: LegEnd;
}

export interface PacketFields {
  proto: string;
  src: string | null;
  sport: number;
  dst: string;
  dport: number;
  tcpFlags: string | null;
  in?: string;
  local?: boolean;
}

/** Makes the simulator's packet through its own reader, so defaults stay the simulator's. */
export function makePacket(f: PacketFields): Packet {
  const doc: Record<string, unknown> = {
    proto: f.proto,
    sport: f.sport,
    dst: f.dst,
    dport: f.dport,
  };
  if (f.src !== null) doc['src'] = f.src;
  if (f.tcpFlags !== null) doc['tcpFlags'] = f.tcpFlags;
  if (f.local) doc['local'] = true;
  else doc['in'] = f.in ?? 'eth0';
  const read = readPackets(doc);
  const p = read.packets[0];
  if (!p)
    throw new Error(
      `journey built a packet the simulator refused: ${JSON.stringify(read.diagnostics)}`,
    );
  return p;
}

function resultKey(r: TraceResult): string {
  return JSON.stringify([r.verdict, r.fate, r.outInterface, r.packet, r.reason ?? null]);
}

interface Choice {
  probability: Fraction;
  trace: PacketTrace;
  conntrack: JourneyHop['conntrack'];
}

/**
 * The ways this node can treat the packet, given what it saw before: every random outcome whose
 * earlier packets ended as they did in this journey, with its probability given that history.
 */
function choicesAt(ctx: WalkContext, state: WalkState, a: Arrival): Choice[] {
  const { ruleset, host } = ctx.sim(a.node);
  const mem = state.memory.get(a.node.name) ?? { packets: [], keys: [] };
  const packets = [...mem.packets, a.packet];
  const all = simulateAllPaths(ruleset, host, packets);
  if (!all.complete) ctx.incomplete = true;
  const fitting = all.outcomes.filter((o) =>
    mem.keys.every((k, i) => o.results[i] !== undefined && resultKey(o.results[i]) === k),
  );
  let total = ZERO;
  for (const o of fitting) total = add(total, parseFraction(o.exact));
  let picked = fitting;
  if (ctx.draw && fitting.length > 1) {
    const i = ctx.draw.pick(fitting.map((o) => o.probability));
    picked = [fitting[i]!];
  }
  return picked.map((o) => {
    const run = simulate(ruleset, host, packets, { decisions: o.decisions });
    const trace = run.packets[packets.length - 1]!;
    return {
      probability: divide(parseFraction(o.exact), total),
      trace,
      conntrack: run.conntrack,
    };
  });
}

function tupleOf(r: {
  proto: string;
  src: string;
  sport: number | null;
  dst: string;
  dport: number | null;
}): Tuple {
  return { proto: r.proto, src: r.src, sport: r.sport, dst: r.dst, dport: r.dport };
}

/** The packet as it entered the node (a node's own packet gets its source from routing). */
function arrivedAs(a: Arrival, trace: PacketTrace): Tuple {
  const first = trace.steps.find((s) => 'packet' in s && s.packet !== undefined);
  const src = a.packet.src ?? (first && 'packet' in first ? first.packet.src : '0.0.0.0');
  return {
    proto: a.packet.proto,
    src,
    sport: a.packet.sport,
    dst: a.packet.dst,
    dport: a.packet.dport,
  };
}

/** The rule or policy that stopped the packet: the last DROP/REJECT verdict in the trace. */
function decidingRule(trace: PacketTrace): string | undefined {
  for (let i = trace.steps.length - 1; i >= 0; i--) {
    const s = trace.steps[i]!;
    if (s.kind === 'verdict' && s.verdict !== 'ACCEPT') return s.ruleText;
    if (s.kind === 'policy' && s.verdict === 'DROP') return `${s.table} ${s.chain} policy DROP`;
  }
  return undefined;
}

/**
 * A drop by a pod's policy chain, said as NetworkPolicy: which policies isolate the pod in that
 * direction (none of their rules allowed the packet), and which rule of which chain dropped it.
 */
function policyBlock(sim: NodeSim, trace: PacketTrace): LegEnd['policy'] | undefined {
  for (let i = trace.steps.length - 1; i >= 0; i--) {
    const s = trace.steps[i]!;
    if (s.kind !== 'verdict' || s.verdict === 'ACCEPT') continue;
    const prov = sim.provenance.get(s.ruleId);
    if (!prov || prov.role !== 'policy-endpoint' || !prov.policies || !prov.pod) return undefined;
    // one chain for both directions (kube-router): the packet's destination tells which
    const split = prov.podPolicies;
    const direction = split
      ? s.packet.dst === split.podIP
        ? 'ingress'
        : 'egress'
      : s.chain.startsWith('cali-tw-')
        ? 'ingress'
        : 'egress';
    const named = split?.[direction] ?? [];
    const policies = named.length > 0 ? named : prov.policies;
    return { policies, pod: prov.pod, direction, chain: s.chain, rule: s.rule };
  }
  return undefined;
}

export function policyReason(p: NonNullable<LegEnd['policy']>): string {
  const names = p.policies.join(', ');
  const which =
    p.policies.length === 1
      ? `NetworkPolicy ${names}: it isolates pod ${p.pod} for ${p.direction} and none of its rules`
      : `NetworkPolicies ${names}: they isolate pod ${p.pod} for ${p.direction} and none of their rules`;
  return `blocked by ${which} allows this packet (${p.chain} rule ${p.rule})`;
}

/** `default/web:http has no local endpoints` from a rule's --comment, else the rule. */
function ruleReason(rule: string): string {
  const comment = /--comment "([^"]*)"/.exec(rule)?.[1] ?? /--comment (\S+)/.exec(rule)?.[1];
  return comment ? `by the rule for "${comment}"` : `by ${rule}`;
}

type Next =
  { kind: 'arrive'; arrival: Arrival; text: string } | { kind: 'end'; end: LegEnd; text: string };

function ended(
  outcome: LegEnd['outcome'],
  verdict: LegEnd['verdict'],
  node: ClusterNode,
  packet: Tuple,
  at: PlaceView | null,
  reason?: string,
): LegEnd {
  const e: LegEnd = { outcome, verdict, at, node: node.name, packet };
  if (reason) e.reason = reason;
  return e;
}

/** Where the packet goes after this node: another node, a pod, the node itself, or outside. */
function nextAfter(ctx: WalkContext, a: Arrival, trace: PacketTrace): Next {
  const r = trace.result;
  const node = a.node;
  const pkt = tupleOf(r.packet);
  if (r.fate === 'dropped' || r.fate === 'rejected') {
    const rule = decidingRule(trace);
    const policy = policyBlock(ctx.sim(node), trace);
    const why = r.reason ?? (policy ? policyReason(policy) : rule ? ruleReason(rule) : undefined);
    const end =
      r.fate === 'dropped'
        ? ended('dropped', 'DROP', node, pkt, null, why)
        : ended('rejected', 'REJECT', node, pkt, null, why);
    if (rule) end.decidedBy = rule;
    if (policy) end.policy = policy;
    const text =
      r.fate === 'dropped'
        ? `dropped on ${node.name}${why ? ` ${why.startsWith('by ') ? why : `(${why})`}` : ''}`
        : `rejected on ${node.name}${why ? ` ${why}` : ''}: the sender gets an error back`;
    return { kind: 'end', end, text };
  }
  const dst = parseAddr(r.packet.dst) ?? 0;
  if (r.fate === 'local') {
    const at = placeView({ kind: 'node', node }, dst);
    return {
      kind: 'end',
      end: ended('delivered', 'ACCEPT', node, pkt, at),
      text: `delivered to a process on ${node.name}`,
    };
  }
  const out = r.outInterface ?? '';
  const sim = ctx.sim(node);
  const onBridge =
    sim.bridge !== null &&
    (out === sim.bridge || sim.host.bridges.some((b) => b.ports.some((p) => p.name === out)));
  // a routed pod interface (Calico's cali…) has no address of its own on the host
  const podLink =
    !onBridge &&
    sim.bridge === null &&
    sim.host.routes.some(
      (rt) => rt.dev === out && rt.to?.prefix === (typeof dst === 'number' ? 32 : 128),
    );
  if (onBridge || podLink) {
    const pod = podWithAddress(ctx.model, dst, node.name);
    if (!pod)
      return {
        kind: 'end',
        end: ended(
          'dropped',
          'DROP',
          node,
          pkt,
          null,
          `no pod on ${node.name} has ${r.packet.dst}: nothing answers on ${out}`,
        ),
        text: `lost on ${out} of ${node.name}: no pod there has ${r.packet.dst}`,
      };
    const at = placeView({ kind: 'pod', pod, node }, dst);
    return {
      kind: 'end',
      end: ended('delivered', 'ACCEPT', node, pkt, at),
      text: `delivered to pod ${at.name} by ${out}`,
    };
  }
  const owner = nodeOwning(ctx.model, dst);
  if (owner && owner !== node) {
    const packet = makePacket({
      ...pkt,
      sport: pkt.sport ?? 0,
      dport: pkt.dport ?? 0,
      tcpFlags: a.packet.tcpFlags,
      in: 'eth0',
    });
    return {
      kind: 'arrive',
      arrival: { node: owner, packet },
      text: `to ${owner.name} (${formatAddr(nodeIP(owner, typeof dst === 'number' ? 'ipv4' : 'ipv6'))}) by ${out}`,
    };
  }
  if (owner === node)
    return {
      kind: 'end',
      end: ended(
        'dropped',
        'DROP',
        node,
        pkt,
        null,
        `sent out ${out} toward the node's own network`,
      ),
      text: `lost: ${node.name} sent it out ${out} toward its own network`,
    };
  // outside the cluster: a client (named or not) at the destination address
  const client = ctx.model.settings.externalClients.find((c) => c.address === dst);
  const at = placeView({ kind: 'client', name: client?.name ?? null, address: dst });
  return {
    kind: 'end',
    end: ended('delivered', 'ACCEPT', node, pkt, at),
    text: `leaves the cluster by ${out} to ${client ? `client ${client.name}` : r.packet.dst}`,
  };
}

/** Follows a packet from its arrival until it is delivered, dropped or the hop limit stops it. */
export function followLeg(
  ctx: WalkContext,
  state: WalkState,
  a: Arrival,
  direction: Direction,
  hopsLeft: number,
): LegResult[] {
  const results: LegResult[] = [];
  for (const c of choicesAt(ctx, state, a)) {
    const r = c.trace.result;
    const next = nextAfter(ctx, a, c.trace);
    const hop: JourneyHop = {
      direction,
      node: a.node.name,
      in: a.packet.local ? null : a.inPort ? (ctx.sim(a.node).bridge ?? a.packet.in) : a.packet.in,
      out: r.outInterface,
      before: arrivedAs(a, c.trace),
      after: tupleOf(r.packet),
      translations: translationsOf(c.trace, direction),
      verdict: r.verdict,
      fate: r.fate,
      probability: toNumber(c.probability),
      exact: formatFraction(c.probability),
      next: next.text,
      trace: c.trace,
      conntrack: c.conntrack,
    };
    if (a.inPort) hop.inPort = a.inPort;
    if (r.reason) hop.reason = r.reason;
    if (next.kind === 'end' && next.end.decidedBy) hop.decidedBy = next.end.decidedBy;
    const mem = state.memory.get(a.node.name) ?? { packets: [], keys: [] };
    const memory = new Map(state.memory);
    memory.set(a.node.name, {
      packets: [...mem.packets, a.packet],
      keys: [...mem.keys, resultKey(r)],
    });
    const s: WalkState = {
      memory,
      probability: multiply(state.probability, c.probability),
      hops: [...state.hops, hop],
    };
    if (next.kind === 'end') results.push({ state: s, end: next.end });
    else if (hopsLeft <= 1)
      results.push({
        state: s,
        end: ended(
          'hop-limit',
          'DROP',
          next.arrival.node,
          hop.after,
          null,
          'the journey crossed too many nodes: a routing loop?',
        ),
      });
    else results.push(...followLeg(ctx, s, next.arrival, direction, hopsLeft - 1));
  }
  return results;
}
