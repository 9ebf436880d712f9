// Runs one scenario on both sides — the real kernel (through the harness) and the simulator — and
// turns each into the same plain lines, so a test asserts they are equal and a failure prints a
// readable diff. Per packet, the lines are:
//   every rule whose matches all held and every built-in policy applied, in order, as
//     "INPUT filter/SUB #2 -A SUB -p tcp -m tcp --dport 2 -j DROP [eth0>- 192.168.50.100:43002>192.168.50.10:2]"
//     "FORWARD filter/FORWARD policy DROP [cni0>eth0 10.244.1.5:41000>172.16.9.9:443 mark=0x4000]"
//   (in and out interface, addresses, mark, and TTL and TOS when not 64 and 0, of the packet as
//   the kernel's PACKET line shows it
//   for that table's walk at that hook; the in interface is left out at POSTROUTING, where
//   iptables cannot match it), then the result:
//     "=> ACCEPT forward out=eth0 tcp 192.168.50.10:41000>172.16.9.9:443"
// A packet the kernel lost without any verdict (ip_forward off, a bridge that will not hairpin)
// reads "=> LOST (no verdict)"; the simulator says the same when it drops a packet for a reason
// that is not a rule (its result then carries `reason`).
import { expect } from 'vitest';
import { hasErrors, parseRuleset, type Ruleset } from '../../../src/engine/rules/index.ts';
import {
  formatFieldDiagnostic,
  readHost,
  readIpsetText,
  readPackets,
  simulate,
  type Host,
  type Packet,
  type PacketTrace,
  type SimulationResult,
} from '../../../src/engine/netfilter/index.ts';
import {
  runKernelScenario,
  type KernelPacket,
  type KernelScenario,
  type KernelScenarioResult,
  type KernelTrace,
} from '../scenario.ts';
import { toSimulatorPacket } from '../simulator-input.ts';
import { defaultTopology, type IpSetSpec, type TopologySpec } from '../topology.ts';

export interface CompareScenario {
  /** iptables-save text, loaded into the kernel with iptables-restore and parsed for the simulator. */
  rules: string;
  packets: KernelPacket[];
  topology?: TopologySpec;
  ipsets?: IpSetSpec[];
  /** an `ipset save` text: `ipset restore` reads it for the kernel, readIpsetText for the simulator */
  ipsetText?: string;
  /**
   * The rules use `statistic --mode random`: the kernel draws its own numbers, so the scenario
   * passes when the kernel's walk is one of the simulator's enumerated paths (with a non-zero
   * probability) rather than the simulator's seeded sample.
   */
  random?: boolean;
  /** See KernelScenario: set-up after the rules are loaded, and a look after the last packet. */
  prepare?: KernelScenario['prepare'];
  inspect?: KernelScenario['inspect'];
}

export interface Comparison {
  /** Lines per packet, kernel side. */
  kernel: string[][];
  /** Lines per packet, simulator side (for `random`, the enumerated path closest to the kernel's). */
  simulator: string[][];
  equal: boolean;
  /** Empty when equal; else the scenario's packets with a line diff (- kernel, + simulator). */
  report: string;
  /** For `random`: how many paths the simulator enumerated and the probability of the matching one. */
  paths?: { count: number; probabilities: number[]; matched: number | null };
  kernelRun: KernelScenarioResult;
  simulation: SimulationResult;
}

type Addressed = {
  src: string | null;
  sport: number | null;
  dst: string | null;
  dport: number | null;
};

function addresses(p: Addressed | null | undefined): string {
  if (!p) return '?';
  // an IPv6 address in brackets when a port follows, as ip6tables writes [addr]:port
  const end = (a: string | null, port: number | null) =>
    port === null ? (a ?? '?') : `${a?.includes(':') ? `[${a}]` : (a ?? '?')}:${port}`;
  return `${end(p.src, p.sport)}>${end(p.dst, p.dport)}`;
}

interface Seen {
  in: string | null;
  out: string | null;
  packet: Addressed | null;
  mark: number;
  ttl: number | null;
  tos: number | null;
}

