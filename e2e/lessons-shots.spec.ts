/**
 * Screenshots of the lesson mode at phone, laptop and big-screen sizes, into /tmp/shots-lessons
 * (never the repository), for a person to look at; and, at each size, no control covered.
 */
import { expect, test } from '@playwright/test';
import { watchErrors } from './support.ts';

const OUT = process.env['LESSON_SHOTS'] ?? '/tmp/shots-lessons';
const SIZES = [
  { width: 390, height: 844 },
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

test.setTimeout(120_000);

for (const size of SIZES)
  test(`the lesson list and a lesson step at ${size.width}×${size.height}`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(size);
    await page.goto('/');
    await page.getByTestId('lessons-open').click();
    await expect(page.getByTestId('lesson-index')).toBeVisible();
    await expect(page.locator('[data-testid^="lesson-row-"]').first()).toBeVisible({
      timeout: 30_000,
    });
    await page.screenshot({ path: `${OUT}/index-${size.width}.png`, fullPage: size.width < 1000 });
    await page.getByTestId('lesson-start-clusterip').click();
    await expect(page.getByTestId('lesson-card')).toBeVisible({ timeout: 30_000 });
    // a wrong answer first: its why and the verdict are part of the picture
    await page.getByTestId('lesson-option-in').click();
    await expect(page.getByTestId('lesson-why')).toBeVisible();
    await page.getByTestId('lesson-card').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/step-${size.width}.png` });
    await page.getByTestId('lesson-option-fwd').click();
    await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-pass', 'true');
    await page.getByTestId('lesson-next').click();
    await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-step', 'prerouting');
    await expect(page.getByTestId('trace-player')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('lesson-card').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/veil-${size.width}.png` });
    expect(errors).toEqual([]);
  });
