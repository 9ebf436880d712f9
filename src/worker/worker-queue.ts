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

  const pump = (): void => {
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
        pump();
      });
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
