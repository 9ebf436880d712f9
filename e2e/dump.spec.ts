/**
 * Pasted dumps in Debian's Chromium (issue 6): a Docker + kube-proxy dump dropped on the editor
 * pane and traced to its DNAT, the host guessed from it and edited, search; a 100,000-rule dump
 * (made by the benchmark's generator, with -c counters added) loaded with the progress bar,
 * measured for long tasks and time to interactive, cancelled and parsed again. Screenshots go
 * to e2e/artifacts/dump-*.png.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { generateKubeDump } from '../scripts/bench/generate-kube.ts';

const ARTIFACTS = 'e2e/artifacts';
const DOCKER_KUBE = readFileSync('tests/fixtures/legacy.rules', 'utf8');

/** This file is type-checked without the DOM library: the page globals it touches. */
interface LongTask {
  start: number;
  duration: number;
}
interface PageGlobals {
  __longTasks: LongTask[];
  PerformanceObserver: new (
    cb: (list: { getEntries(): { startTime: number; duration: number }[] }) => void,
  ) => { observe(opts: { type: string; buffered: boolean }): void };
  DataTransfer: new () => { items: { add(f: unknown): void } };
  File: new (parts: string[], name: string, opts: { type: string }) => unknown;
  document: {
    querySelector(s: string): {
      dispatchEvent(e: unknown): boolean;
    } | null;
  };
  DragEvent: new (type: string, init: { dataTransfer: unknown; bubbles: boolean }) => unknown;
}

/** localStorage, in a file type-checked without the DOM library */
interface PageStorage {
  localStorage: { getItem(k: string): string | null };
}

test.use({ viewport: { width: 1280, height: 800 } });
test.setTimeout(180_000);

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = globalThis as unknown as PageGlobals;
    w.__longTasks = [];
    new w.PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

async function openDumpMode(page: Page, lang: 'en' | 'ko' = 'en'): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('result-packet')).toContainText(':8080', { timeout: 30_000 });
  if (lang === 'ko')
    await page.getByTestId('lang-switch').getByRole('button', { name: '한국어' }).click();
  await page.getByTestId('mode-switch').locator('button').nth(1).click();
  await expect(page.getByTestId('dump-workspace')).toBeVisible();
}

/** Drops `text` as a file onto the editor pane, the way a file dragged from the desktop arrives. */
async function dropFile(page: Page, text: string, name: string): Promise<void> {
  await page.evaluate(
    ([t, n]) => {
      const w = globalThis as unknown as PageGlobals;
      const dt = new w.DataTransfer();
      dt.items.add(new w.File([t ?? ''], n ?? 'dump.rules', { type: 'text/plain' }));
      const target = w.document.querySelector('[data-testid="dump-workspace"]');
      target?.dispatchEvent(new w.DragEvent('drop', { dataTransfer: dt, bubbles: true }));
    },
    [text, name],
  );
}

async function openFile(page: Page, text: string, name: string): Promise<void> {
  await page.getByTestId('dump-file').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from(text, 'utf8'),
  });
}

async function fillPacket(
  page: Page,
  p: { src: string; dst: string; dport: number; iface: string },
) {
  await page.getByTestId('packet-source-address').fill(p.src);
  await page.getByTestId('packet-destination-address').fill(p.dst);
  await page.getByTestId('packet-dport').fill(String(p.dport));
  await page.getByTestId('packet-entry-interface').fill(p.iface);
  await page.getByTestId('send').click();
}

const TO_GRAFANA = { src: '203.0.113.9', dst: '10.104.18.77', dport: 3000, iface: 'eth0' };

