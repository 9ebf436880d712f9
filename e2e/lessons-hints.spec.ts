/**
 * Hints come after two misses, not before: lesson 4's first question is missed once (no nudge,
 * no hint shown), missed again (the card offers a hint), the hint opens with the lesson file's
 * own text, and the right answer still passes after it.
 */
import { expect, test } from '@playwright/test';
import { watchErrors } from './support.ts';
import { shippedLessons } from './lessons-kit.ts';

test.setTimeout(120_000);

test('a hint is offered after the second miss and shows the lesson’s first hint', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const lesson = shippedLessons().find((l) => l.lesson.id === 'clusterip');
  const step = lesson?.lesson.steps[0];
  const first = step?.hints?.[0]?.en;
  expect(first, 'lesson clusterip step 1 has a hint').toBeTruthy();

  await page.goto('/#lesson=clusterip&step=1');
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-step', 'hooks', {
    timeout: 30_000,
  });
  await page.getByTestId('lesson-option-in').click();
  await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-pass', 'false');
  await expect(page.getByTestId('lesson-need-hint')).toHaveCount(0);
  await expect(page.getByTestId('lesson-hint')).toHaveCount(0);

  await page.getByTestId('lesson-option-out').click();
  await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-pass', 'false');
  await expect(page.getByTestId('lesson-need-hint')).toBeVisible();

  await page.getByTestId('lesson-hint-button').click();
  await expect(page.getByTestId('lesson-hint')).toHaveCount(1);
  // the card renders backticked names as code: compare the words
  await expect(page.getByTestId('lesson-hint')).toContainText(first!.replace(/`/g, ''));
  // one hint in this step: the button has nothing more to give
  await expect(page.getByTestId('lesson-hint-button')).toBeDisabled();

  await page.getByTestId('lesson-option-fwd').click();
  await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-pass', 'true');
  expect(errors).toEqual([]);
});
