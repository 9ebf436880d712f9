// runKernelScenario: the kernel side of the simulator's proof. Builds a fresh topology, loads the
// rules into the host, sends the packets one by one (all sharing the host's conntrack table) and
// returns, per packet, the steps the kernel traced and where the packet ended — shaped like the
// simulator's trace JSON (docs/formats.md) so the two can be compared field by field.
import { kernelEnvironment } from './environment.ts';
import {
  HARNESS_CHAINS,
  HARNESS_TABLE,
  loadRules,
  nftFamily,
  type Backend,
  type LoadedRules,
} from './loader.ts';
import { XtablesMonitor } from './monitor.ts';
import { parseNftTrace } from './nft-trace.ts';
import { runIn } from './run.ts';
import { sendPacket, type KernelPacket } from './sender.ts';
import {
  buildTopology,
  defaultTopology,
  type BridgeNetfilterState,
  type HostFile,
  type IpSetSpec,
  type Topology,
  type TopologySpec,
} from './topology.ts';
import {
  groupRuns,
  parseXtablesTrace,
  type Hook,
  type RunBoundaries,
  type TraceEvent,
  type TracePacket,
  type TraceRun,
} from './xtables-trace.ts';

export type { KernelPacket } from './sender.ts';

export interface StepPacket {
  in: string | null;
  out: string | null;
  src: string | null;
  sport: number | null;
  dst: string | null;
  dport: number | null;
  mark: number;
  /** the IP header's TTL and TOS byte as the PACKET line shows them */
  ttl: number | null;
  tos: number | null;
}

export interface KernelStep {
  kind: 'rule' | 'policy' | 'return';
  hook: Hook | null;
  table: string;
  chain: string;
  /** 1-based index of the rule in its chain; null for a policy (or when unknown, legacy). */
  rule: number | null;
  /** `-A CHAIN …` exactly as iptables-save prints it; null for a policy. */
  ruleText: string | null;
  /** ACCEPT, DROP, CONTINUE, JUMP, GOTO, RETURN … (a REJECT rule's verdict is DROP). */
  verdict: string;
  /** The chain of a JUMP or GOTO. */
  target: string | null;
  /**
   * The packet the kernel dumped for this table's walk at this hook: as it was at the walk's first
   * traced event, i.e. after that first rule's target ran (a MARK there already shows).
   */
  packet: StepPacket | null;
}

export type KernelFate = 'local' | 'forward' | 'output' | 'dropped' | 'rejected' | 'unknown';

export interface KernelResult {
  verdict: 'ACCEPT' | 'DROP' | 'REJECT' | null;
  /** `unknown`: the trace ended without a verdict or a harness observer — lost outside netfilter (no route, ip_forward off …). */
  fate: KernelFate;
  outInterface: string | null;
  packet: {
    proto: string;
    src: string | null;
    sport: number | null;
    dst: string | null;
    dport: number | null;
  } | null;
}

export interface KernelRun {
  /** The kernel's trace ids for this walk (more than one when the id changed mid-walk). */
  traceIds: string[];
  /**
   * primary: the packet sent; loopback: its second half after lo; other: any other packet traced
   * meanwhile — one it caused (a REJECT's reply, an ICMP error) or the host's own chatter.
   */
  relation: 'primary' | 'loopback' | 'other';
  origin: Hook | null;
  steps: KernelStep[];
}

export interface KernelTrace {
  index: number;
  sent: KernelPacket;
  /** Steps of the packet itself: the primary run followed by its loopback half, harness steps removed. */
  steps: KernelStep[];
  result: KernelResult;
  runs: KernelRun[];
  /** The monitor lines printed while this packet was handled. */
  raw: string;
}

export interface KernelScenario {
  /** iptables-save text. */
  rules: string;
  packets: KernelPacket[];
  topology?: TopologySpec;
  /** ipsets created in the host namespace before the rules are loaded (and listed in `host`). */
  ipsets?: IpSetSpec[];
  /** an `ipset save` text given to `ipset restore` in the host namespace, after `ipsets` */
  ipsetText?: string;
  backend?: Backend;
  /** Quiet gap that ends one packet's trace (ms). */
  quietMs?: number;
  /** Runs once the rules are loaded, given each role's namespace (a qdisc on a device, say). */
  prepare?: (ns: (role: string) => string) => void;
  /** Runs after the last packet: what it returns is the result's `inspected` (tc counters, say). */
  inspect?: (ns: (role: string) => string) => string;
}

