/**
 * Journeys across nodes, Tab out of the editor, and the main
 * thread's longest task while the default scenario compiles and traces. Screenshots go to
 * e2e/artifacts/.
 */
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { checkStrip, expectFits, shareLink } from './journey-kit.ts';
import { openTraced, watchErrors } from './support.ts';
import { MEASURE } from './measure-tag.ts';
import { startTaskTrace, tasksUntilMark } from './task-cpu.ts';
import { NODEPORT_30080_YAML } from '../src/engine/scenarios/nodeport-other-node.ts';

const ARTIFACTS = 'e2e/artifacts';
/** the user-timing mark the long-task test sets when the default trace is on screen */
const SHOWN_MARK = 'netfilter-lab:trace-shown';
const NODE_A = 'ip-10-32-11-62.ap-northeast-2.compute.internal';
const NODE_B = 'ip-10-32-7-224.ap-northeast-2.compute.internal';

/** The browser globals the page callbacks use (this file is checked without the DOM library). */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface El {
  getBoundingClientRect(): Box;
  closest(selector: string): El | null;
  getAttribute(name: string): string | null;
}
interface LongTaskEntry {
  startTime: number;
  duration: number;
  name: string;
  attribution?: { containerType: string; containerName: string; containerSrc: string }[];
  scripts?: { invoker: string; sourceURL: string; sourceFunctionName: string; duration: number }[];
  blockingDuration?: number;
}
interface Recorded {
  start: number;
  duration: number;
  what: string;
}
interface PageGlobals {
  document: {
    activeElement: El | null;
    querySelector(s: string): { textContent: string | null } | null;
  };
  __tasks: Recorded[];
  __frames: Recorded[];
  __shownAt: number | null;
  requestAnimationFrame(cb: () => void): void;
  PerformanceObserver: new (cb: (list: { getEntries(): LongTaskEntry[] }) => void) => {
    observe(opts: { type: string; buffered: boolean }): void;
  };
}

test.use({ viewport: { width: 1280, height: 800 } });
test.setTimeout(90_000);

/** Waits for the journey of the default packet and returns the endpoint it reached. */
async function openJourney(page: Page): Promise<string> {
  await openTraced(page);
  const outcome = page.getByTestId('journey-outcome');
  await expect(outcome).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('journey-details').locator('summary').click();
  const seen = await page.getByTestId('result-packet').innerText();
  return /→ (10\.42\.\d+\.\d+:8080)/.exec(seen)?.[1] ?? '';
}

/** Picks again (another seed) until the Service sends the packet to a pod on the other node. */
async function crossNodes(page: Page): Promise<string> {
  for (let i = 0; i < 12; i++) {
    const seen = await page.getByTestId('result-packet').innerText();
    const endpoint = /→ (10\.42\.\d+\.\d+:8080)/.exec(seen)?.[1] ?? '';
    if (endpoint.startsWith('10.42.1.')) {
      await expect(page.getByTestId('journey-outcome')).toContainText(`at ${endpoint}`);
      return endpoint;
    }
    await page.getByTestId('reroll').click();
    await expect(page.getByTestId('result-packet')).not.toHaveText(seen);
  }
  throw new Error('no pick reached the other node');
}

