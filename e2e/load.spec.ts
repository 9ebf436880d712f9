/**
 * How the default scenario loads, measured and printed (never asserted on time: the machine is
 * shared): when the first trace is on screen, and every main-thread task over 50 ms from the
 * page's start until Monaco has loaded and the page is quiet, as Chromium's long-task
 * observer reports them; and, over the same window, each main-thread task's CPU time from
 * Chromium's trace.
 */
import { expect, test } from '@playwright/test';
import { openTraced, watchErrors } from './support.ts';
import { MEASURE } from './measure-tag.ts';
import { startTaskTrace, tasksUntilMark } from './task-cpu.ts';

/** the mark the test sets once the page is quiet: the end of the traced window */
const QUIET_MARK = 'e2e:load-quiet';

interface LongTask {
  start: number;
  duration: number;
}
/** What the init script leaves on the page; e2e files are type-checked without the DOM lib. */
interface PageGlobals {
  __longTasks: LongTask[];
  __firstTraceAt: number | null;
  /** the columns in the order they came on the page */
  __panes: string[];
  __marks(): string[];
  performance: {
    now(): number;
    mark(name: string): void;
    getEntriesByType(type: 'mark'): { name: string }[];
  };
  document: {
    querySelector(selector: string): { textContent: string | null } | null;
  };
  PerformanceObserver: new (
    cb: (list: { getEntries(): { startTime: number; duration: number }[] }) => void,
  ) => { observe(opts: { type: string; buffered: boolean }): void };
  MutationObserver: new (cb: () => void) => {
    observe(
      el: unknown,
      opts: { childList: boolean; subtree: boolean; characterData: boolean },
    ): void;
    disconnect(): void;
  };
}

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(90_000);

test(
  'loading the default scenario: first trace and long tasks, printed',
  MEASURE,
  async ({ page }) => {
    const errors = watchErrors(page);
    await page.addInitScript(() => {
      const g = globalThis as unknown as PageGlobals;
      g.__longTasks = [];
      g.__firstTraceAt = null;
      g.__marks = () => g.performance.getEntriesByType('mark').map((e) => e.name);
      new g.PerformanceObserver((list) => {
        for (const e of list.getEntries())
          g.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      g.__panes = [];
      const panes = new g.MutationObserver(() => {
        for (const pane of ['trace-pane', 'views-pane'])
          if (!g.__panes.includes(pane) && g.document.querySelector(`.${pane}`))
            g.__panes.push(pane);
        if (g.__panes.length === 2) panes.disconnect();
      });
      panes.observe(g.document, { childList: true, subtree: true, characterData: false });
      // the moment the result line first names the DNATed pod
      const watch = new g.MutationObserver(() => {
        const line = g.document.querySelector('[data-testid=result-packet]');
        if (line?.textContent?.includes(':8080')) {
          g.__firstTraceAt = g.performance.now();
          watch.disconnect();
        }
      });
      // the document itself: its <html> is not there yet when this runs
      watch.observe(g.document, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    // each task's CPU time too (task-cpu.ts): on a shared machine a task's wall time is mostly
    // its wait for a core
    // every script fetched, the workers' own included
    const scripts: string[] = [];
    page.context().on('request', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.url());
    });
    const cdp = await page.context().newCDPSession(page);
    await startTaskTrace(cdp);
    await openTraced(page);
    await expect(page.locator('.editor-pane .monaco-editor')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('probabilities')).toBeVisible({ timeout: 30_000 });
    // a quiet second after the last part has come
    await page.waitForTimeout(1000);
    const m = await page.evaluate((mark) => {
      const g = globalThis as unknown as PageGlobals;
      g.performance.mark(mark);
      return {
        firstTrace: g.__firstTraceAt,
        tasks: g.__longTasks,
        marks: g.__marks(),
        panes: g.__panes,
      };
    }, QUIET_MARK);
    const traced = await tasksUntilMark(cdp, QUIET_MARK);
    // the worker compiled the cluster while the page loaded, and the trace went before the
    // journey (worker-queue.ts) and the odds (ViewsPane.tsx): the order, not the time, is held
    const asked = m.marks.filter((n) => n.startsWith('engine:ask:'));
    expect(asked[0]).toBe('engine:ask:compileCluster');
    // the packet's column, where the first trace shows, came before the diagrams' column
    expect(m.panes.slice(0, 2)).toEqual(['trace-pane', 'views-pane']);
    // the engine worker started without the lesson files (a chunk of their own, fetched with
    // the first lesson)
    expect(scripts.some((u) => /\/assets\/worker-[\w-]+\.js$/.test(u))).toBe(true);
    expect(scripts.filter((u) => u.includes('/lesson-files-'))).toEqual([]);
    const trace = asked.indexOf('engine:ask:trace');
    expect(trace).toBeGreaterThan(0);
    expect(trace).toBeLessThan(asked.indexOf('engine:ask:journey'));
    // the odds are asked once the trace has answered, not ahead of it
    expect(trace).toBeLessThan(asked.indexOf('engine:ask:allPaths'));
    expect(m.firstTrace).not.toBeNull();
    const over100 = m.tasks.filter((t) => t.duration > 100);
    const longest = Math.max(0, ...m.tasks.map((t) => t.duration));
    const list = m.tasks.map((t) => `${Math.round(t.duration)}@${Math.round(t.start)}`).join(' ');
    const msg = `first trace on screen at ${Math.round(m.firstTrace ?? NaN)} ms; ${m.tasks.length} long tasks, ${over100.length} over 100 ms, longest ${Math.round(longest)} ms [ms@start: ${list}]`;
    const cpu = traced?.tasks ?? [];
    const cpuOver50 = cpu.filter((t) => t.cpuMs > 50);
    const mostCpu = Math.max(0, ...cpu.map((t) => t.cpuMs));
    const cpuList = cpuOver50.map((t) => `${t.cpuMs}/${t.wallMs}@${t.startMs}`).join(' ');
    const cpuMsg = `until quiet at ${traced?.untilMs ?? NaN} ms: ${cpuOver50.length} tasks over 50 ms of CPU, ${cpu.filter((t) => t.cpuMs > 100).length} over 100, most ${mostCpu} ms [cpu/wall@start: ${cpuList}]`;
    console.log(msg);
    console.log(cpuMsg);
    test.info().annotations.push({ type: 'load', description: msg });
    test.info().annotations.push({ type: 'load-cpu', description: cpuMsg });
    expect(traced).not.toBeNull();
    expect(errors).toEqual([]);
  },
);
