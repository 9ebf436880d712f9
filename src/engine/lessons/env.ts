/**
 * The engine's view of a world: the ruleset and host a packet is traced on, the named packets in
 * the packet file's terms, and their traces. Built fresh for every evaluation (a world is small)
 * and memoized within it, so one check that reads a trace five times traces it once.
 */
import { parse as parseYaml } from 'yaml';
import {
  compileModelNode,
  hostsOf,
  loadCluster,
  type ClusterModel,
  type RuleProvenance,
} from '../cluster/index.ts';
import {
  readHost,
  readPackets,
  simulate,
  simulateAllPaths,
  sampleOutcomes,
  formatFieldDiagnostic,
  type Outcome,
  type SampledOutcome,
  type Host,
  type Packet,
  type PacketTrace,
} from '../netfilter/index.ts';
import { hasErrors, parseRuleset, type Diagnostic, type Ruleset } from '../rules/index.ts';
import type { LoadedLesson } from './loaded.ts';
import { resolvePacket } from './packets.ts';
import { applyPatches, type Patched } from './patch.ts';
import type { Backend, PacketSpec, Variant } from './types.ts';
import type { World } from './world.ts';

export interface NodeRules {
  ruleset: Ruleset;
  host: Host;
  provenance: ReadonlyMap<string, RuleProvenance>;
}

export type Traced =
  { ok: true; trace: PacketTrace; all: PacketTrace[] } | { ok: false; problem: string };

/**
 * The last few compiled clusters and nodes, by YAML text: every step of a lesson asks about the
 * same text, and compiling it again for each question would be wasted work. The model and rules
 * are only read, never changed, so sharing them between worlds is safe.
 */
const MODELS = new Map<string, ReturnType<typeof loadCluster>>();
const NODES = new Map<string, NodeRules | null>();
const KEEP = 8;

function remember<T>(memo: Map<string, T>, key: string, make: () => T): T {
  if (memo.has(key)) {
    const hit = memo.get(key) as T;
    memo.delete(key);
    memo.set(key, hit);
    return hit;
  }
  const fresh = make();
  memo.set(key, fresh);
  if (memo.size > KEEP) memo.delete(memo.keys().next().value as string);
  return fresh;
}

/** Where an outcome's packet ends: `address:port` (or the address), the key shares go by. */
export function outcomeKey(o: {
  results: readonly { packet: { dst: string; dport: number | null } }[];
}): string | null {
  const r = o.results[o.results.length - 1];
  if (!r) return null;
  return r.packet.dport === null ? r.packet.dst : `${r.packet.dst}:${r.packet.dport}`;
}

export class Env {
  readonly backend: Backend;
  readonly packets: Record<string, PacketSpec>;
  readonly model: ClusterModel | null;
  readonly defaultNode: string | null;
  /** problems with the scenario itself (a YAML error, a dump that does not parse) */
  readonly problems: string[] = [];
  readonly parseDiagnostics: Diagnostic[] = [];
  private readonly nodes = new Map<string, NodeRules | null>();
  private clusterText = '';
  private readonly traces = new Map<string, Traced>();
  private readonly dump: NodeRules | null = null;

  constructor(
    readonly loaded: LoadedLesson,
    readonly world: World,
    variant?: Variant,
  ) {
    const spec = loaded.lesson.scenario;
    this.packets = { ...(spec.packets ?? {}), ...(variant?.packets ?? {}) };
    const cluster =
      world.cluster === null ? null : applyPatches(world.cluster, variant?.patch ?? [], 'cluster');
    let rules: Patched | null = world.rules;
    if (variant?.rules !== undefined) rules = loaded.files[variant.rules] ?? null;
    if (typeof rules === 'string' && variant?.patch)
      rules = applyPatches(rules, variant.patch, 'rules');
    this.defaultNode = spec.node ?? null;
    this.model = null;
    let backend: Backend | undefined = variant?.backend ?? world.backend ?? spec.backend;
    if (cluster !== null) {
      if (typeof cluster !== 'string') this.problems.push(cluster.problem);
      else {
        const { model, diagnostics } = remember(MODELS, cluster, () => loadCluster(cluster));
        this.clusterText = cluster;
        for (const d of diagnostics) if (d.severity === 'error') this.problems.push(d.message);
        this.model = model;
        backend ??= model.settings.backend;
      }
    } else if (rules !== null) {
      if (typeof rules !== 'string') this.problems.push(rules.problem);
      else this.dump = this.readDump(rules, world.host ?? '');
      backend ??= this.dump?.host.backend;
    }
    this.backend = backend ?? 'nft';
  }

  private readDump(text: string, hostText: string): NodeRules | null {
    const parsed = parseRuleset(text);
    this.parseDiagnostics.push(...parsed.diagnostics);
    if (hasErrors(parsed.diagnostics)) {
      const first = parsed.diagnostics.find((d) => d.severity === 'error');
      this.problems.push(`the rules do not parse: ${first?.message ?? 'error'}`);
    }
    let hostDoc: unknown;
    try {
      hostDoc = parseYaml(hostText);
    } catch (e) {
      this.problems.push(`the host file is not YAML: ${(e as Error).message}`);
      return null;
    }
    const host = readHost(hostDoc ?? {});
    for (const d of host.diagnostics)
      if (d.severity === 'error') this.problems.push(formatFieldDiagnostic(d));
    return { ruleset: parsed.ruleset, host: host.host, provenance: new Map() };
  }

