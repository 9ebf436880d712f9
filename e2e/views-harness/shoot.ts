/**
 * Screenshots of the views harness in Debian's Chromium, for looking at the views by eye.
 * Run: npx tsx e2e/views-harness/make-fixtures.ts && npx tsx e2e/views-harness/shoot.ts [name…]
 * Starts Vite's dev server on 127.0.0.1:5199, writes PNGs to test-results/views-harness/.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

interface Shot {
  name: string;
  query: string;
  width?: number;
  height?: number;
  /** keys pressed after load, e.g. ArrowRight */
  keys?: string[];
  fullPage?: boolean;
  reducedMotion?: boolean;
  click?: string;
}

const SHOTS: Shot[] = [
  { name: 'clusterip-dnat', query: 'scenario=clusterip&step=14' },
  { name: 'clusterip-end', query: 'scenario=clusterip&step=47' },
  { name: 'clusterip-start-ko', query: 'scenario=clusterip&lang=ko' },
  { name: 'clusterip-dark-ko', query: 'scenario=clusterip&step=9&lang=ko&theme=dark' },
  { name: 'reject-end', query: 'scenario=reject&step=27' },
  { name: 'nodeport-masq', query: 'scenario=nodeport&step=45' },
  { name: 'nodeport-end-dark', query: 'scenario=nodeport&step=52&theme=dark' },
  { name: 'big-neighbourhood', query: 'scenario=big&step=12&only=graph' },
  {
    name: 'keys',
    query: 'scenario=clusterip',
    keys: ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight'],
  },
  {
    name: 'big-family-opened',
    query: 'scenario=big&step=12&only=graph',
    click: '[data-testid=chain-graph] g.node.folded',
  },
  { name: 'reduced-motion', query: 'scenario=clusterip&step=20&only=diagram', reducedMotion: true },
  {
    name: 'samples',
    query: 'scenario=clusterip&step=14&only=probabilities',
    click: '[data-testid=sample-100]',
  },
];

const dir = new URL('../../test-results/views-harness/', import.meta.url).pathname;
mkdirSync(dir, { recursive: true });
const only = process.argv.slice(2);

const server = await createServer({
  configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
  server: { port: 5199, strictPort: true, host: '127.0.0.1' },
  logLevel: 'warn',
});
await server.listen();
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  for (const s of SHOTS) {
    if (only.length && !only.includes(s.name)) continue;
    const page = await browser.newPage({
      viewport: { width: s.width ?? 1280, height: s.height ?? 800 },
      reducedMotion: s.reducedMotion ? 'reduce' : 'no-preference',
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().includes('404')) errors.push(m.text());
    });
    await page.goto(`http://127.0.0.1:5199/src/ui/views/harness/index.html?${s.query}`);
    await page.waitForSelector('[data-testid]');
    await page.waitForTimeout(600);
    // wait for the chain graph's layout, if there is one
    await page
      .waitForSelector('.nv-graph-svg[data-status=ready]', { timeout: 20000 })
      .catch(() => undefined);
    for (const k of s.keys ?? []) await page.keyboard.press(k);
    if (s.click) {
      await page.click(s.click);
      await page.waitForTimeout(300);
      await page
        .waitForSelector('.nv-graph-svg[data-status=ready]', { timeout: 60000 })
        .catch(() => undefined);
    }
    await page.waitForTimeout(700);
    const file = `${dir}${s.name}.png`;
    await page.screenshot({ path: file, fullPage: s.fullPage ?? true });
    const pos = await page
      .locator('[data-testid=player-position]')
      .textContent()
      .catch(() => null);
    console.log(file, pos ?? '', errors.length ? `ERRORS: ${errors.join(' | ')}` : '');
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