/** What a packet starts with when nobody set it: shown only when it differs. */
const PLAIN_TTL = 64;

function stepLine(
  hook: string | null,
  table: string,
  chain: string,
  what: string,
  seen: Seen,
): string {
  const inIface = hook === 'POSTROUTING' ? '' : (seen.in ?? '-');
  const where = `${inIface}>${seen.out ?? '-'}`;
  const mark = seen.mark ? ` mark=0x${seen.mark.toString(16)}` : '';
  const ttl = seen.ttl !== null && seen.ttl !== PLAIN_TTL ? ` ttl=${seen.ttl}` : '';
  const tos = seen.tos ? ` tos=0x${seen.tos.toString(16)}` : '';
  return `${hook ?? '?'} ${table}/${chain} ${what} [${where} ${addresses(seen.packet)}${mark}${ttl}${tos}]`;
}

const LOST = '=> LOST (no verdict)';

export function kernelLines(trace: KernelTrace): string[] {
  const lines = trace.steps
    .filter((s) => s.kind === 'rule' || s.kind === 'policy')
    .map((s) =>
      stepLine(
        s.hook,
        s.table,
        s.chain,
        s.kind === 'policy' ? `policy ${s.verdict}` : `#${s.rule ?? '?'} ${s.ruleText ?? ''}`,
        {
          in: s.packet?.in ?? null,
          out: s.packet?.out ?? null,
          packet: s.packet,
          mark: s.packet?.mark ?? 0,
          ttl: s.packet?.ttl ?? null,
          tos: s.packet?.tos ?? null,
        },
      ),
    );
  const r = trace.result;
  if (r.fate === 'unknown') lines.push(LOST);
  else
    lines.push(
      `=> ${r.verdict ?? '?'} ${r.fate} out=${r.outInterface ?? '-'} ${r.packet?.proto ?? '?'} ${addresses(r.packet)}`,
    );
  return lines;
}

export function simulatorLines(trace: PacketTrace): string[] {
  const pending: { hook: string; table: string; chain: string; what: string; seen: Seen }[] = [];
  // The interfaces come from the hook entered, the packet from the table entered. The kernel
  // dumps the packet with the first event of a table's walk, and a rule's event is sent after its
  // target ran: a MARK in the walk's first matching rule already shows in that walk's packet.
  let io: { in: string | null; out: string | null } = { in: null, out: null };
  let seen: Seen = { in: null, out: null, packet: null, mark: 0, ttl: null, tos: null };
  let firstRule: number | null = null;
  for (const s of trace.steps) {
    if (s.kind === 'hook-enter') io = { in: s.in, out: s.out };
    else if (s.kind === 'table-enter') {
      seen = { ...io, packet: s.packet, mark: s.packet.mark, ttl: s.packet.ttl, tos: s.packet.tos };
      firstRule = null;
    } else if (s.kind === 'rule' && s.matched) {
      firstRule = pending.some((p) => p.seen === seen) ? null : pending.length;
      pending.push({
        hook: s.hook,
        table: s.table,
        chain: s.chain,
        what: `#${s.rule} ${s.ruleText}`,
        seen,
      });
    } else if (s.kind === 'mark' && s.what === 'mark' && firstRule === pending.length - 1)
      seen.mark = s.to;
    else if (s.kind === 'rewrite' && s.target && firstRule === pending.length - 1) {
      // the same for a header rewrite by that first rule
      seen.ttl = s.packet.ttl;
      seen.tos = s.packet.tos;
    } else if (s.kind === 'policy')
      pending.push({
        hook: s.hook,
        table: s.table,
        chain: s.chain,
        what: `policy ${s.verdict}`,
        seen,
      });
  }
  const lines = pending.map((p) => stepLine(p.hook, p.table, p.chain, p.what, p.seen));
  const r = trace.result;
  if (r.reason !== undefined) lines.push(LOST);
  else
    lines.push(
      `=> ${r.verdict} ${r.fate} out=${r.outInterface ?? '-'} ${r.packet.proto} ${addresses(r.packet)}`,
    );
  return lines;
}

