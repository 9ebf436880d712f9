/**
 * The chain graph a learner can read (issue 14): chain names and probability labels at 11 px or
 * more on screen at the first view (390, 1024 and 1440 px wide), the probabilities as fractions
 * with their raw value in the title and no label over another or over a chain, a chain search
 * that centres and lights its chain, and a 100,000-rule dump's graph folded by family, opened
 * and folded back from the keyboard, with the time from the parse's end to its first drawing
 * printed. Screenshots go to e2e/artifacts/chain-graph-*.png.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { generateKubeDump } from '../scripts/bench/generate-kube.ts';
import { openTraced, watchErrors } from './support.ts';
import { MEASURE } from './measure-tag.ts';

const ARTIFACTS = 'e2e/artifacts';
test.setTimeout(120_000);
const SVC = 'KUBE-SVC-GBTMB5ZTD56ECL5F';

/** This file is type-checked without the DOM library: what it reads of the page. */
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface SvgText {
  textContent: string | null;
  getScreenCTM(): { a: number } | null;
  getBoundingClientRect(): Rect;
}
interface PageGlobals {
  getComputedStyle(el: unknown): { fontSize: string };
  performance: { getEntriesByName(n: string): { startTime: number }[] };
}

/** Each text's size as drawn on screen: its font size times the zoom it is drawn at. */
async function screenSizes(texts: Locator): Promise<{ text: string; px: number }[]> {
  return texts.evaluateAll((els) =>
    els.map((el) => {
      const t = el as unknown as SvgText;
      const g = globalThis as unknown as PageGlobals;
      return {
        text: t.textContent ?? '',
        px: parseFloat(g.getComputedStyle(el).fontSize) * (t.getScreenCTM()?.a ?? 0),
      };
    }),
  );
}

const rects = (l: Locator): Promise<Rect[]> =>
  l.evaluateAll((els) => els.map((el) => (el as unknown as SvgText).getBoundingClientRect()));

/** Chains whose box shows in the graph's view only in part: cut by one of its edges. */
async function cutChains(graph: Locator): Promise<string[]> {
  const svg = (await rects(graph.locator('svg.nv-graph-svg')))[0];
  if (!svg) return ['(no graph)'];
  const boxes = await graph.locator('g.node').evaluateAll((els) =>
    els.map((el) => ({
      id: (el as unknown as SvgText & { getAttribute(n: string): string | null }).getAttribute(
        'aria-label',
      ),
      r: (el as unknown as SvgText).getBoundingClientRect(),
    })),
  );
  const within = (r: Rect) =>
    r.x >= svg.x - 0.5 &&
    r.y >= svg.y - 0.5 &&
    r.x + r.width <= svg.x + svg.width + 0.5 &&
    r.y + r.height <= svg.y + svg.height + 0.5;
  return boxes.filter((b) => overlap(b.r, svg) && !within(b.r)).map((b) => b.id ?? '?');
}

const overlap = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

async function graphReady(page: Page): Promise<Locator> {
  const graph = page.getByTestId('chain-graph');
  await expect(graph.locator('svg.nv-graph-svg')).toHaveAttribute('data-status', 'ready', {
    timeout: 60_000,
  });
  await graph.evaluate((el) => (el as unknown as { scrollIntoView(): void }).scrollIntoView());
  // the framing is a zoom transform applied at once; a frame for d3 to set it
  await page.waitForTimeout(300);
  return graph;
}

