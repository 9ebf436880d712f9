/**
 * An engine worker behind a queue. The worker does one thing at a time, so requests wait here,
 * not in the worker's message queue; a request whose caller gave up (react-query aborts the
 * signal of a query nobody watches any more) is dropped before it costs the worker anything.
 * `stop` terminates the worker mid-request (a parse cannot be interrupted from inside); the next
 * request starts a new one.
 */
import { wrap, type Remote } from 'comlink';
import type { EngineApi } from './protocol.ts';

export class StaleRequestError extends Error {
  constructor() {
    super('the request was dropped: a newer one replaced it');
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

export interface WorkerQueue {
  /** Runs `run` on the worker when it is free, unless `signal` aborts first. */
  ask<T>(
    label: keyof EngineApi,
    run: (engine: Remote<EngineApi>) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T>;
  /** Terminates the worker, failing the running request and everything queued with `error`. */
  stop(error: Error): void;
  /** Starts the worker now, so its code loads while the page is still loading its own. */
  warm(): void;
}

/**
 * Requests that wait for the others asked in the same task: a journey (several nodes' traces)
 * is not what the learner looks at first, the trace is.
 */
const LATER: ReadonlySet<string> = new Set(['journey']);

/** Which queued request to start: the first that is not LATER, else the first. */
export function nextIndex(queue: readonly { label: string }[]): number {
  const i = queue.findIndex((j) => !LATER.has(j.label));
  return i >= 0 ? i : 0;
}

/** `name` names the worker and prefixes the performance marks (`name:ask:…`, `name:answer:…`). */
export function workerQueue(name: string): WorkerQueue {
  let worker: Worker | null = null;
  let remote: Remote<EngineApi> | null = null;
  let running: Job | null = null;
  const queue: Job[] = [];
  // bumped by every stop: answers from a terminated worker are dropped
  let generation = 0;

  const engine = (): Remote<EngineApi> => {
    if (!remote) {
      worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name });
      remote = wrap<EngineApi>(worker);
    }
    return remote;
  };

  const settle = (gen: number, job: Job, end: () => void) => {
    if (gen !== generation) return;
    running = null;
    end();
    pump();
  };

  const next = (): Job | undefined => queue.splice(nextIndex(queue), 1)[0];

  const pump = (): void => {
    if (running) return;
    const job = next();
    if (!job) return;
    if (job.signal?.aborted) {
      job.reject(new StaleRequestError());
      pump();
      return;
    }
    running = job;
    const gen = generation;
    // marks let a test (and the browser's performance panel) see when the worker was busy
    performance.mark(`${name}:ask:${job.label}`);
    job.run(engine()).then(
      (v) =>
        settle(gen, job, () => {
          performance.mark(`${name}:answer:${job.label}`);
          job.resolve(v);
        }),
      (e: unknown) => settle(gen, job, () => job.reject(e)),
    );
  };

  return {
    ask<T>(
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
        // after the task's other requests are queued, so that the first one started is the
        // most wanted (see LATER)
        queueMicrotask(pump);
      });
    },
    warm() {
      engine();
    },
    stop(error) {
      generation++;
      worker?.terminate();
      worker = null;
      remote = null;
      const failed = running ? [running, ...queue] : [...queue];
      running = null;
      queue.length = 0;
      for (const j of failed) j.reject(error);
    },
  };
}
