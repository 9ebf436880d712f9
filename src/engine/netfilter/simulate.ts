/**
 * The simulator's public API: a ruleset, a host and a list of packets in; a trace per packet
 * out. The packets of one call share a conntrack table, so a second packet or a reply sees the
 * connection the first one made. Random rules are sampled with a seed (replayable), replayed
 * from a list of decisions, or enumerated: every branch, with the exact probability of each
 * outcome.
 */
import type { Ruleset } from '../rules/index.ts';
import { ConntrackTable } from './conntrack.ts';
import type { IndexMode } from './chain-index.ts';
import type { Backend, Host } from './host.ts';
import { parseAddr, zeroOf, type Addr } from './ipv4.ts';
import { toState, type Packet } from './packet.ts';
import { followPacket } from './paths.ts';
import { add, formatExact, isZero, toNumber, type Exact } from './exact.ts';
import { ScriptedChooser, SeededRandom, type Chooser } from './random.ts';
import { RecentLists, type RecentView } from './recent-lists.ts';
import { lookupRoute, sourceAddressFor } from './routing.ts';
import { PacketRun, type EvaluatePath, type RunOptions, type SharedState } from './run.ts';
import { indexRuleset } from './ruleset-index.ts';
import type { ConntrackView, PacketTrace, TraceResult } from './trace.ts';
import type { RecordLevel } from './traverse.ts';

export interface SimulateOptions {
  /** seed for statistic --mode random (default 1): the same seed gives the same trace */
  seed?: number;
  /** also enumerate every random branch (result.outcomes) */
  allPaths?: boolean;
  /** replay these random decisions (true = the rule's random test matched), e.g. an outcome's */
  decisions?: readonly boolean[];
  /** default: the host's backend, which defaults to nft */
  backend?: Backend;
  /** what an unknown module is taken to do (default 'nomatch'); the result names it either way */
  assumeUnknown?: 'match' | 'nomatch';
  /** which steps to keep: all (default), only matched rules (and everything else), or none */
  record?: RecordLevel;
  /** nested jumps allowed (default 16 under nft, whose jump stack has 16 levels; 1024 under legacy) */
  maxJumpDepth?: number;
  /** at most this many paths are enumerated (default 10,000) */
  maxPaths?: number;
  /**
   * Long chains get an index on -d, so rules whose destination excludes the packet are skipped
   * (one 'skip' step for a run of them) instead of tested one by one: 'auto' (default) for chains
   * of 32 rules or more, 'always' for every chain, 'off' to test and record every rule. The
   * outcome, the matched rules and the random decisions are the same either way.
   */
  index?: IndexMode;
  /**
   * 'compiled' (default) tests each rule on a form built once per ruleset; 'reference' tests it
   * straight from the parsed rule. Both give the same result; tests compare them.
   */
  evaluate?: EvaluatePath;
}

export interface Outcome {
  /** the probability of this outcome (all packets' results together) */
  probability: number;
  /** the same, exactly: `NUMERATOR/2^BITS` */
  exact: string;
  results: TraceResult[];
  /** the decisions of the first path that led here: replay with `simulate(…, {decisions})` */
  decisions: boolean[];
  /** how many paths lead here */
  paths: number;
}

export interface AllPathsResult {
  outcomes: Outcome[];
  paths: number;
  /** false when maxPaths stopped the enumeration early */
  complete: boolean;
}

export interface SimulationResult {
  backend: Backend;
  /** whether conntrack (and with it the nat table) is active for this ruleset */
  conntrackActive: boolean;
  packets: PacketTrace[];
  /** the conntrack table after the last packet */
  conntrack: ConntrackView[];
  /** the `-m recent` lists after the last packet */
  recent: RecentView[];
  /** the random decisions taken, in order */
  decisions: boolean[];
  /** with allPaths */
  outcomes?: Outcome[];
  complete?: boolean;
}

function runOptions(host: Host, opts: SimulateOptions, level: RecordLevel): RunOptions {
  const backend = opts.backend ?? host.backend;
  return {
    backend,
    assumeUnknown: opts.assumeUnknown ?? 'nomatch',
    level,
    maxDepth: opts.maxJumpDepth ?? (backend === 'nft' ? 16 : 1024),
    index: opts.index ?? 'auto',
    evaluate: opts.evaluate ?? 'compiled',
  };
}

/** A locally generated packet without a source gets the one routing would pick. */
function sourceOf(host: Host, p: Packet): Addr {
  if (p.src !== null) return parseAddr(p.src) ?? 0;
  const dst = parseAddr(p.dst) ?? 0;
  const r = lookupRoute(host, dst);
  if (r.kind === 'local') return dst;
  if (r.kind === 'unicast')
    return sourceAddressFor(host, r.dev, r.via ?? dst, r.src) ?? zeroOf(dst);
  return zeroOf(dst);
}

interface RunAll {
  traces: PacketTrace[];
  shared: SharedState;
}

