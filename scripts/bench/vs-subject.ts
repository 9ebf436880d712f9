/**
 * One tree's side of the side-by-side benchmark: a process the parent (vs.ts) forks with
 * --expose-gc, which reads the inputs once and then times one run each time it is asked. Bundled
 * per tree by vs-build.ts, so `./vs-face.ts` calls that tree's engine.
 */
import { readFileSync } from 'node:fs';
import { compile, parse, traceSubject, type ReadCheck, type TraceSubject } from './vs-face.ts';
import { threadCpuMs, threadSpan } from './thread-cpu.ts';
import {
  REPS,
  SAMPLED_PACKETS,
  WARM_UP_MS,
  type BenchId,
  type Inputs,
  type Reply,
  type Request,
  type Timing,
} from './vs-protocol.ts';

interface Texts {
  dump: string;
  interleaved: string;
  real: string;
  traceDump: string;
  cluster: string;
}

let inputs: Inputs | undefined;
let texts: Texts | undefined;
let trace: TraceSubject | undefined;
let traceRead: ReadCheck | undefined;

const gc = (globalThis as { gc?: () => void }).gc;

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** `reps` calls of fn timed together, as the time per call; gc() first, outside the clock. */
function timed<T>(reps: number, fn: () => T): { t: Timing; last: T } {
  gc?.();
  const c0 = cpuMs();
  const t0 = threadCpuMs();
  const w0 = performance.now();
  let last = fn();
  for (let i = 1; i < reps; i++) last = fn();
  const wall = (performance.now() - w0) / reps;
  const { thread } = threadSpan(t0);
  const perCall = thread === undefined ? {} : { thread: thread / reps };
  return { t: { wall, cpu: (cpuMs() - c0) / reps, ...perCall }, last };
}

function traced(): TraceSubject | string {
  if (!texts || !inputs) return 'no inputs';
  if (!trace) {
    traceRead = parse(texts.traceDump);
    trace = traceSubject(texts.traceDump, inputs.host, inputs.packet);
  }
  return traceRead?.errors
    ? `the trace input has ${traceRead.errors} errors: ${traceRead.firstError ?? ''}`
    : trace;
}

function runParse(text: string, reps: number): Reply {
  const { t, last } = timed(reps, () => parse(text));
  return { parts: { parse: t }, check: last };
}

function runTrace(bench: BenchId): Reply {
  const subject = traced();
  if (typeof subject === 'string') return { failed: subject };
  const reps = REPS[bench];
  const call =
    bench === 'trace-one'
      ? () => subject.one()
      : bench === 'trace-all'
        ? () => subject.allPaths()
        : () => subject.sample(SAMPLED_PACKETS);
  const { t } = timed(reps, call);
  return { parts: { trace: t }, ...(traceRead ? { check: traceRead } : {}) };
}

function run(bench: BenchId): Reply {
  if (!texts || !inputs) return { failed: 'no inputs' };
  switch (bench) {
    case 'parse-dump':
      return runParse(texts.dump, REPS[bench]);
    case 'parse-interleaved':
      return runParse(texts.interleaved, REPS[bench]);
    case 'parse-real':
      return runParse(texts.real, REPS[bench]);
    case 'trace-one':
    case 'trace-all':
    case 'trace-sample':
      return runTrace(bench);
    case 'compile': {
      gc?.();
      const r = compile(texts.cluster, inputs.node);
      const thread =
        r.load.thread !== undefined && r.compile.thread !== undefined
          ? { thread: r.load.thread + r.compile.thread }
          : {};
      const total = {
        wall: r.load.wall + r.compile.wall,
        cpu: r.load.cpu + r.compile.cpu,
        ...thread,
      };
      return { parts: { load: r.load, compile: r.compile, total }, check: r.check };
    }
  }
}

function handle(req: Request): Reply {
  if (req.op === 'setup') {
    inputs = req.inputs;
    const read = (file: string) => readFileSync(file, 'utf8');
    texts = {
      dump: read(inputs.dump),
      interleaved: read(inputs.interleaved),
      real: read(inputs.real),
      traceDump: read(inputs.traceDump),
      cluster: read(inputs.cluster),
    };
    return {};
  }
  if (req.op === 'warm-up') {
    // whole runs until the time is up, at least one; the last one's reply says what it read
    const until = performance.now() + WARM_UP_MS;
    let reply = run(req.bench);
    while (!reply.failed && performance.now() < until) reply = run(req.bench);
    return reply;
  }
  return run(req.bench);
}

process.on('message', (req: Request) => {
  let reply: Reply;
  try {
    reply = handle(req);
  } catch (e) {
    reply = { failed: e instanceof Error ? e.message : String(e) };
  }
  process.send?.(reply);
});
