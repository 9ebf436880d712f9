/**
 * Every lesson of lessons/index.yaml played through in Chromium by its solutions, in English:
 * the test reads each step's solution with the engine's reader and does what a learner would
 * (answer the question, click the rule, send the packet, step the player, type the edit, flip
 * the backend, sample), then presses Check and Next. Every verdict on screen is the runner's.
 * In Korean every step is opened and its text, prompt and goal compared with the lesson file's
 * Korean as the runner fills it in, then the lesson is played up to its first question.
 */
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './support.ts';
import { giveAnswer, movesOf, pasteIntoEditor, shippedLessons, stepCount } from './lessons-kit.ts';
import {
  renderText,
  startWorld,
  type LoadedLesson,
  type Text,
} from '../src/engine/lessons/index.ts';

test.setTimeout(300_000);
// each test opens its own page: both workers may share the file, the longest of the suite, so
// that neither is left running it alone at the end
test.describe.configure({ mode: 'parallel' });

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

/** The text as a learner reads it: names filled in for the step's world, backticks as code. */
function shown(loaded: LoadedLesson, text: Text, index: number): string {
  return renderText(loaded, text, startWorld(loaded, index)).ko.replaceAll('`', '');
}

async function openIn(page: Page, lang: 'en' | 'ko', id: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page
    .getByTestId('lang-switch')
    .getByRole('button', { name: lang === 'en' ? 'EN' : '한국어' })
    .click();
  await page.getByTestId('lessons-open').click();
  await page.getByTestId(`lesson-start-${id}`).click();
  await expect(page.getByTestId('lesson-step-text')).toHaveAttribute('lang', lang, {
    timeout: 30_000,
  });
}

// English proves every solution in the browser; Korean proves every step's text renders and
// plays up to the first question (the same runner grades both languages)
for (const loaded of shippedLessons()) {
  test(`lesson ${loaded.lesson.id} plays through in en`, async ({ page }) => {
    const errors = watchErrors(page);
    await openIn(page, 'en', loaded.lesson.id);
    for (let i = 0; i < stepCount(loaded); i++) await playStep(page, loaded, i);
    await expect(page.getByTestId('lesson-finished')).toBeVisible();
    // back in the list, the lesson is done
    await page.getByTestId('lesson-finished').getByRole('button').click();
    await expect(
      page.getByTestId(`lesson-row-${loaded.lesson.id}`).getByTestId('lesson-state'),
    ).toContainText('Done');
    expect(errors).toEqual([]);
  });

  test(`lesson ${loaded.lesson.id} reads in ko, every step, and plays to its first question`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const id = loaded.lesson.id;
    await openIn(page, 'ko', id);
    const steps = [...loaded.lesson.steps, ...(loaded.lesson.recap ?? [])];
    // every step, opened by its link (a visit: the learner's place does not move)
    for (const [i, step] of steps.entries()) {
      await page.evaluate(
        (hash) => {
          (globalThis as unknown as { location: { hash: string } }).location.hash = hash;
        },
        `#lesson=${id}&step=${i + 1}`,
      );
      const card = page.getByTestId('lesson-card');
      await expect(card).toHaveAttribute('data-step', step.id, { timeout: 30_000 });
      const text = page.getByTestId('lesson-step-text');
      await expect(text).toHaveAttribute('lang', 'ko');
      await expect(text).toHaveText(shown(loaded, step.text, i));
      const ask = typeof step.action === 'object' && 'ask' in step.action ? step.action.ask : null;
      if (ask)
        await expect(card.locator('.lesson-prompt')).toHaveText(shown(loaded, ask.prompt, i));
      if (step.goal)
        await expect(card.locator('.lesson-goal')).toContainText(shown(loaded, step.goal, i));
    }
    const first = steps.findIndex((s) => typeof s.action === 'object' && 'ask' in s.action);
    await page.evaluate((hash) => {
      (globalThis as unknown as { location: { hash: string } }).location.hash = hash;
    }, `#lesson=${id}&step=1`);
    for (let i = 0; i <= first; i++) await playStep(page, loaded, i);
    expect(errors).toEqual([]);
  });
}
