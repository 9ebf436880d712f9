/**
 * A second engine worker for pasted dumps. Parsing 100,000 rules takes the worker a second or
 * more and cannot be interrupted from inside, so Cancel terminates this worker (and a new one
 * starts on the next request); the cluster's worker (client.ts) is never held up by a dump.
 * The UI keeps the text: cancelling loses only the parse.
 */
import { proxy } from 'comlink';
import { workerQueue } from './worker-queue.ts';

export class CancelledError extends Error {
  constructor() {
    super('the dump worker was stopped');
    this.name = 'AbortError';
  }
}

const dumpQueue = workerQueue('dump');

/** Runs `run` on the dump worker when it is free, unless `signal` aborts first. */
export const askDump = dumpQueue.ask;

/**
 * A third worker for a big dump's quick outline (dump-peek.ts): it lists the chains and answers
 * the chain list and search while the dump worker is still parsing in full.
 */
const peekQueue = workerQueue('dump-peek');
export const askPeek = peekQueue.ask;

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
  // the outline worker parses a chain's rows and searches too: warm those the same way
  askPeek('warmUpOutline', (e) => e.warmUpOutline()).catch(() => undefined);
}

/** Stops whatever the dump worker is doing (a parse), failing it and everything queued. */
export function cancelDumpWork(): void {
  dumpQueue.stop(new CancelledError());
}

/** A callback the worker may call across the boundary (progress reports). */
export const callback = <F extends (...args: never[]) => unknown>(f: F) => proxy(f);
