/**
 * Journeys across nodes, the chain graph's first view, Tab out of the editor, and the main
 * thread's longest task while the default scenario compiles and traces. Screenshots go to
 * e2e/artifacts/.
 */
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

const ARTIFACTS = 'e2e/artifacts';
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

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

async function openTraced(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('result-packet')).toContainText(':8080', { timeout: 30_000 });
}

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
    `DNAT 10.43.62.130:80 → ${endpoint}`,
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
    `SNAT ${endpoint} → 10.43.62.130:80 (from conntrack, undoes the DNAT)`,
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

test("the chain graph's first view shows every chain", async ({ page }) => {
  await openTraced(page);
  const graph = page.getByTestId('chain-graph');
  const svg = graph.locator('svg.nv-graph-svg');
  await expect(svg).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  // the fit is animated by no transition: give d3 a frame to apply it
  await page.waitForTimeout(300);
  const boxes = await svg.evaluate((s) => {
    const el = s as unknown as El & { querySelectorAll(q: string): El[] };
    const outer = el.getBoundingClientRect();
    const inner = [...el.querySelectorAll('g.node')].map((n) => ({
      chain: n.getAttribute('data-chain'),
      box: n.getBoundingClientRect(),
    }));
    return { outer, inner };
  });
  expect(boxes.inner.length).toBeGreaterThan(8);
  const outside = boxes.inner.filter(
    ({ box }) =>
      box.x < boxes.outer.x ||
      box.y < boxes.outer.y ||
      box.x + box.width > boxes.outer.x + boxes.outer.width ||
      box.y + box.height > boxes.outer.y + boxes.outer.height,
  );
  expect(outside.map((o) => o.chain)).toEqual([]);
  await graph.screenshot({ path: `${ARTIFACTS}/chain-graph-first-view.png` });
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

test('the longest main-thread task from page load until the default trace is shown', async ({
  page,
}) => {
  await page.addInitScript(() => {
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
      if (text.includes(':8080')) w.__shownAt = performance.now();
      else w.requestAnimationFrame(check);
    };
    w.requestAnimationFrame(check);
  });
  await openTraced(page);
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__shownAt !== null);
  const m = await page.evaluate(() => ({
    shownAt: (globalThis as unknown as PageGlobals).__shownAt ?? NaN,
    tasks: (globalThis as unknown as PageGlobals).__tasks,
    frames: (globalThis as unknown as PageGlobals).__frames,
  }));
  const window = m.tasks.filter((t) => t.start < m.shownAt);
  const longest = window.reduce((a, t) => Math.max(a, t.duration), 0);
  const report = {
    method:
      "PerformanceObserver 'longtask' (buffered) from navigation until the default trace's result is on screen (checked each animation frame); Chromium headless, 1280×800, production build",
    traceShownAtMs: Math.round(m.shownAt),
    longestTaskMs: Math.round(longest),
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
  const msg = `longest main-thread task until the trace is shown (${report.traceShownAtMs} ms): ${report.longestTaskMs} ms (${window.length} long tasks)`;
  console.log(msg);
  test.info().annotations.push({ type: 'long tasks', description: msg });
  expect(m.shownAt).toBeGreaterThan(0);
});
