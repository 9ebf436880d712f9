/**
 * The UI's handle on the engine worker: a typed comlink proxy behind a queue. The worker does
 * one thing at a time, so requests wait here, not in the worker's message queue, and a request
 * whose caller gave up (react-query aborts the signal of a query nobody watches any more) is
 * dropped before it costs the worker anything.
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

let remote: Remote<EngineApi> | null = null;
const queue: Job[] = [];
let busy = false;

function engine(): Remote<EngineApi> {
  remote ??= wrap<EngineApi>(
    new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'engine' }),
  );
  return remote;
}

function pump(): void {
  if (busy) return;
  const job = queue.shift();
  if (!job) return;
  if (job.signal?.aborted) {
    job.reject(new StaleRequestError());
    pump();
    return;
  }
  busy = true;
  // marks let a test (and the browser's performance panel) see when the engine was busy
  performance.mark(`engine:ask:${job.label}`);
  job
    .run(engine())
    .then((v) => {
      performance.mark(`engine:answer:${job.label}`);
      job.resolve(v);
    }, job.reject)
    .finally(() => {
      busy = false;
      pump();
    });
}

/** Runs `run` on the worker when it is free, unless `signal` aborts first. */
export function ask<T>(
  label: keyof EngineApi,
  run: (engine: Remote<EngineApi>) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const job: Job = {
      label,
      run,
      resolve: resolve as (v: unknown) => void,
      reject,
      signal,
    };
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