for (const [width, height] of [
  [390, 844],
  [1024, 700],
  [1440, 900],
  [1920, 1080],
] as const) {
  test(`the first view's chain names read at 11 px or more, none cut by its edges, at ${width}×${height}`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height });
    await openTraced(page);
    const graph = await graphReady(page);
    const names = await screenSizes(graph.locator('text.cg-name'));
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => n.px < 11)).toEqual([]);
    // the first view shows the start of the traced path, not an empty corner
    const svg = (await rects(graph.locator('svg.nv-graph-svg')))[0];
    const entry = (await rects(graph.locator('g.node[data-chain="PREROUTING"]')))[0];
    expect(svg && entry && overlap(svg, entry)).toBe(true);
    // every chain in view is wholly in view: no name half shown at an edge
    expect(await cutChains(graph)).toEqual([]);
    await graph.screenshot({ path: `${ARTIFACTS}/chain-graph-first-view-${width}.png` });
    expect(errors).toEqual([]);
  });
}

test('a search finds a chain, centres and lights it; its probabilities read as fractions', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTraced(page);
  const graph = await graphReady(page);
  await graph.getByTestId('graph-search').fill('gbtmb');
  const matches = graph.getByTestId('graph-search-matches').getByRole('button');
  await expect(matches).toHaveText([SVC]);
  await graph.getByTestId('graph-search').press('Enter');
  const found = graph.locator(`g.node[data-chain="${SVC}"]`);
  await expect(found).toHaveClass(/\bfound\b/);
  await page.waitForTimeout(300);
  const [svg] = await rects(graph.locator('svg.nv-graph-svg'));
  const [box] = await rects(found);
  if (!svg || !box) throw new Error('no graph or no chain drawn');
  expect(Math.abs(box.x + box.width / 2 - (svg.x + svg.width / 2))).toBeLessThan(8);
  expect(Math.abs(box.y + box.height / 2 - (svg.y + svg.height / 2))).toBeLessThan(8);

  // the Service's four random branches: kube-proxy's falling 1/4, 1/3, 1/2 and the rest
  const labels = graph.locator(`g.cg-label[data-edge^="${SVC}>"]`);
  await expect(labels.locator('text')).toHaveText([
    '1/4 · 25%',
    '1/3 · 33.3%→ 25% of all',
    '1/2 · 50%→ 25% of all',
    'the rest→ 25% of all',
  ]);
  await expect(labels.nth(1).locator('title')).toContainText('--probability 0.33333333349');
  const sizes = await screenSizes(labels.locator('tspan'));
  expect(sizes.filter((s) => s.px < 11)).toEqual([]);
  // no label over another, over a chain or outside the view
  const all = await rects(graph.locator('g.cg-label rect'));
  const nodes = await rects(graph.locator('g.node rect'));
  const clashes = all.flatMap((a, i) => [
    ...all.slice(i + 1).filter((b) => overlap(a, b)),
    ...nodes.filter((n) => overlap(a, n)),
  ]);
  expect(clashes).toEqual([]);
  for (const r of await rects(labels.locator('rect'))) expect(overlap(r, svg)).toBe(true);
  await graph.screenshot({ path: `${ARTIFACTS}/chain-graph-search.png` });

  // Korean: the same fractions, the share in Korean words
  await page.getByTestId('lang-switch').getByRole('button', { name: '한국어' }).click();
  await expect(labels.nth(1).locator('text')).toHaveText('1/3 · 33.3%→ 전체의 25%');
  expect(errors).toEqual([]);
});

