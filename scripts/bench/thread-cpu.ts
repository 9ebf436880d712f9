/**
 * CPU time of the calling thread alone, from Linux's /proc/thread-self/schedstat (nanoseconds on
 * the CPU). process.cpuUsage() also counts V8's background threads, the garbage collector's
 * helpers and the optimizing compiler, whose share of a busy machine's cores moves from run to run
 * even for the same code; the thread that runs the call is the steadier measure of its own work.
 * undefined where the file cannot be read (not Linux).
 */
import { readFileSync } from 'node:fs';

export function threadCpuMs(): number | undefined {
  try {
    const ns = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

/** The thread's CPU time between two readings, when both could be taken. */
export function threadSpan(from: number | undefined): { thread?: number } {
  const to = threadCpuMs();
  return from === undefined || to === undefined ? {} : { thread: to - from };
}
