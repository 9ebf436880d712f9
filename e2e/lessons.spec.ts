/**
 * Every lesson of lessons/index.yaml played through in Chromium, in English and in Korean, by
 * its solutions: the test reads each step's solution with the engine's reader and does what a
 * learner would (answer the question, send the packet, step the player, type the edit, flip the
 * backend, sample), then presses Check and Next. Every verdict on screen is the runner's.
 */
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './support.ts';
import { giveAnswer, movesOf, pasteIntoEditor, shippedLessons, stepCount } from './lessons-kit.ts';
import type { LoadedLesson } from '../src/engine/lessons/index.ts';

test.setTimeout(300_000);

async function playStep(page: Page, loaded: LoadedLesson, index: number): Promise<void> {
  const step = [...loaded.lesson.steps, ...(loaded.lesson.recap ?? [])][index]!;
  const card = page.getByTestId('lesson-card');
  await expect(card).toHaveAttribute('data-step', step.id, { timeout: 30_000 });
  const moves = movesOf(loaded, index);
  if (moves.text) await pasteIntoEditor(page, moves.text.value);
  if (moves.backend) await page.getByTestId(`lesson-backend-${moves.backend}`).click();
  for (const _ of moves.send) await page.getByTestId('lesson-send').click();
  if (moves.sample) await page.getByTestId('lesson-sample').click();
  if (moves.cursor !== null) {
    await expect(page.getByTestId('trace-player')).toBeVisible({ timeout: 30_000 });
    for (let i = 0; i <= moves.cursor; i++) await page.getByTestId('player-forward').click();
  }
  if (moves.answer) await giveAnswer(page, moves.answer);
  else if (step.action !== 'read') await page.getByTestId('lesson-check').click();
  if (step.action !== 'read')
    await expect(
      page.getByTestId('lesson-verdict'),
      `${loaded.lesson.id} ${step.id}`,
    ).toHaveAttribute('data-pass', 'true', { timeout: 30_000 });
  await page.getByTestId('lesson-next').click();
}

for (const loaded of shippedLessons())
  for (const lang of ['en', 'ko'] as const)
    test(`lesson ${loaded.lesson.id} plays through in ${lang}`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/');
      await page
        .getByTestId('lang-switch')
        .getByRole('button', { name: lang === 'en' ? 'EN' : '한국어' })
        .click();
      await page.getByTestId('lessons-open').click();
      await page.getByTestId(`lesson-start-${loaded.lesson.id}`).click();
      await expect(page.getByTestId('lesson-step-text')).toHaveAttribute('lang', lang, {
        timeout: 30_000,
      });
      for (let i = 0; i < stepCount(loaded); i++) await playStep(page, loaded, i);
      await expect(page.getByTestId('lesson-finished')).toBeVisible();
      // back in the list, the lesson is done
      await page.getByTestId('lesson-finished').getByRole('button').click();
      await expect(
        page.getByTestId(`lesson-row-${loaded.lesson.id}`).getByTestId('lesson-state'),
      ).toContainText(lang === 'en' ? 'Done' : '완료');
      expect(errors).toEqual([]);
    });