export interface KernelScenarioResult {
  packets: KernelTrace[];
  host: HostFile;
  bridgeNetfilter: BridgeNetfilterState;
  backend: Backend;
  /** Everything the monitor printed, for debugging and captures. */
  raw: string;
  /** What the scenario's `inspect` returned. */
  inspected?: string;
}

export async function runKernelScenario(scenario: KernelScenario): Promise<KernelScenarioResult> {
  const env = kernelEnvironment();
  if (!env.ok) throw new Error(`kernel scenario cannot run: ${env.reason}`);
  const topology = buildTopology(scenario.topology ?? defaultTopology());
  try {
    return await runInTopology(topology, scenario, env.python);
  } finally {
    topology.teardown();
  }
}

async function runInTopology(
  topology: Topology,
  scenario: KernelScenario,
  python: string,
): Promise<KernelScenarioResult> {
  const backend = scenario.backend ?? 'nft';
  const ipsets = scenario.ipsets ?? [];
  if (ipsets.length > 0) createIpsets(topology, ipsets);
  if (scenario.ipsetText !== undefined)
    runIn(topology.ns('host'), ['ipset', 'restore'], { input: scenario.ipsetText });
  const loaded = loadRules(topology, scenario.rules, backend);
  const ns = (role: string) => topology.ns(role);
  scenario.prepare?.(ns);
  const monitor = await XtablesMonitor.start(topology.ns('host'), 3000, nftFamily(topology));
  const traces: KernelTrace[] = [];
  let raw: string;
  try {
    for (const [index, packet] of scenario.packets.entries()) {
      if (!topology.roles.includes(packet.from))
        throw new Error(`packet ${index}: unknown sender role ${packet.from}`);
      const start = monitor.lineCount;
      sendPacket(topology.ns(packet.from), python, packet);
      await monitor.settle(start, 1500, scenario.quietMs ?? 120);
      traces.push(readPacketTrace(index, packet, monitor.linesFrom(start).join('\n'), loaded));
    }
  } finally {
    raw = await monitor.stop();
  }
  const host = topology.hostFile();
  if (ipsets.length > 0) host.ipsets = ipsets.map((set) => ({ ...set, members: [...set.members] }));
  const result: KernelScenarioResult = {
    packets: traces,
    host,
    bridgeNetfilter: topology.bridgeNetfilter,
    backend,
    raw,
  };
  if (scenario.inspect) result.inspected = scenario.inspect(ns);
  return result;
}

/** Sets live in the namespace: they go when the host namespace is deleted. */
function createIpsets(topology: Topology, ipsets: readonly IpSetSpec[]): void {
  const lines = ipsets.flatMap((set) => [
    `create ${set.name} ${set.type}`,
    ...set.members.map((member) => `add ${set.name} ${member}`),
  ]);
  runIn(topology.ns('host'), ['ipset', 'restore'], { input: `${lines.join('\n')}\n` });
}

const WALK_BOUNDARIES: RunBoundaries = {
  startsRun: (e) =>
    e.table === HARNESS_TABLE && (e.chain === 'trace_pre' || e.chain === 'trace_out'),
  endsRun: (e) =>
    e.table === HARNESS_TABLE
      ? e.chain === 'seen_local' || e.chain === 'seen_post'
      : e.verdict === 'DROP' || e.verdict === 'STOLEN',
};