test('the journey strip shows the default packet hop by hop, with the NAT and the source seen', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const endpoint = await openJourney(page);
  const strip = page.getByTestId('journey-strip');
  const places = await strip
    .locator('[data-place]')
    .evaluateAll((els) => (els as unknown as El[]).map((e) => e.getAttribute('data-place')));
  // the strip and the player agree: the pod the trace DNATed to is the journey's receiver
  const local = endpoint.startsWith('10.42.0.');
  expect(places[0]).toBe('pod:default/client');
  expect(places[1]).toBe(`node:${NODE_A}`);
  if (local) expect(places).toHaveLength(3);
  else expect(places.slice(2, 3)).toEqual([`node:${NODE_B}`]);
  expect(places.at(-1)).toMatch(/^pod:default\/service-test-/);
  await expect(page.getByTestId('journey-outcome')).toContainText(`at ${endpoint}`);
  await expect(page.getByTestId('journey-source-seen')).toHaveText(
    'The receiver sees the source 10.42.0.10:40000.',
  );
  // the DNAT on the entry node, in the box and in the hop list
  await expect(strip.locator(`[data-place="node:${NODE_A}"]`)).toContainText(`DNAT ${endpoint}`);
  const hops = page.getByTestId('journey-hops');
  await expect(hops.locator('[data-leg="request"] [data-hop]').first()).toContainText(
    `10.42.0.10:40000 → 10.43.62.130:80 ⇒ 10.42.0.10:40000 → ${endpoint}`,
  );
  await expect(hops.locator('[data-leg="request"] [data-hop]').first()).toContainText(
    'DNAT · PREROUTING · rule KUBE-SEP-',
  );
  await page.getByTestId('journey').screenshot({ path: `${ARTIFACTS}/journey-strip.png` });
  expect(errors).toEqual([]);
});

test('the reply path comes back through conntrack, hop by hop', async ({ page }) => {
  const endpoint = await openJourney(page);
  const reply = page.getByTestId('journey-hops').locator('[data-leg="reply"] [data-hop]');
  const request = page.getByTestId('journey-hops').locator('[data-leg="request"] [data-hop]');
  const crossed = endpoint.startsWith('10.42.0.') ? 1 : 2;
  await expect(request).toHaveCount(crossed);
  await expect(reply).toHaveCount(crossed);
  // the last reply hop, on the entry node, turns the pod's address back into the ClusterIP
  const last = reply.last();
  await expect(last).toContainText(NODE_A.split('.')[0]!);
  await expect(last).toContainText(
    `un-DNAT · POSTROUTING · conntrack entry: ${endpoint} → 10.42.0.10:40000 ⇒ 10.43.62.130:80 → 10.42.0.10:40000`,
  );
  await expect(page.getByTestId('journey-reply')).toContainText('the connection works');
  await expect(
    page.getByTestId('journey-strip').locator('[data-place="pod:default/client"]'),
  ).toContainText('gets 10.43.62.130:80');
  // picking that hop shows the reply's trace on the entry node
  await last.click();
  await expect(page.getByTestId('result-packet')).toHaveText(
    'tcp 10.43.62.130:80 → 10.42.0.10:40000',
  );
  await expect(last).toHaveAttribute('aria-pressed', 'true');
});

test('picking a node in the strip shows its part in the diagram, the graph and the player', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openJourney(page);
  await crossNodes(page);
  // the entry node forwards the DNATed packet by eth0 to the node with the pod
  await expect(page.getByTestId('trace-outcome')).toContainText('leaves by eth0');
  const diagram = page.getByTestId('netfilter-diagram');
  const nodeB = page.getByTestId('journey-strip').locator(`[data-place="node:${NODE_B}"]`);
  await nodeB.click();
  await expect(nodeB).toHaveAttribute('aria-pressed', 'true');
  // node B's own trace: the packet arrives on eth0, already DNATed; the rules are node B's
  await expect(page.getByTestId('trace-outcome')).toContainText('leaves by cni0');
  await expect(page.getByTestId('trace-summary')).toContainText(`Traced on ${NODE_B}`);
  await expect(page.getByTestId('rules-panel')).toContainText(NODE_B);
  // the player shows the whole hop: the diagram is lit to the end, with no DNAT on this node
  await expect(diagram.locator('.visited')).not.toHaveCount(0);
  await expect(diagram).not.toContainText('DNAT');
  await page.locator('.views-pane').screenshot({ path: `${ARTIFACTS}/journey-node-b.png` });
  // back on the entry node, by the keyboard: the DNAT shows again
  const nodeA = page.getByTestId('journey-strip').locator(`[data-place="node:${NODE_A}"]`);
  await nodeA.focus();
  await page.keyboard.press('Enter');
  await expect(nodeA).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('trace-summary')).toContainText(`Traced on ${NODE_A}`);
  await expect(diagram).toContainText('DNAT');
  await page.getByTestId('journey-show-sent').click();
  await expect(nodeA).toHaveAttribute('aria-pressed', 'false');
  expect(errors).toEqual([]);
});

