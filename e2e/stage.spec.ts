/**
 * The stage: the netfilter diagram a learner watches while the player steps. Its words are
 * 12 px or more on screen at every size, the packet marker goes to the hook and table of the
 * step (gliding, or jumping under reduced motion), the line beside it names what decided the
 * step, and the player jumps to the first and the last step.
 */
import { expect, test, type Page } from '@playwright/test';
import { openTraced, watchErrors } from './support.ts';

/** The few DOM shapes the page callbacks use; e2e files are type-checked without the DOM lib. */
interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}
interface SvgText {
  textContent: string | null;
  getBoundingClientRect(): Rect;
}
interface Svg {
  viewBox: { baseVal: { width: number } };
  getBoundingClientRect(): Rect;
  querySelectorAll(selector: string): Iterable<SvgText>;
}
interface Marker {
  getAttribute(name: string): string | null;
  getBoundingClientRect(): Rect;
}
interface PageGlobals {
  getComputedStyle(el: unknown): { fontSize: string };
  setTimeout(cb: () => void, ms: number): number;
  MutationObserver: new (cb: () => void) => {
    observe(el: unknown, opts: { attributes: boolean; attributeFilter: string[] }): void;
    disconnect(): void;
  };
  document: { querySelector(selector: string): (Marker & { click(): void }) | null };
}

test.setTimeout(90_000);

