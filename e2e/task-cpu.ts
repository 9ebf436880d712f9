/**
 * The main thread's tasks as Chromium's own trace records them, each with its wall time and
 * the CPU time its thread spent. On a shared machine a task's wall time is mostly how long it
 * waited for a core; its CPU time is the work the page gave it.
 */
import type { CDPSession } from '@playwright/test';

/** Only the scheduler's task events and user-timing marks: cheap, and no JS stacks captured. */
const CATEGORIES = ['toplevel', 'blink.user_timing'];

export async function startTaskTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: CATEGORIES },
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

export interface TracedTask {
  /** ms after the page's first task */
  startMs: number;
  wallMs: number;
  cpuMs: number;
}

async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<{ stream?: string }>((resolve) =>
    cdp.once('Tracing.tracingComplete', resolve),
  );
  await cdp.send('Tracing.end');
  const { stream } = await done;
  if (!stream) return [];
  let text = '';
  for (;;) {
    const r = await cdp.send('IO.read', { handle: stream });
    text += r.base64Encoded ? Buffer.from(r.data, 'base64').toString() : r.data;
    if (r.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

/**
 * Stops the trace and returns the tasks of the thread that made the `mark`, from its first task
 * until the mark (null when the mark is not in the trace).
 */
export async function tasksUntilMark(
  cdp: CDPSession,
  mark: string,
): Promise<{ tasks: TracedTask[]; untilMs: number } | null> {
  const events = await stopTrace(cdp);
  const at = events.find((e) => e.name === mark);
  if (!at) return null;
  const own = events
    .filter(
      (e) =>
        e.pid === at.pid &&
        e.tid === at.tid &&
        e.ph === 'X' &&
        e.name === 'ThreadControllerImpl::RunTask',
    )
    .sort((a, b) => a.ts - b.ts);
  const first = own[0]?.ts ?? at.ts;
  const ms = (us: number) => Math.round(us / 100) / 10;
  return {
    untilMs: ms(at.ts - first),
    tasks: own
      .filter((e) => e.ts < at.ts)
      .map((e) => ({ startMs: ms(e.ts - first), wallMs: ms(e.dur ?? 0), cpuMs: ms(e.tdur ?? 0) })),
  };
}
