/**
 * A second engine worker for pasted dumps. Parsing 100,000 rules takes the worker a second or
 * more and cannot be interrupted from inside, so Cancel terminates this worker (and a new one
 * starts on the next request); the cluster's worker (client.ts) is never held up by a dump.
 * The UI keeps the text: cancelling loses only the parse.
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { EngineApi } from './protocol.ts';
import { StaleRequestError } from './client.ts';

export class CancelledError extends Error {
  constructor() {
    super('the dump worker was stopped');
    this.name = 'AbortError';
  }
}

interface Job {
  label: string;
  run: (engine: Remote<EngineApi>) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  signal: AbortSignal | undefined;
}

let worker: Worker | null = null;
let remote: Remote<EngineApi> | null = null;
let running: Job | null = null;
const queue: Job[] = [];
/** bumped by every restart: answers from a terminated worker are dropped */
let generation = 0;

function engine(): Remote<EngineApi> {
  if (!remote) {
    worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'dump' });
    remote = wrap<EngineApi>(worker);
  }
  return remote;
}

function pump(): void {
  if (running) return;
  const job = queue.shift();
  if (!job) return;
  if (job.signal?.aborted) {
    job.reject(new StaleRequestError());
    pump();
    return;
  }
  running = job;
  const gen = generation;
  performance.mark(`dump:ask:${job.label}`);
  job.run(engine()).then(
    (v) => {
      if (gen !== generation) return;
      performance.mark(`dump:answer:${job.label}`);
      running = null;
      job.resolve(v);
      pump();
    },
    (e: unknown) => {
      if (gen !== generation) return;
      running = null;
      job.reject(e);
      pump();
    },
  );
}

/** Runs `run` on the dump worker when it is free, unless `signal` aborts first. */
export function askDump<T>(
  label: keyof EngineApi,
  run: (engine: Remote<EngineApi>) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const job: Job = { label, run, resolve: resolve as (v: unknown) => void, reject, signal };
    signal?.addEventListener('abort', () => {
      const i = queue.indexOf(job);
      if (i >= 0) {
        queue.splice(i, 1);
        reject(new StaleRequestError());
      }
    });
    queue.push(job);
    pump();
  });
}

let warmed = false;

/**
 * Starts the dump worker and has it parse a small made-up dump, so that a real one arriving
 * later finds the worker's code loaded and its parser warm. Once per page (not after Cancel:
 * the user is then waiting for "parse again").
 */
export function warmDumpWorker(): void {
  if (warmed) return;
  warmed = true;
  askDump('warmUpDumpParser', (e) => e.warmUpDumpParser()).catch(() => undefined);
}

/** Stops whatever the dump worker is doing (a parse), failing it and everything queued. */
export function cancelDumpWork(): void {
  generation++;
  worker?.terminate();
  worker = null;
  remote = null;
  const failed = running ? [running, ...queue] : [...queue];
  running = null;
  queue.length = 0;
  for (const j of failed) j.reject(new CancelledError());
}

/** A callback the worker may call across the boundary (progress reports). */
export const callback = <F extends (...args: never[]) => unknown>(f: F) => proxy(f);
