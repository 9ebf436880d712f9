/**
 * A mistake in the cluster YAML is said where the learner looks, at every size: a chip in the
 * editor's title row (the banner and the problem list below the editor can be scrolled out of the
 * pane on a laptop), which leads to the problem; and the editor does not move as the YAML breaks
 * and mends while it is typed.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_CLUSTER_YAML } from '../src/engine/scenarios/default-cluster.ts';
import { pasteIntoEditor } from './lessons-kit.ts';
import { openTraced, watchErrors } from './support.ts';

const BROKEN = DEFAULT_CLUSTER_YAML.replace(/port: 80\b/, 'port: 80000');

/** Whether the element's centre is inside the viewport and the element itself is on top there. */
async function seen(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const b = el.getBoundingClientRect();
    const x = b.left + b.width / 2;
    const y = b.top + b.height / 2;
    const doc = el.ownerDocument;
    const view = doc.defaultView!;
    if (x < 0 || y < 0 || x > view.innerWidth || y > view.innerHeight) return false;
    const top = doc.elementFromPoint(x, y);
    return top !== null && (top === el || el.contains(top));
  });
}

const editorTop = (page: Page) =>
  page
    .locator('.editor-pane .monaco-editor')
    .first()
    .evaluate((el) => Math.round(el.getBoundingClientRect().top));

test('a YAML mistake shows a chip beside the editor’s title that leads to the problem', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  expect(BROKEN).not.toBe(DEFAULT_CLUSTER_YAML);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTraced(page);
  await pasteIntoEditor(page, BROKEN);
  const chip = page.getByTestId('yaml-broken-chip');
  await expect(chip).toHaveText('⚠ YAML error', { timeout: 30_000 });
  for (const [w, h] of [
    [1920, 1080],
    [1440, 900],
    [1024, 700],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    // the pane scrolled to its top, as after a paste: the chip is there without any scrolling
    await page.locator('html').evaluate((el) => el.ownerDocument.defaultView?.scrollTo(0, 0));
    await page
      .locator('.editor-pane')
      .evaluate((el) => el.scrollTo({ top: 0, behavior: 'instant' }));
    expect(await seen(page, 'yaml-broken-chip'), `chip at ${w}`).toBe(true);
    await chip.click();
    await expect.poll(() => seen(page, 'yaml-broken'), { message: `banner at ${w}` }).toBe(true);
    await expect.poll(() => seen(page, 'problems'), { message: `problems at ${w}` }).toBe(true);
    await expect(page.getByTestId('problems')).toContainText('80000');
  }
  // mending it takes the chip away without moving the editor
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.locator('.editor-pane').evaluate((el) => el.scrollTo({ top: 0, behavior: 'instant' }));
  const broken = await editorTop(page);
  await pasteIntoEditor(page, DEFAULT_CLUSTER_YAML);
  await expect(chip).toHaveCount(0, { timeout: 30_000 });
  await page.locator('.editor-pane').evaluate((el) => el.scrollTo({ top: 0, behavior: 'instant' }));
  expect(await editorTop(page)).toBe(broken);
  expect(errors).toEqual([]);
});
