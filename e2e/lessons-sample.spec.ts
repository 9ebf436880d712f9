/**
 * A sampling step in a lesson: the probabilities view shows the exact shares beside the sampled
 * bars, both from the lesson runner; the check reads the same sample (too few connections is a
 * miss) and its verdict names the counts the bars show. Screenshots into /tmp/shots-lessons2.
 */
import { expect, test } from '@playwright/test';
import { watchErrors } from './support.ts';

const OUT = process.env['LESSON_SHOTS'] ?? '/tmp/shots-lessons2';
const SIZES = [
  { width: 390, height: 844 },
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

test.setTimeout(120_000);

for (const size of SIZES)
  test(`a lesson's sample shows its histogram beside the exact shares at ${size.width}×${size.height}`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(size);
    await page.goto('/#lesson=load-balancing&step=5');
    await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-step', 'sample', {
      timeout: 30_000,
    });
    const view = page.getByTestId('lesson-sample-view');
    await expect(view).toHaveAttribute('data-runs', '0', { timeout: 30_000 });
    await expect(view.locator('tr[data-outcome]')).toHaveCount(3);
    await expect(view.locator('tr[data-outcome]').first()).toContainText('33.3');

    // the view's own button samples 100: fewer than the step asks for
    await view.getByTestId('sample-100').click();
    await expect(view).toHaveAttribute('data-runs', '100', { timeout: 30_000 });
    await page.getByTestId('lesson-check').click();
    await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-pass', 'false');

    await page.getByTestId('lesson-sample').click();
    await expect(view).toHaveAttribute('data-runs', '1000', { timeout: 30_000 });
    await page.getByTestId('lesson-check').click();
    const verdict = page.getByTestId('lesson-verdict');
    await expect(verdict).toHaveAttribute('data-pass', 'true', { timeout: 30_000 });
    // the verdict's counts are the histogram's
    for (const row of await view.locator('tr[data-outcome]').all()) {
      const count = (await row.locator('.nv-count').textContent())?.match(/\d+/)?.[0] ?? 'none';
      await expect(verdict).toContainText(` ${count}`);
    }
    await page.getByTestId('lesson-card').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/sample-${size.width}.png` });
    expect(errors).toEqual([]);
  });
