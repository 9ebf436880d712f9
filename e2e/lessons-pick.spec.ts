/**
 * A "click the rule" question answered where the rules are: lesson 2's pick step opens with the
 * chain's rules in the rules view; a click on a wrong row is a miss, Enter on the right row
 * passes, and Back returns to the step before. Screenshots at phone, laptop and big-screen sizes into /tmp/shots-lessons2.
 */
import { expect, test } from '@playwright/test';
import { watchErrors } from './support.ts';
import { rulesOf } from './lessons-kit.ts';

const OUT = process.env['LESSON_SHOTS'] ?? '/tmp/shots-lessons2';
const SIZES = [
  { width: 390, height: 844 },
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

test.setTimeout(120_000);

for (const size of SIZES)
  test(`a rule is picked by clicking its row in the rules view at ${size.width}×${size.height}`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(size);
    await page.goto('/#lesson=chains&step=6');
    await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-step', 'pick-return', {
      timeout: 30_000,
    });
    const rules = rulesOf(page, 'filter', 'SSH');
    await expect(rules).toBeVisible({ timeout: 30_000 });
    // the callout sits over the rules view it asks about
    await expect(page.getByTestId('lesson-slot')).toHaveAttribute('data-slot', 'rules');
    await rules.locator('tr[data-rule="2"]').click();
    await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-pass', 'false');
    await expect(page.getByTestId('lesson-pick')).toContainText('filter SSH #2');
    await page.getByTestId('lesson-card').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/pick-miss-${size.width}.png` });
    await rules.locator('tr[data-rule="1"]').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-pass', 'true');
    // answered: a click on another row pins it and no longer answers
    await rules.locator('tr[data-rule="2"]').click();
    await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-pass', 'true');
    await page.screenshot({ path: `${OUT}/pick-pass-${size.width}.png` });
    await page.getByTestId('lesson-back').click();
    await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-step', 'step-to-accept');
    expect(errors).toEqual([]);
  });
