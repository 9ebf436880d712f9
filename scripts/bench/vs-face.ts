/**
 * The engine calls the side-by-side benchmark (vs.ts) makes in one tree: parse, trace, compile.
 * vs-subject.ts imports this file, and vs-build.ts bundles it once per tree with every
 * `../../src/engine/` import pointed at that tree, so the same calls run on the old code and the
 * new. A revision whose engine names or shapes these calls differently gets its own copy,
 * `vs-face-REV.ts` beside this one (REV: the start of its commit hash), which vs-build.ts uses for
 * that revision instead; the file's name says which revision needs it.
 */
import { compileModelNode, loadCluster } from '../../src/engine/cluster/index.ts';
import {
  readHost,
  readPackets,
  sampleOutcomes,
  simulate,
  simulateAllPaths,
} from '../../src/engine/netfilter/index.ts';
import { parseRuleset } from '../../src/engine/rules/index.ts';
import { threadCpuMs, threadSpan } from './thread-cpu.ts';

/** What a tree made of an input: enough to tell whether it read it, not the result itself. */
export interface ReadCheck {
  rules: number;
  errors: number;
  firstError?: string;
}

/** A parsed dump, a host and a packet, ready to be traced again and again. */
export interface TraceSubject {
  /** one packet, every step recorded; the number of steps */
  one(): number;
  /** every path of the packet; the number of outcomes */
  allPaths(): number;
  /** `runs` sampled packets; how many were counted */
  sample(runs: number): number;
}

export interface CompileTimes {
  check: ReadCheck;
  /** the times of its two stages, ms: loadCluster, then compileModelNode */
  load: { wall: number; cpu: number; thread?: number };
  compile: { wall: number; cpu: number; thread?: number };
}

interface Diag {
  severity: string;
  message: string;
  line?: number;
}

function check(rules: number, diagnostics: readonly Diag[]): ReadCheck {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const first = errors[0];
  return {
    rules,
    errors: errors.length,
    ...(first ? { firstError: `${first.line ? `line ${first.line}: ` : ''}${first.message}` } : {}),
  };
}

interface Tables {
  tables: readonly { chains: readonly { rules: readonly unknown[] }[] }[];
}

function countRules(ruleset: Tables): number {
  let n = 0;
  for (const t of ruleset.tables) for (const c of t.chains) n += c.rules.length;
  return n;
}

export function parse(text: string): ReadCheck {
  const r = parseRuleset(text);
  return check(countRules(r.ruleset), r.diagnostics);
}

export function traceSubject(dump: string, hostDoc: unknown, packetDoc: unknown): TraceSubject {
  const parsed = parseRuleset(dump);
  const host = readHost(hostDoc).host;
  const packets = readPackets(packetDoc).packets;
  const { ruleset } = parsed;
  return {
    one: () => simulate(ruleset, host, packets, { seed: 1 }).packets[0]?.steps.length ?? 0,
    allPaths: () => simulateAllPaths(ruleset, host, packets).outcomes.length,
    sample: (runs) =>
      sampleOutcomes(ruleset, host, packets, { runs, seed: 1 }).reduce((n, o) => n + o.count, 0),
  };
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** loadCluster then compileModelNode for one node, each stage timed on its own. */
export function compile(yaml: string, node: string): CompileTimes {
  let c0 = cpuMs();
  let t0 = threadCpuMs();
  let w0 = performance.now();
  const loaded = loadCluster(yaml);
  const load = { wall: performance.now() - w0, cpu: cpuMs() - c0, ...threadSpan(t0) };
  c0 = cpuMs();
  t0 = threadCpuMs();
  w0 = performance.now();
  const compiled = compileModelNode(loaded.model, node);
  const compileTime = { wall: performance.now() - w0, cpu: cpuMs() - c0, ...threadSpan(t0) };
  return {
    check: check(countRules(compiled.ruleset), [
      ...loaded.diagnostics,
      ...compiled.diagnostics,
    ] as Diag[]),
    load,
    compile: compileTime,
  };
}
