/**
 * The rules panel's version comparison: the default cluster as kube-proxy v1.28+ and v1.23
 * write it, side by side; picking another release; the release badge; both languages.
 * Screenshots go to /tmp/shots-parity2 (outside the repository).
 */
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { openTraced, watchErrors } from './support.ts';

const SHOTS = '/tmp/shots-parity2';
test.setTimeout(120_000);

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
];

test('compares the rules of two kube-proxy releases side by side', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTraced(page);
  await expect(page.getByTestId('version-badge')).toHaveText('kube-proxy v1.28+');
  await page.getByTestId('compare-versions').click();
  await expect(page.getByTestId('compare-versions')).toHaveAttribute('aria-pressed', 'true');
  const compare = page.getByTestId('version-compare');
  await expect(page.getByTestId('version-summary')).toContainText('only in v1.23', {
    timeout: 30_000,
  });
  // the current layout names endpoints "ns/svc:port -> ip:port"; v1.23 has only KUBE-MARK-DROP
  await expect(compare.locator('.version-left').filter({ hasText: ' -> ' }).first()).toBeVisible();
  await expect(
    compare.locator('.version-right').filter({ hasText: 'KUBE-MARK-DROP' }).first(),
  ).toBeVisible();
  await expect(compare.locator('.version-left').filter({ hasText: 'KUBE-MARK-DROP' })).toHaveCount(
    0,
  );

  // another release on the right: v1.19 writes what v1.23 writes here
  await compare.getByLabel('Right').selectOption('1.19');
  await expect(compare.locator('thead th').nth(1)).toHaveText('v1.19');
  await expect(page.getByTestId('version-summary')).toContainText('only in v1.19');

  // the same release on both sides
  await compare.getByLabel('Left').selectOption('1.19');
  await expect(page.getByTestId('version-summary')).toHaveText(
    'Both releases write exactly the same rules for this node.',
  );
  await compare.getByLabel('Left').selectOption('current');

  // back to the rule table
  await page.getByRole('button', { name: 'Rule table' }).click();
  await expect(compare).toHaveCount(0);
  await page.getByTestId('compare-versions').click();
  await expect(page.getByTestId('version-compare')).toBeVisible();

  mkdirSync(SHOTS, { recursive: true });
  for (const vp of VIEWPORTS) {
    await page.setViewportSize(vp);
    await page.getByTestId('version-compare').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/versions-${vp.width}x${vp.height}.png` });
    await page.getByTestId('version-badge').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/versions-head-${vp.width}x${vp.height}.png` });
  }
  await page.getByRole('button', { name: '한국어' }).click();
  await expect(page.getByTestId('compare-versions')).toHaveText('버전 비교');
  await expect(page.getByTestId('version-summary')).toContainText('에만 있는 줄');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/versions-ko-1440x900.png` });
  expect(errors).toEqual([]);
});