  /** The rules and host of a node (cluster lessons) or of the dump. */
  rulesOn(node?: string | null): NodeRules | null {
    if (this.model === null) return this.dump;
    const name = node ?? this.defaultNode ?? this.model.nodes[0]?.name;
    if (name === undefined) return null;
    if (!this.nodes.has(name)) {
      const model = this.model;
      const rules = remember(NODES, `${name}\u0000${this.clusterText}`, () => {
        const hostFile = hostsOf(model)[name];
        const compiled = compileModelNode(model, name);
        if (hostFile === undefined) return null;
        const host = readHost(hostFile).host;
        // the policy rules' sets (a CNI's), as the node holds them beside its rules
        host.ipsets = [...host.ipsets, ...compiled.ipsets];
        return { ruleset: compiled.ruleset, host, provenance: compiled.provenance };
      });
      this.nodes.set(name, rules);
    }
    return this.nodes.get(name) ?? null;
  }

  /** The named packet's trace, after the packets it lists in `after` (one conntrack table). */
  trace(name: string): Traced {
    const hit = this.traces.get(name);
    if (hit) return hit;
    const fresh = this.traceFresh(name);
    this.traces.set(name, fresh);
    return fresh;
  }

  private traceFresh(name: string): Traced {
    const ready = this.prepared(name);
    if (!ready.ok) return ready;
    const seed = this.loaded.lesson.scenario.seed ?? 1;
    const sim = simulate(ready.on.ruleset, ready.on.host, ready.packets, {
      seed,
      backend: this.backend,
    });
    const trace = sim.packets[sim.packets.length - 1];
    if (!trace) return { ok: false, problem: `packet ${name} was not traced` };
    return { ok: true, trace, all: sim.packets };
  }

  /**
   * The exact share of each final destination ("10.244.1.5:8080") of the named packet over
   * every random branch.
   */
  distribution(
    name: string,
  ): { ok: true; shares: Record<string, number> } | { ok: false; problem: string } {
    const all = this.allPaths(name);
    if (!all.ok) return all;
    const shares: Record<string, number> = {};
    for (const o of all.outcomes) {
      const key = outcomeKey(o);
      if (key !== null) shares[key] = (shares[key] ?? 0) + o.probability;
    }
    return { ok: true, shares };
  }

  /** Every outcome of the named packet over every random branch, with its exact probability. */
  allPaths(name: string): { ok: true; outcomes: Outcome[] } | { ok: false; problem: string } {
    const ready = this.prepared(name);
    if (!ready.ok) return ready;
    const all = simulateAllPaths(ready.on.ruleset, ready.on.host, ready.packets, {
      backend: this.backend,
    });
    return { ok: true, outcomes: all.outcomes };
  }

  /**
   * The named packet sent `runs` times as new connections with one seeded random stream: the
   * histogram a sampling step shows and checks (the same seed gives the same counts anywhere).
   */
  sample(
    name: string,
    runs: number,
    seed: number,
  ): { ok: true; outcomes: SampledOutcome[] } | { ok: false; problem: string } {
    const ready = this.prepared(name);
    if (!ready.ok) return ready;
    const outcomes = sampleOutcomes(ready.on.ruleset, ready.on.host, ready.packets, {
      seed,
      runs,
      backend: this.backend,
    });
    return { ok: true, outcomes };
  }

  /**
   * The node a packet is traced on (cluster lessons): its own `node`, else the node a host
   * process sends it from, else the scenario's.
   */
  nodeOf(name: string): string | null {
    const spec = this.packets[name];
    return spec?.node ?? spec?.from?.node ?? this.defaultNode;
  }

  private prepared(
    name: string,
  ): { ok: true; on: NodeRules; packets: Packet[] } | { ok: false; problem: string } {
    if (this.problems.length > 0) return { ok: false, problem: this.problems[0]! };
    const chain = this.chainOf(name, []);
    if (typeof chain === 'string') return { ok: false, problem: chain };
    const node = this.nodeOf(name);
    const on = this.rulesOn(node);
    if (on === null) return { ok: false, problem: `no rules to trace ${name} on` };
    const inputs: unknown[] = [];
    for (const n of chain) {
      const p = resolvePacket(this.packets[n]!, this.model, node);
      if (!p.ok) return { ok: false, problem: `packet ${n}: ${p.problem}` };
      inputs.push(p.packet);
    }
    const read = readPackets(inputs);
    const bad = read.diagnostics.find((d) => d.severity === 'error');
    if (bad) return { ok: false, problem: `packet ${name}: ${formatFieldDiagnostic(bad)}` };
    return { ok: true, on, packets: read.packets };
  }

  /** Every endpoint ("10.244.1.5:8080") in the order its Service chain tries it. */
  endpointOrder(): string[] {
    const out: string[] = [];
    for (const [, prov] of this.rulesOn()?.provenance ?? [])
      if (prov.role === 'load-balance' && prov.endpoint && !out.includes(prov.endpoint))
        out.push(prov.endpoint);
    return out;
  }

  /** The packets to send, in order, for `name`: its `after` packets first. */
  private chainOf(name: string, seen: string[]): string[] | string {
    const spec = this.packets[name];
    if (!spec) return `no packet named ${name}`;
    if (seen.includes(name)) return `packet ${name} is sent after itself`;
    const out: string[] = [];
    for (const before of spec.after ?? []) {
      const c = this.chainOf(before, [...seen, name]);
      if (typeof c === 'string') return c;
      for (const n of c) if (!out.includes(n)) out.push(n);
    }
    out.push(name);
    return out;
  }
}