/** A line diff by longest common subsequence: "  same", "- kernel only", "+ simulator only". */
export function diffLines(kernel: readonly string[], simulator: readonly string[]): string[] {
  const n = kernel.length;
  const m = simulator.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] =
        kernel[i] === simulator[j]
          ? lcs[i + 1]![j + 1]! + 1
          : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && kernel[i] === simulator[j]) {
      out.push(`  ${kernel[i++]}`);
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! > lcs[i + 1]![j]!))
      out.push(`+ ${simulator[j++]}`);
    else out.push(`- ${kernel[i++]}`);
  }
  return out;
}

function describeSent(p: KernelPacket): string {
  const ports = p.proto.startsWith('icmp') ? '' : `:${p.sport}`;
  const dports = p.proto.startsWith('icmp') ? '' : `:${p.dport}`;
  const extra =
    p.proto === 'tcp'
      ? ` ${p.tcpFlags ?? 'SYN'}`
      : p.proto.startsWith('icmp')
        ? ` type ${p.icmpType ?? 8}`
        : '';
  return `${p.proto} ${p.src}${ports} > ${p.dst}${dports}${extra} from ${p.from}`;
}

function report(
  packets: readonly KernelPacket[],
  kernel: string[][],
  simulator: string[][],
): string {
  const parts = ['simulator differs from the kernel (- kernel, + simulator):'];
  packets.forEach((p, i) => {
    const k = kernel[i] ?? [];
    const s = simulator[i] ?? [];
    const same = k.length === s.length && k.every((l, x) => l === s[x]);
    parts.push(`packet ${i + 1}: ${describeSent(p)}${same ? ' — same' : ''}`);
    if (!same) parts.push(...diffLines(k, s).map((l) => `  ${l}`));
  });
  return parts.join('\n');
}

function simulatorInput(
  scenario: CompareScenario,
  kernel: KernelScenarioResult,
): { ruleset: Ruleset; host: Host; packets: Packet[] } {
  const spec = scenario.topology ?? defaultTopology();
  const parsed = parseRuleset(scenario.rules, { family: spec.family ?? 'ipv4' });
  if (hasErrors(parsed.diagnostics))
    throw new Error(
      `the simulator cannot parse the scenario's rules:\n${parsed.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`).join('\n')}`,
    );
  const host = readHost(kernel.host);
  const hostErrors = host.diagnostics.filter((d) => d.severity === 'error');
  if (hostErrors.length > 0)
    throw new Error(
      `the harness's host file is not valid:\n${hostErrors.map(formatFieldDiagnostic).join('\n')}`,
    );
  if (scenario.ipsetText !== undefined) {
    const sets = readIpsetText(scenario.ipsetText);
    const errors = sets.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0)
      throw new Error(
        `the simulator cannot read the ipset text:\n${errors.map((d) => `${d.line}:${d.column} ${d.message}`).join('\n')}`,
      );
    host.host.ipsets.push(...sets.sets);
  }
  const read = readPackets(scenario.packets.map((p) => toSimulatorPacket(spec, p)));
  if (read.diagnostics.length > 0)
    throw new Error(
      `the packets are not valid:\n${read.diagnostics.map(formatFieldDiagnostic).join('\n')}`,
    );
  return { ruleset: parsed.ruleset, host: host.host, packets: read.packets };
}

const same = (a: string[][], b: string[][]): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every random path, depth first: each run replays a list of decisions and takes the matching
 * branch of any later random rule; the trace's `random` steps say which branches could have gone
 * the other way. Up to `limit` paths.
 */