test('a Docker + kube-proxy dump dropped on the pane is traced to its DNAT', async ({ page }) => {
  const errors = watchErrors(page);
  await openDumpMode(page);
  await dropFile(page, DOCKER_KUBE, 'node.rules');
  await expect(page.getByTestId('dump-format')).toHaveText('Format: iptables-save', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('dump-stats')).toContainText('chains');
  // the host guessed from the rules: the API server's node address, docker0, cni0
  await page.getByTestId('dump-tab-host').click();
  const iface0 = page.getByTestId('host-iface-0');
  await expect(iface0.locator('input').first()).toHaveValue('eth0');
  await expect(iface0.locator('input').nth(1)).toHaveValue('192.168.56.10/24');
  await expect(page.getByTestId('host-iface-1').locator('input').nth(1)).toHaveValue(
    '172.17.0.1/16',
  );
  await expect(page.getByTestId('host-form')).toContainText(
    'on docker0: its subnet is masqueraded',
  );
  await page.screenshot({ path: `${ARTIFACTS}/dump-host-form-en.png` });

  await fillPacket(page, TO_GRAFANA);
  await expect(page.getByTestId('trace-outcome')).toContainText('ACCEPT', { timeout: 20_000 });
  // DNATed to the grafana pod, masqueraded to the node's address (kube-proxy marked it)
  await expect(page.getByTestId('result-packet')).toHaveText(
    'tcp 192.168.56.10:40000 → 10.244.1.9:3000',
  );
  await expect(page.getByTestId('chain-graph')).toBeVisible();
  await page.getByTestId('dump-tab-chains').click();
  await expect(page.getByTestId('dump-chain-list')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/dump-loaded-en.png` });
  expect(errors).toEqual([]);
});

test('editing the host changes the trace; a bad address is flagged at its field', async ({
  page,
}) => {
  await openDumpMode(page);
  await openFile(page, DOCKER_KUBE, 'node.rules');
  await expect(page.getByTestId('dump-format')).toBeVisible({ timeout: 20_000 });
  await fillPacket(page, TO_GRAFANA);
  await expect(page.getByTestId('trace-outcome')).toContainText('ACCEPT', { timeout: 20_000 });
  await page.getByTestId('dump-tab-host').click();
  await page.getByTestId('host-ip-forward').uncheck();
  await expect(page.getByTestId('trace-outcome')).toContainText('DROP', { timeout: 20_000 });
  await page.getByTestId('host-ip-forward').check();
  await expect(page.getByTestId('trace-outcome')).toContainText('ACCEPT', { timeout: 20_000 });
  // a typo in an address: the reader's message sits under the row, the field is marked
  const addr = page.getByTestId('host-iface-0').locator('input').nth(1);
  await addr.fill('192.168.56.300/24');
  await expect(page.getByTestId('host-iface-0')).toContainText(
    '"192.168.56.300/24" is not an IPv4 address/prefix',
  );
  await expect(addr).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${ARTIFACTS}/dump-host-error-en.png` });
  await page.getByTestId('host-reset').click();
  await expect(page.getByTestId('host-iface-0').locator('input').nth(1)).toHaveValue(
    '192.168.56.10/24',
  );
});

test('search finds a Service by comment, rules by address:port, and chains by name', async ({
  page,
}) => {
  await openDumpMode(page, 'ko');
  await openFile(page, DOCKER_KUBE, 'node.rules');
  await expect(page.getByTestId('dump-format')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('dump-tab-search').click();
  await page.getByTestId('dump-search-input').fill('monitoring/grafana');
  await expect(page.getByTestId('dump-search-count')).toHaveText('규칙 6개', { timeout: 10_000 });
  await page.screenshot({ path: `${ARTIFACTS}/dump-search-ko.png` });
  await page.getByTestId('search-mode-reach').click();
  await page.getByTestId('dump-search-input').fill('10.104.18.77:3000');
  await expect(page.getByTestId('dump-search-count')).toHaveText('규칙 2개', { timeout: 10_000 });
  await expect(page.getByTestId('dump-search-hits')).toContainText('KUBE-SERVICES');
  // a hit opens its chain in the chain list
  await page
    .getByTestId('dump-search-hits')
    .getByRole('button', { name: /KUBE-SERVICES/ })
    .first()
    .click();
  await expect(page.getByTestId('dump-open-chain')).toContainText('nat / KUBE-SERVICES');
  await page.getByTestId('dump-tab-host').click();
  await page.screenshot({ path: `${ARTIFACTS}/dump-host-form-ko.png` });
  await page.getByTestId('theme-switch').locator('button').nth(1).click();
  await page.getByTestId('dump-tab-chains').click();
  await page.screenshot({ path: `${ARTIFACTS}/dump-chains-ko-dark.png` });
});

/** The generator's 100,000-rule node, with `iptables-save -c` counters made up for heat. */
function bigDump(): string {
  const { text } = generateKubeDump({ rules: 100_000 });
  let seed = 7;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed;
  };
  return text
    .split('\n')
    .map((l) => {
      if (!l.startsWith('-A ')) return l;
      // most rules see nothing, a few see a lot: a long-tailed spread, as on a real node
      const r = next() % 1000;
      const packets = r < 700 ? 0 : Math.floor(10 ** ((r - 700) / 50));
      return `[${packets}:${packets * 74}] ${l}`;
    })
    .join('\n');
}