/** The smallest word in the picture, in screen px: its font size times the SVG's scale. */
async function smallestText(page: Page): Promise<{ px: number; word: string }> {
  return page.locator('svg.nf-svg').evaluate((node) => {
    const g = globalThis as unknown as PageGlobals;
    const svg = node as unknown as Svg;
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    let smallest = { px: Infinity, word: '' };
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent) continue;
      const px = parseFloat(g.getComputedStyle(t).fontSize) * scale;
      if (px < smallest.px) smallest = { px, word: t.textContent };
    }
    return smallest;
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
]) {
  test(`the diagram's words are 12 px or more at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openTraced(page);
    const diagram = page.getByTestId('netfilter-diagram');
    await expect(diagram.locator('svg text').first()).toBeAttached();
    const smallest = await smallestText(page);
    console.log(
      `${viewport.width}×${viewport.height}: smallest word "${smallest.word}" ${smallest.px.toFixed(1)} px`,
    );
    expect(smallest.px, `"${smallest.word}"`).toBeGreaterThanOrEqual(12);
    // the picture fits the window's width: no word is cut off at the side
    const box = await diagram.locator('svg.nf-svg').boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    const decided = await page
      .getByTestId('diagram-decided')
      .evaluate((el) =>
        parseFloat((globalThis as unknown as PageGlobals).getComputedStyle(el).fontSize),
      );
    expect(decided).toBeGreaterThanOrEqual(12);
  });
}

test('a 1280×800 laptop gives the diagram its wide shape, the player below it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTraced(page);
  const diagram = page.getByTestId('netfilter-diagram');
  await expect(diagram).toHaveAttribute('data-shape', 'wide');
  const svg = await diagram.locator('svg.nf-svg').boundingBox();
  const player = await page.getByTestId('trace-player').boundingBox();
  expect(svg && player).toBeTruthy();
  // below, not squeezed in beside it
  expect(player!.y).toBeGreaterThanOrEqual(svg!.y + svg!.height);
});

/** The marker's place, and whether its centre lies in the box drawn for that place. */
async function markerPlace(page: Page): Promise<{ at: string | null; inside: boolean }> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as PageGlobals).document;
    const marker = doc.querySelector('[data-testid=diagram-marker]');
    const at = marker?.getAttribute('data-at') ?? null;
    const box = at
      ? doc.querySelector(`[data-place="${at}"] > rect, [data-place="${at}"] > path`)
      : null;
    if (!marker || !box) return { at, inside: false };
    const m = marker.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    const x = m.left + m.width / 2;
    const y = m.top + m.height / 2;
    return { at, inside: x >= b.left && x <= b.right && y >= b.top && y <= b.bottom };
  });
}

/** Waits until the marker stands inside the box of `place`. */
async function expectMarkerAt(page: Page, place: string): Promise<void> {
  await expect.poll(() => markerPlace(page)).toEqual({ at: place, inside: true });
}

async function goToStep(page: Page, n: number): Promise<void> {
  // by button: Home is the editor's own key whenever focus has landed in it
  const first = page.getByTestId('player-first');
  if (await first.isEnabled()) await first.click(); // disabled when already on step 1
  await expect(page.getByTestId('player-position')).toHaveText('step 1 of 50');
  for (let i = 1; i < n; i++) await page.getByTestId('player-forward').click();
  await expect(page.getByTestId('player-position')).toHaveText(`step ${n} of 50`);
}

test('stepping moves the marker to the step’s hook and table and names what decided it', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTraced(page);
  const decided = page.getByTestId('diagram-decided');
  await expect(decided).toContainText('not entered');
  await goToStep(page, 1);
  await expectMarkerAt(page, 'hook:PREROUTING');
  await expect(decided).toContainText('PREROUTING: enters');
  await goToStep(page, 3);
  await expectMarkerAt(page, 'PREROUTING/mangle');
  await page.getByTestId('player-forward').click();
  await page.getByTestId('player-forward').click();
  await expectMarkerAt(page, 'PREROUTING/nat');
  await expect(decided).toContainText('nat PREROUTING');
  await page.getByTestId('player-forward').click();
  // a rule's step names the table, hook, chain and rule
  await expect(decided).toContainText(
    'nat PREROUTING → PREROUTING rule 1: matched → KUBE-SERVICES',
  );
  await page.getByRole('button', { name: 'Step back' }).click();
  await page.getByRole('button', { name: 'Step back' }).click();
  await page.getByRole('button', { name: 'Step back' }).click();
  await expectMarkerAt(page, 'PREROUTING/mangle');
  // the DNAT step says where the packet now goes
  await page.keyboard.press('End');
  for (let i = 0; i < 50; i++) {
    if ((await decided.textContent())?.includes('DNAT to')) break;
    await page.getByRole('button', { name: 'Step back' }).click();
  }
  await expect(decided).toContainText(/nat PREROUTING → KUBE-SEP-\w+ rule \d+: DNAT to 10\.42\./);
  await expectMarkerAt(page, 'PREROUTING/nat');
  await expect(page.getByTestId('diagram-nat')).toContainText('DNAT · PREROUTING nat');
  expect(errors).toEqual([]);
});

/** Every value the marker's y is given during the second after one step forward. */
async function markerPathOnStep(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const g = globalThis as unknown as PageGlobals;
        const marker = g.document.querySelector('[data-testid=diagram-marker]');
        const forward = g.document.querySelector('[data-testid=player-forward]');
        const seen = [marker?.getAttribute('cy') ?? ''];
        // every write d3 makes, whichever frame it lands in
        const watch = new g.MutationObserver(() => seen.push(marker?.getAttribute('cy') ?? ''));
        if (marker) watch.observe(marker, { attributes: true, attributeFilter: ['cy'] });
        forward?.click();
        g.setTimeout(() => {
          watch.disconnect();
          resolve(seen.filter((y, i) => y !== seen[i - 1]));
        }, 1000);
      }),
  );
}

test('a key pressed as soon as the player’s buttons show moves the packet, and stays', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // End, typed in the microtask after the commit that first paints the buttons (before the step
  // list, which comes a frame later)
  await page.addInitScript(() => {
    const g = globalThis as unknown as PageGlobals & {
      document: { body: { dispatchEvent(e: unknown): void } };
      KeyboardEvent: new (type: string, init: { key: string; bubbles: boolean }) => unknown;
    };
    const watch = new g.MutationObserver(() => {
      const at = g.document.querySelector('[data-testid=player-position]');
      if (!at) return;
      watch.disconnect();
      g.document.body.dispatchEvent(new g.KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    });
    (watch as unknown as { observe(el: unknown, o: object): void }).observe(g.document, {
      childList: true,
      subtree: true,
    });
  });
  await openTraced(page);
  const at = page.getByTestId('player-position');
  await expect(at).toHaveText('step 50 of 50');
  // the step list mounting later does not put the player back at the start
  await expect(page.getByTestId('trace-player')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(at).toHaveText('step 50 of 50');
});

test('the marker glides between places, and jumps under reduced motion', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTraced(page);
  await goToStep(page, 4);
  const glide = await markerPathOnStep(page);
  // from the mangle row to the nat row, through at least one place in between
  const [from, to] = [Number(glide[0]), Number(glide[glide.length - 1])];
  expect(to).toBeGreaterThan(from);
  expect(glide.map(Number).some((y) => y > from && y < to)).toBe(true);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await goToStep(page, 4);
  const jump = await markerPathOnStep(page);
  // at most the old place and the new one: no frame in between
  expect(jump.length).toBeLessThanOrEqual(2);
  expect(jump[jump.length - 1]).toBe(glide[glide.length - 1]);
});

test('the player jumps to the first and the last step, by button and by Home and End', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTraced(page);
  const at = page.getByTestId('player-position');
  const first = page.getByTestId('player-first');
  const last = page.getByTestId('player-last');
  await expect(first).toBeEnabled();
  await last.click();
  await expect(page.getByTestId('player-position')).toHaveText('step 50 of 50');
  await expect(last).toBeDisabled();
  await expectMarkerAt(page, 'out');
  await first.click();
  await expect(page.getByTestId('player-position')).toHaveText('step 1 of 50');
  await expect(first).toBeDisabled();
  await expectMarkerAt(page, 'hook:PREROUTING');
  // the keys work from the page, not from inside the editor
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('End');
  await expect(at).toHaveText('step 50 of 50');
  await page.keyboard.press('Home');
  await expect(at).toHaveText('step 1 of 50');
});
