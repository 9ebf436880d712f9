/**
 * What the side-by-side benchmark's parent (vs.ts) and each tree's subject process
 * (vs-subject.ts) say to each other over Node's IPC channel: the inputs once, then one timed run
 * at a time, so the parent can alternate the trees run by run.
 */
import type { ReadCheck } from './vs-face.ts';

export const BENCHES = [
  'parse-dump',
  'parse-interleaved',
  'parse-real',
  'trace-one',
  'trace-all',
  'trace-sample',
  'compile',
] as const;
export type BenchId = (typeof BENCHES)[number];

/**
 * How many times one run repeats its call: a small input is parsed or traced many times in a
 * row so one run lasts long enough for the process's CPU counter to resolve it; the figure
 * reported is per call.
 */
export const REPS: Record<BenchId, number> = {
  'parse-dump': 1,
  'parse-interleaved': 1,
  'parse-real': 500,
  'trace-one': 500,
  'trace-all': 20,
  'trace-sample': 1,
  compile: 1,
};

/**
 * How long a tree repeats a call before its timed runs: a call of a fraction of a millisecond
 * needs thousands of repeats before V8 has compiled its hot code at the top tier.
 */
export const WARM_UP_MS = 2000;

/** The number of packets 'trace-sample' sends through in one call. */
export const SAMPLED_PACKETS = 10_000;

/** Files the parent wrote once, with the current generators, for every tree to read. */
export interface Inputs {
  dump: string;
  interleaved: string;
  real: string;
  traceDump: string;
  cluster: string;
  /** the node the cluster is compiled for */
  node: string;
  host: unknown;
  packet: unknown;
}

export type Request =
  | { op: 'setup'; inputs: Inputs }
  | { op: 'warm-up'; bench: BenchId }
  | { op: 'run'; bench: BenchId };

export interface Timing {
  wall: number;
  /** the whole process: V8's background threads too */
  cpu: number;
  /** the thread that ran the call, where the system tells it (thread-cpu.ts) */
  thread?: number;
}

export interface Reply {
  /** per call, ms; parse and trace runs give one part, compile gives load, compile and total */
  parts?: Record<string, Timing>;
  check?: ReadCheck;
  /** what the tree threw, when it could not run the call at all */
  failed?: string;
}
