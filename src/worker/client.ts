/** The UI's handle on the engine worker: a typed comlink proxy behind a queue (worker-queue.ts). */
import { workerQueue } from './worker-queue.ts';

const engineQueue = workerQueue('engine');

/** Runs `run` on the engine worker when it is free, unless `signal` aborts first. */
export const ask = engineQueue.ask;

/** Starts the engine worker at once: its code loads while the page loads React and the app. */
export const warmEngine = engineQueue.warm;