test('a 100,000-rule dump loads with progress, stays responsive, and can be cancelled', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const text = bigDump();
  await watchLongTasks(page);
  await openDumpMode(page);

  // first: cancel keeps the text, and "parse again" parses it
  await openFile(page, text, 'big.rules');
  await expect(page.getByTestId('dump-progress')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${ARTIFACTS}/dump-progress-en.png` });
  await page.getByTestId('dump-cancel').click();
  await expect(page.getByTestId('dump-cancelled')).toBeVisible();
  await expect(page.getByTestId('dump-progress')).toHaveCount(0);
  await expect(page.locator('.dump-workspace .view-lines')).toContainText('*filter');

  // then the measured load: from "parse again" to a usable workspace
  const t0 = await page.evaluate(() => performance.now());
  await page.getByTestId('dump-parse-again').click();
  await expect(page.getByTestId('dump-progress')).toBeVisible();
  await expect(page.getByTestId('dump-stats')).toContainText('100,018 rules', { timeout: 60_000 });
  const list = page.getByTestId('dump-chain-list');
  await expect(list.locator('[data-chain]').first()).toBeVisible();
  const listShown = await page.evaluate(
    () =>
      performance.now() - (performance.getEntriesByName('dump:summary').at(-1)?.startTime ?? NaN),
  );
  // usable: filter the 36,000 chains, open KUBE-SERVICES (9,438 rules), search a Service
  await page.getByTestId('dump-chain-filter').fill('KUBE-SERVICES');
  await list.locator('[data-chain="KUBE-SERVICES"]').click();
  await expect(page.getByTestId('dump-rule-rows').locator('[data-rule="1"]')).toBeVisible();
  await page.getByTestId('dump-tab-search').click();
  await page.getByTestId('dump-search-input').fill('shop/cart-');
  await expect(page.getByTestId('dump-search-count')).toContainText('rules', { timeout: 10_000 });
  const tUsable = await page.evaluate(() => performance.now());

  const m = await page.evaluate(() => {
    const at = (name: string) => performance.getEntriesByName(name).at(-1)?.startTime ?? NaN;
    return { asked: at('dump:ask:loadDump'), answered: at('dump:answer:loadDump') };
  });
  const parseMs = await page.getByTestId('dump-stats').textContent();
  const tasks = await page.evaluate(() => (globalThis as unknown as PageGlobals).__longTasks);
  const during = tasks.filter((t) => t.start + t.duration > t0 && t.start < tUsable);
  const longest = Math.max(0, ...during.map((t) => t.duration));
  const total = during.reduce((s, t) => s + t.duration, 0);
  const msg =
    `load ${Math.round(m.answered - m.asked)} ms in the worker (${parseMs}); ` +
    `chain list drawn ${Math.round(listShown)} ms after the summary arrived; ` +
    `usable ${Math.round(tUsable - m.answered)} ms after it ` +
    `(filter, open a 9,438-rule chain, search); ${during.length} long tasks from "parse again" ` +
    `to usable, longest ${Math.round(longest)} ms, ${Math.round(total)} ms in all`;
  console.log(msg);
  test.info().annotations.push({ type: 'big dump', description: msg });
  await page.screenshot({ path: `${ARTIFACTS}/dump-search-en.png` });

  // heat on chains and rules, and a packet traced through the 100,000 rules to its DNAT
  await page.getByTestId('dump-tab-chains').click();
  await page.getByRole('button', { name: '← Chains' }).click();
  await page.getByTestId('dump-chain-filter').fill('KUBE-SVC-');
  await page.screenshot({ path: `${ARTIFACTS}/dump-heat-en.png` });
  const svc =
    /-A KUBE-SERVICES -d (10\.\d+\.\d+\.\d+)\/32 -p tcp -m comment --comment "[^"]+ cluster IP" -m tcp --dport (\d+) -j KUBE-SVC-/.exec(
      text,
    );
  expect(svc).not.toBeNull();
  const t1 = await page.evaluate(() => performance.now());
  await fillPacket(page, {
    src: '203.0.113.9',
    dst: svc?.[1] ?? '',
    dport: Number(svc?.[2]),
    iface: 'eth0',
  });
  await expect(page.getByTestId('result-packet')).toContainText('→ 10.', { timeout: 30_000 });
  await expect(page.getByTestId('result-packet')).not.toContainText(svc?.[1] ?? '');
  const t2 = await page.evaluate(() => performance.now());
  console.log(`trace through the 100,000-rule dump answered in ${Math.round(t2 - t1)} ms`);
  await expect(page.getByTestId('chain-graph')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/dump-big-traced-en.png` });
  expect(errors).toEqual([]);
});

test('a reload brings a big pasted dump back (kept in IndexedDB, not localStorage)', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const text = generateKubeDump({ rules: 8_000 }).text;
  await openDumpMode(page);
  await openFile(page, text, 'node.rules');
  const stats = page.getByTestId('dump-stats');
  await expect(stats).toContainText('rules', { timeout: 30_000 });
  // the counts, not the parse time
  const shown = (await stats.textContent())?.split(' · parsed')[0] ?? 'no stats';
  // autosave writes the dump to the vault, then marks it whole
  await page.waitForFunction(
    () =>
      (globalThis as unknown as PageStorage).localStorage.getItem(
        'netfilter-lab:work-dump-in-vault',
      ) !== null,
    undefined,
    { timeout: 10_000 },
  );
  expect(text.length).toBeGreaterThan(256 * 1024);
  const kept = await page.evaluate(
    () =>
      (globalThis as unknown as PageStorage).localStorage.getItem('netfilter-lab:work')?.length ??
      0,
  );
  expect(kept).toBeLessThan(20_000);

  await page.reload();
  await expect(page.getByTestId('dump-workspace')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('dump-stats')).toContainText(shown, { timeout: 30_000 });
  expect(errors).toEqual([]);
});