/** Turns the monitor lines of one sent packet into its steps and result. Pure: unit-tested on captures. */
export function readPacketTrace(
  index: number,
  sent: KernelPacket,
  raw: string,
  loaded: RuleLookup,
): KernelTrace {
  const parse = loaded.family === 'ip6' ? parseNftTrace : parseXtablesTrace;
  const runs = groupRuns(parse(raw, HARNESS_CHAINS).events, WALK_BOUNDARIES);
  const primary = runs.find((run) => startsAs(run, sent.src, sent.dst)) ?? runs[0];
  const chain: TraceRun[] = primary ? [primary] : [];
  for (let last = primary; last;) {
    const exit = lastHarness(last, 'seen_post')?.packet;
    const next =
      exit?.oif === 'lo'
        ? runs.find((run) => !chain.includes(run) && startsAs(run, exit.src, exit.dst, 'lo'))
        : undefined;
    if (next) chain.push(next);
    last = next;
  }
  const kernelRuns: KernelRun[] = runs.map((run) => ({
    traceIds: run.traceIds,
    relation: run === primary ? 'primary' : chain.includes(run) ? 'loopback' : 'other',
    origin: run.events[0]?.hook ?? null,
    steps: run.events.filter((e) => e.table !== HARNESS_TABLE).map((e) => toStep(e, loaded)),
  }));
  const steps = kernelRuns.filter((r) => r.relation !== 'other').flatMap((r) => r.steps);
  const final = chain[chain.length - 1];
  return { index, sent, steps, result: resultOf(final, sent.proto, loaded), runs: kernelRuns, raw };
}

function startsAs(run: TraceRun, src: string | null, dst: string | null, iif?: string): boolean {
  const packet = run.events[0]?.packet;
  return (
    !!packet &&
    packet.src === src &&
    packet.dst === dst &&
    (iif === undefined || packet.iif === iif)
  );
}

function lastHarness(run: TraceRun, chain: string): TraceEvent | undefined {
  return run.events.findLast((e) => e.table === HARNESS_TABLE && e.chain === chain);
}

function stepPacket(p: TracePacket | null): StepPacket | null {
  if (!p) return null;
  return {
    in: p.iif,
    out: p.oif,
    src: p.src,
    sport: p.sport,
    dst: p.dst,
    dport: p.dport,
    mark: p.mark,
    ttl: p.fields['TTL'] === undefined ? null : Number(p.fields['TTL']),
    tos: p.fields['TOS'] === undefined ? null : Number.parseInt(p.fields['TOS'], 16),
  };
}

/** What readPacketTrace needs of the loaded rules (the IPv4 captures' tests give ruleIndex only). */
type RuleLookup = Pick<LoadedRules, 'ruleIndex'> &
  Partial<Pick<LoadedRules, 'family' | 'ruleText'>>;

function toStep(e: TraceEvent, loaded: RuleLookup): KernelStep {
  const rule =
    e.type === 'rule' && e.handle !== null ? loaded.ruleIndex(e.table, e.chain, e.handle) : null;
  return {
    kind: e.type,
    hook: e.hook,
    table: e.table,
    chain: e.chain,
    rule,
    ruleText:
      e.ruleText ?? (rule === null ? null : (loaded.ruleText?.(e.table, e.chain, rule) ?? null)),
    verdict: e.verdict,
    target: e.target,
    packet: stepPacket(e.packet),
  };
}

function resultOf(run: TraceRun | undefined, proto: string, loaded: RuleLookup): KernelResult {
  const finalPacket = (p: TracePacket | null | undefined): KernelResult['packet'] =>
    p ? { proto, src: p.src, sport: p.sport, dst: p.dst, dport: p.dport } : null;
  if (!run) return { verdict: null, fate: 'unknown', outInterface: null, packet: null };
  const local = lastHarness(run, 'seen_local');
  if (local)
    return {
      verdict: 'ACCEPT',
      fate: 'local',
      outInterface: null,
      packet: finalPacket(local.packet),
    };
  const post = lastHarness(run, 'seen_post');
  if (post) {
    const fate = run.events[0]?.hook === 'OUTPUT' ? 'output' : 'forward';
    return {
      verdict: 'ACCEPT',
      fate,
      outInterface: post.packet?.oif ?? null,
      packet: finalPacket(post.packet),
    };
  }
  const last = run.events.findLast((e) => e.table !== HARNESS_TABLE);
  if (last?.verdict === 'DROP') {
    const text = toStep(last, loaded).ruleText;
    const rejected = text !== null && /\s-j REJECT(\s|$)/.test(text);
    return {
      verdict: rejected ? 'REJECT' : 'DROP',
      fate: rejected ? 'rejected' : 'dropped',
      outInterface: null,
      packet: finalPacket(last.packet),
    };
  }
  return { verdict: null, fate: 'unknown', outInterface: null, packet: finalPacket(last?.packet) };
}