function runAll(
  ruleset: Ruleset,
  host: Host,
  packets: readonly Packet[],
  opts: RunOptions,
  chooser: Chooser,
): RunAll {
  const idx = indexRuleset(ruleset);
  const shared: SharedState = {
    conntrack: new ConntrackTable(),
    counters: new Map(),
    chooser,
    recent: new RecentLists(),
  };
  const traces: PacketTrace[] = [];
  for (const p of packets) {
    const run = new PacketRun(idx, host, shared, opts, toState(p, sourceOf(host, p)));
    const result = followPacket(run, p);
    traces.push({ steps: run.steps, result });
  }
  return { traces, shared };
}

/** Records the decisions a sampler takes, so a sampled trace can be replayed exactly. */
class RecordingChooser implements Chooser {
  readonly taken: boolean[] = [];
  constructor(private readonly inner: Chooser) {}
  chance(threshold: number): boolean {
    const t = this.inner.chance(threshold);
    this.taken.push(t);
    return t;
  }
}

export function simulate(
  ruleset: Ruleset,
  host: Host,
  packets: readonly Packet[],
  opts: SimulateOptions = {},
): SimulationResult {
  const ro = runOptions(host, opts, opts.record ?? 'all');
  let all: AllPathsResult | undefined;
  let decisions = opts.decisions;
  if (opts.allPaths) {
    all = simulateAllPaths(ruleset, host, packets, opts);
    decisions ??= all.outcomes[0]?.decisions ?? [];
  }
  const chooser = new RecordingChooser(
    decisions ? new ScriptedChooser(decisions) : new SeededRandom(opts.seed ?? 1),
  );
  const { traces, shared } = runAll(ruleset, host, packets, ro, chooser);
  const res: SimulationResult = {
    backend: ro.backend,
    conntrackActive: indexRuleset(ruleset).conntrackActive,
    packets: traces,
    conntrack: shared.conntrack.view(),
    recent: shared.recent.view(),
    decisions: chooser.taken,
  };
  if (all) {
    res.outcomes = all.outcomes;
    res.complete = all.complete;
  }
  return res;
}

/**
 * The part of a result that makes two outcomes the same, as one string (sampling builds one
 * per run, so it is joined by hand rather than through JSON). NUL cannot occur in any field.
 */
function outcomeKey(results: readonly TraceResult[]): string {
  let key = '';
  for (const r of results) {
    const p = r.packet;
    key += `${r.verdict}\0${r.fate}\0${r.outInterface ?? '\x01'}\0${p.proto}\0${p.src}\0${p.sport ?? ''}\0${p.dst}\0${p.dport ?? ''}\0${r.reason ?? '\x01'}\0${r.dependsOn ? r.dependsOn.join(',') : '\x01'}\n`;
  }
  return key;
}

/**
 * Walks every combination of random branches, depth first, and merges paths that end the same
 * way. A path's probability is the product of its branches' exact probabilities.
 */
export function simulateAllPaths(
  ruleset: Ruleset,
  host: Host,
  packets: readonly Packet[],
  opts: SimulateOptions = {},
): AllPathsResult {
  const ro = runOptions(host, opts, 'none');
  const maxPaths = opts.maxPaths ?? 10_000;
  const merged = new Map<
    string,
    { exact: Exact; results: TraceResult[]; decisions: boolean[]; paths: number }
  >();
  let script: boolean[] | null = [];
  let previous: ScriptedChooser | null = null;
  let paths = 0;
  while (script && paths < maxPaths) {
    const chooser: ScriptedChooser = new ScriptedChooser(script, previous);
    const { traces } = runAll(ruleset, host, packets, ro, chooser);
    paths++;
    if (!isZero(chooser.probability)) {
      const results = traces.map((t) => t.result);
      const key = outcomeKey(results);
      const seen = merged.get(key);
      if (seen) {
        seen.exact = add(seen.exact, chooser.probability);
        seen.paths++;
      } else
        merged.set(key, {
          exact: chooser.probability,
          results,
          decisions: [...chooser.taken],
          paths: 1,
        });
    }
    script = chooser.nextScript();
    previous = chooser;
  }
  const outcomes: Outcome[] = [...merged.values()].map((o) => ({
    probability: toNumber(o.exact),
    exact: formatExact(o.exact),
    results: o.results,
    decisions: o.decisions,
    paths: o.paths,
  }));
  return { outcomes, paths, complete: script === null };
}

export interface SampledOutcome {
  count: number;
  share: number;
  results: TraceResult[];
}

/**
 * Runs the packets `runs` times, each time as new connections (a fresh conntrack table), with
 * one seeded random stream: the histogram the articles' "curl 100 times" experiment shows.
 */
export function sampleOutcomes(
  ruleset: Ruleset,
  host: Host,
  packets: readonly Packet[],
  opts: SimulateOptions & { runs: number },
): SampledOutcome[] {
  const ro = runOptions(host, opts, 'none');
  const rng = new SeededRandom(opts.seed ?? 1);
  const counts = new Map<string, SampledOutcome>();
  for (let i = 0; i < opts.runs; i++) {
    const { traces } = runAll(ruleset, host, packets, ro, rng);
    const results = traces.map((t) => t.result);
    const key = outcomeKey(results);
    const c = counts.get(key);
    if (c) c.count++;
    else counts.set(key, { count: 1, share: 0, results });
  }
  const out = [...counts.values()];
  for (const o of out) o.share = o.count / Math.max(1, opts.runs);
  return out;
}