test(
  'a 100,000-rule dump: the graph folds families, opens and folds them back, finds a folded chain',
  MEASURE,
  async ({ page }) => {
    test.setTimeout(240_000);
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1920, height: 1080 });
    const { text } = generateKubeDump({ rules: 100_000 });
    await page.goto('/');
    await expect(page.getByTestId('result-packet')).toContainText(':8080', { timeout: 30_000 });
    await page.getByTestId('mode-switch').locator('button').nth(1).click();
    await expect(page.getByTestId('dump-workspace')).toBeVisible();
    await page.getByTestId('dump-file').setInputFiles({
      name: 'big.rules',
      mimeType: 'text/plain',
      buffer: Buffer.from(text, 'utf8'),
    });
    await expect(page.getByTestId('dump-stats')).toContainText('rules', { timeout: 120_000 });
    const graph = page.getByTestId('chain-graph');
    const sep = graph.locator('g.node[data-family="KUBE-SEP-*"]');
    await expect(sep).toBeVisible({ timeout: 60_000 });
    const m = await page.evaluate(() => {
      const p = (globalThis as unknown as PageGlobals).performance;
      const summary = p.getEntriesByName('dump:summary').at(-1)?.startTime ?? NaN;
      const after = (name: string) =>
        Math.round(
          (p.getEntriesByName(name).find((e) => e.startTime > summary)?.startTime ?? NaN) - summary,
        );
      const all = (
        p as unknown as { getEntriesByType(t: string): { name: string; startTime: number }[] }
      )
        .getEntriesByType('mark')
        .filter((e) => e.startTime > summary - 3000)
        .map((e) => `${e.name}@${Math.round(e.startTime - summary)}`)
        .join(' ');
      return {
        model: after('graph:model'),
        folded: after('graph:folded'),
        laid: after('graph:laid'),
        drawn: after('graph:drawn'),
        all,
      };
    });
    console.log(m.all);
    console.log(
      `chain graph of the 100,000-rule dump first drawn ${m.drawn} ms after its parse ended (whole-table model at ${m.model} ms, folded at ${m.folded} ms, laid out at ${m.laid} ms)`,
    );
    await graphReady(page);
    await expect(graph.getByTestId('graph-folding')).toContainText('chains');
    const label = (await sep.getAttribute('aria-label')) ?? '';
    const count = Number(/([\d,]+) chains/.exec(label)?.[1]?.replaceAll(',', ''));
    expect(count).toBeGreaterThan(1_000);
    await expect(sep.locator('text.cg-name')).toHaveText(
      `KUBE-SEP-* ×${count.toLocaleString('en')}`,
    );
    const names = await screenSizes(graph.locator('text.cg-name'));
    expect(names.filter((n) => n.px < 11)).toEqual([]);
    expect(await cutChains(graph)).toEqual([]);
    await graph.screenshot({ path: `${ARTIFACTS}/chain-graph-100k-folded.png` });

    // open from the keyboard: a page of endpoint chains joins the picture, the rest stay folded
    await sep.focus();
    await page.keyboard.press('Enter');
    const members = graph.locator('g.node[data-chain^="KUBE-SEP-"]');
    await expect(members).toHaveCount(12, { timeout: 30_000 });
    await expect(sep.locator('text.cg-name')).toHaveText(
      `KUBE-SEP-* ×${(count - 12).toLocaleString('en')}`,
    );
    await graphReady(page);
    await graph.screenshot({ path: `${ARTIFACTS}/chain-graph-100k-opened.png` });
    const back = graph.getByTestId('graph-fold-back');
    await expect(back).toHaveText(
      `Fold KUBE-SEP-* back (12 of ${count.toLocaleString('en')} open)`,
    );
    await back.focus();
    await page.keyboard.press('Enter');
    await expect(members).toHaveCount(0, { timeout: 30_000 });
    await expect(sep.locator('text.cg-name')).toHaveText(
      `KUBE-SEP-* ×${count.toLocaleString('en')}`,
    );

    // a folded chain found by name is drawn, centred and lit
    const name =
      /^-A (KUBE-SEP-\w+)/.exec(text.slice(text.lastIndexOf('\n-A KUBE-SEP-') + 1))?.[1] ?? '';
    await graph.getByTestId('graph-search').fill(name.slice(-9));
    await graph.getByTestId('graph-search-matches').getByRole('button', { name }).click();
    await expect(graph.locator(`g.node[data-chain="${name}"]`)).toHaveClass(/\bfound\b/, {
      timeout: 30_000,
    });
    await graphReady(page);
    await graph.screenshot({ path: `${ARTIFACTS}/chain-graph-100k-found.png` });
    expect(errors).toEqual([]);
  },
);