test('the journey strip in Korean and in the dark theme', async ({ page }) => {
  await openJourney(page);
  await page.getByRole('button', { name: '한국어' }).click();
  const journey = page.getByTestId('journey');
  await expect(journey).toContainText('클러스터를 가로지르는 여정');
  await expect(page.getByTestId('journey-reply')).toContainText('연결이 성립합니다');
  await journey.screenshot({ path: `${ARTIFACTS}/journey-strip-ko.png` });
  await page.getByRole('button', { name: 'EN' }).click();
  await page.getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await journey.screenshot({ path: `${ARTIFACTS}/journey-strip-dark.png` });
});

/** A share link that opens the NodePort scenario: the laptop sends to node-b:30080. */
function nodePortLink(lang: 'en' | 'ko'): string {
  return shareLink(
    NODEPORT_30080_YAML,
    {
      source: { kind: 'client', name: 'laptop' },
      destination: {
        kind: 'nodeport',
        namespace: 'default',
        name: 'service-test-nodeport',
        nodePort: 30080,
        node: 'node-b',
      },
      entryNode: 'node-b',
    },
    lang,
  );
}

test('crossing nodes: every place of the journey fits the panel, in English and Korean', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openJourney(page);
  await crossNodes(page);
  const journey = page.getByTestId('journey');
  expectFits(await checkStrip(page), 4);
  // the notes that wrap still read whole
  await expect(
    page.getByTestId('journey-strip').locator('[data-place="pod:default/client"]'),
  ).toContainText('gets 10.43.62.130:80');
  await journey.screenshot({ path: `${ARTIFACTS}/journey-cross-node.png` });
  await page.getByRole('button', { name: '한국어' }).click();
  await expect(journey).toContainText('10.43.62.130:80에서 받음');
  await expect(journey).toContainText('10.42.0.10:40000에서 옴');
  expectFits(await checkStrip(page), 4);
  await journey.screenshot({ path: `${ARTIFACTS}/journey-cross-node-ko.png` });
  // the hop list in Korean too
  const hops = page.getByTestId('journey-hops');
  await expect(hops).toContainText('입력 cni0');
  await expect(hops).toContainText('출력 eth0');
  await expect(hops).not.toContainText(/\b(in|out) (cni0|eth0)/);
  await page.getByTestId('theme-switch').getByText('어둡게').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await journey.screenshot({ path: `${ARTIFACTS}/journey-cross-node-ko-dark.png` });
  expect(errors).toEqual([]);
});

test('the laptop through a NodePort on the node without the pod: four places, all in view', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const lang of ['en', 'ko'] as const) {
    await page.goto(nodePortLink(lang));
    const journey = page.getByTestId('journey');
    await expect(page.getByTestId('journey-outcome')).toBeVisible({ timeout: 30_000 });
    const c = await checkStrip(page);
    expect(c.places).toEqual([
      'client:172.16.0.10',
      'node:node-b',
      'node:node-a',
      'pod:default/service-test-nodeport',
    ]);
    expectFits(c, 4);
    // node-b masquerades: the pod sees node-b, and the reply goes back through it
    await expect(page.getByTestId('journey-source-seen')).toContainText('10.32.7.224:');
    await journey.screenshot({ path: `${ARTIFACTS}/journey-nodeport-${lang}.png` });
  }
  await expect(page.getByTestId('journey-outcome')).toContainText('받는 쪽에서 본 출발지는');
  expect(errors).toEqual([]);
});