function* randomPaths(
  input: { ruleset: Ruleset; host: Host; packets: Packet[] },
  limit = 256,
): Generator<{ sim: SimulationResult; probability: number }> {
  let script: boolean[] | null = [];
  for (let n = 0; script && n < limit; n++) {
    const sim = simulate(input.ruleset, input.host, input.packets, { decisions: script });
    const randoms = sim.packets.flatMap((p) => p.steps.filter((s) => s.kind === 'random'));
    const probability = randoms.reduce((acc, s) => acc * s.probability, 1);
    yield { sim, probability };
    script = null;
    for (let i = randoms.length - 1; i >= 0; i--) {
      const r = randoms[i]!;
      const otherWay = r.matched ? r.threshold < 2 ** 31 : r.threshold > 0;
      if (r.matched && otherWay) {
        script = [...randoms.slice(0, i).map((x) => x.matched), false];
        break;
      }
    }
  }
}

export async function compareWithKernel(scenario: CompareScenario): Promise<Comparison> {
  const kernelRun = await runKernelScenario({
    rules: scenario.rules,
    packets: scenario.packets,
    ...(scenario.topology ? { topology: scenario.topology } : {}),
    ...(scenario.ipsets ? { ipsets: scenario.ipsets } : {}),
    ...(scenario.prepare ? { prepare: scenario.prepare } : {}),
    ...(scenario.inspect ? { inspect: scenario.inspect } : {}),
    ...(scenario.ipsetText !== undefined ? { ipsetText: scenario.ipsetText } : {}),
  });
  const kernel = kernelRun.packets.map(kernelLines);
  const input = simulatorInput(scenario, kernelRun);
  if (!scenario.random) {
    const simulation = simulate(input.ruleset, input.host, input.packets);
    const simulator = simulation.packets.map(simulatorLines);
    const equal = same(kernel, simulator);
    return {
      kernel,
      simulator,
      equal,
      report: equal ? '' : report(scenario.packets, kernel, simulator),
      kernelRun,
      simulation,
    };
  }
  const probabilities: number[] = [];
  let best: { simulation: SimulationResult; simulator: string[][]; score: number } | undefined;
  let matched: number | null = null;
  for (const path of randomPaths(input)) {
    probabilities.push(path.probability);
    const simulator = path.sim.packets.map(simulatorLines);
    if (matched !== null) continue;
    if (path.probability > 0 && same(kernel, simulator)) {
      matched = path.probability;
      best = { simulation: path.sim, simulator, score: Infinity };
      continue;
    }
    // keep the path with the most lines in common, for the report
    const score = kernel.flat().filter((l) => simulator.flat().includes(l)).length;
    if (!best || score > best.score) best = { simulation: path.sim, simulator, score };
  }
  if (!best) throw new Error('the simulator enumerated no path');
  const equal = matched !== null;
  return {
    kernel,
    simulator: best.simulator,
    equal,
    report: equal
      ? ''
      : `${report(scenario.packets, kernel, best.simulator)}\n(none of the ${probabilities.length} enumerated paths matches; the closest is shown)`,
    paths: { count: probabilities.length, probabilities, matched },
    kernelRun,
    simulation: best.simulation,
  };
}

/** Fails with the readable diff when the two sides differ. */
export function expectSame(c: Comparison): void {
  if (!c.equal) expect.fail(c.report);
}

/**
 * Runs the scenario, asserts both sides agree, and checks the kernel really did what the
 * scenario is about (each `kernelSees` entry is a substring of one of the kernel's lines), so a
 * scenario cannot pass by both sides skipping the feature it tests.
 */
export async function expectAgreement(
  scenario: CompareScenario,
  kernelSees: readonly string[] = [],
): Promise<Comparison> {
  const c = await compareWithKernel(scenario);
  // NLK_SHOW=1 prints both sides of every scenario, to see what a passing scenario covered.
  if (process.env['NLK_SHOW']) console.log(c.kernel.map((p) => p.join('\n')).join('\n--\n'));
  expectSame(c);
  const all = c.kernel.flat();
  for (const wanted of kernelSees)
    if (!all.some((l) => l.includes(wanted)))
      expect.fail(
        `the kernel's trace has no line with ${JSON.stringify(wanted)}:\n${c.kernel.map((p, i) => [`packet ${i + 1}:`, ...p.map((l) => `  ${l}`)].join('\n')).join('\n')}`,
      );
  return c;
}