test('the packet dot never covers text, moving or at rest', async ({ page }) => {
  await openJourney(page);
  // moving: looked at every 60 ms from the start of its way to its end
  const seen: string[] = [];
  const until = Date.now() + 4000;
  while (Date.now() < until) {
    seen.push(...(await checkStrip(page)).dotOnText);
    await page.waitForTimeout(60);
  }
  expect([...new Set(seen)]).toEqual([]);
  await page.getByTestId('journey').screenshot({ path: `${ARTIFACTS}/journey-strip-default.png` });
  // at rest, where reduced motion puts it at once
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(page.locator('.nv-jr-packet animateMotion')).toHaveCount(0);
  const still = await checkStrip(page);
  expectFits(still, still.places.length);
});

test('the hop list stays open, or closed, when a new journey arrives', async ({ page }) => {
  await openJourney(page);
  const details = page.getByTestId('journey-details');
  await expect(details).toHaveAttribute('open', '');
  const next = async () => {
    const seen = await page.getByTestId('result-packet').innerText();
    await page.getByTestId('reroll').click();
    await expect(page.getByTestId('result-packet')).not.toHaveText(seen);
    const now = await page.getByTestId('result-packet').innerText();
    const endpoint = /→ (10\.42\.\d+\.\d+:8080)/.exec(now)?.[1] ?? '?';
    await expect(page.getByTestId('journey-outcome')).toContainText(`at ${endpoint}`);
  };
  await next();
  await expect(details).toHaveAttribute('open', '');
  await expect(page.getByTestId('journey-hops')).toBeVisible();
  await details.locator('summary').click();
  await expect(details).not.toHaveAttribute('open', '');
  await next();
  await expect(details).not.toHaveAttribute('open', '');
});

test('Tab leaves the editor instead of indenting; Ctrl+M makes it indent', async ({ page }) => {
  await openTraced(page);
  const editor = page.locator('.editor-pane .monaco-editor');
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.editor-pane .hint')).toContainText('Tab leaves the editor');
  await editor.click({ position: { x: 80, y: 20 } });
  const before = await page.evaluate(
    () =>
      (globalThis as unknown as PageGlobals).document.querySelector('.editor-pane .view-lines')
        ?.textContent ?? '',
  );
  const inEditor = () =>
    page.evaluate(
      () =>
        (globalThis as unknown as PageGlobals).document.activeElement?.closest('.monaco-editor') !=
        null,
    );
  expect(await inEditor()).toBe(true);
  await page.keyboard.press('Tab');
  expect(await inEditor()).toBe(false);
  const after = await page.evaluate(
    () =>
      (globalThis as unknown as PageGlobals).document.querySelector('.editor-pane .view-lines')
        ?.textContent ?? '',
  );
  expect(after).toBe(before);
  // Shift+Tab comes back; Ctrl+M switches Tab to indenting
  await page.keyboard.press('Shift+Tab');
  expect(await inEditor()).toBe(true);
  await page.keyboard.press('Control+M');
  await page.keyboard.press('Tab');
  expect(await inEditor()).toBe(true);
});

test(
  'the longest main-thread task from page load until the default trace is shown',
  MEASURE,
  async ({ page }) => {
    await page.addInitScript((SHOWN_MARK: string) => {
      const w = globalThis as unknown as PageGlobals;
      w.__tasks = [];
      w.__frames = [];
      w.__shownAt = null;
      new w.PerformanceObserver((list) => {
        for (const e of list.getEntries())
          w.__tasks.push({
            start: e.startTime,
            duration: e.duration,
            what: (e.attribution ?? [])
              .map((a) => `${a.containerType} ${a.containerName || a.containerSrc}`.trim())
              .join(', '),
          });
      }).observe({ type: 'longtask', buffered: true });
      // long animation frames name the scripts that ran in them: what the long task was doing
      try {
        new w.PerformanceObserver((list) => {
          for (const e of list.getEntries())
            w.__frames.push({
              start: e.startTime,
              duration: e.duration,
              what: (e.scripts ?? [])
                .filter((s) => s.duration > 10)
                .map(
                  (s) =>
                    `${Math.round(s.duration)}ms ${s.invoker} ${s.sourceFunctionName} ${s.sourceURL.split('/').pop() ?? ''}`,
                )
                .join(' | '),
            });
        }).observe({ type: 'long-animation-frame', buffered: true });
      } catch {
        // an older browser: the long tasks alone
      }
      // the moment the trace is on screen: checked once a frame, which costs nothing noticeable
      const check = () => {
        const text = w.document.querySelector('[data-testid="result-packet"]')?.textContent ?? '';
        if (text.includes(':8080')) {
          w.__shownAt = performance.now();
          // the same moment in Chromium's trace (task-cpu.ts)
          performance.mark(SHOWN_MARK);
        } else w.requestAnimationFrame(check);
      };
      w.requestAnimationFrame(check);
    }, SHOWN_MARK);
    const cdp = await page.context().newCDPSession(page);
    await startTaskTrace(cdp);
    await openTraced(page);
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__shownAt !== null);
    const traced = await tasksUntilMark(cdp, SHOWN_MARK);
    const m = await page.evaluate(() => ({
      shownAt: (globalThis as unknown as PageGlobals).__shownAt ?? NaN,
      tasks: (globalThis as unknown as PageGlobals).__tasks,
      frames: (globalThis as unknown as PageGlobals).__frames,
    }));
    const window = m.tasks.filter((t) => t.start < m.shownAt);
    const longest = window.reduce((a, t) => Math.max(a, t.duration), 0);
    // each task's CPU time, from Chromium's trace: what the page asked of the main thread, however
    // long the task waited for a core on a busy machine
    const cpuTasks = traced?.tasks ?? [];
    const mostCpu = cpuTasks.reduce((a, t) => (t.cpuMs > a.cpuMs ? t : a), {
      startMs: 0,
      wallMs: 0,
      cpuMs: 0,
    });
    const report = {
      method:
        "PerformanceObserver 'longtask' (buffered) from navigation until the default trace's result is on screen (checked each animation frame); each main-thread task's thread CPU time from Chromium's trace (CDP Tracing, categories toplevel and blink.user_timing) over the same window; Chromium headless, 1280×800, production build",
      traceShownAtMs: Math.round(m.shownAt),
      longestTaskMs: Math.round(longest),
      mostCpuTask: mostCpu,
      tasksOver30MsCpu: cpuTasks.filter((t) => t.cpuMs > 30),
      longTasks: window.map((t) => ({
        startMs: Math.round(t.start),
        durationMs: Math.round(t.duration),
        attribution: t.what,
      })),
      longAnimationFrames: m.frames
        .filter((f) => f.start < m.shownAt)
        .map((f) => ({
          startMs: Math.round(f.start),
          durationMs: Math.round(f.duration),
          scripts: f.what,
        })),
    };
    writeFileSync(`${ARTIFACTS}/long-tasks.json`, `${JSON.stringify(report, null, 2)}\n`);
    const msg = `longest main-thread task until the trace is shown (${report.traceShownAtMs} ms): ${report.longestTaskMs} ms wall (${window.length} long tasks); most CPU in one task: ${mostCpu.cpuMs} ms (${mostCpu.wallMs} ms wall, ${cpuTasks.length} tasks traced)`;
    console.log(msg);
    test.info().annotations.push({ type: 'long tasks', description: msg });
    expect(m.shownAt).toBeGreaterThan(0);
    // the figures are reported, not asserted (speed is shown in measurements, never as a timed
    // assertion that a busy machine could fail); what is asserted is that they were measured
    expect(traced, 'the shown mark is in the trace').not.toBeNull();
    expect(cpuTasks.length).toBeGreaterThan(10);
  },
);
