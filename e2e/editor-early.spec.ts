/**
 * Until Monaco has loaded (after the first trace, in idle time) the YAML is a plain text area.
 * What a learner types there is the scenario's text: Monaco, when it arrives, shows it, and the
 * trace follows it. Monaco's first chunk is held back here until the typing is done.
 */
import { expect, test } from '@playwright/test';
import { openTraced, watchErrors } from './support.ts';

test.setTimeout(90_000);

test('typing into the light editor before Monaco arrives is kept', async ({ page }) => {
  const errors = watchErrors(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/monaco-base-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openTraced(page);
  const plain = page.getByTestId('plain-editor').locator('textarea');
  await expect(plain).toBeVisible();
  await plain.focus();
  // at the top, where Monaco draws it when it arrives (it draws only the lines in view)
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('# typed before the editor came\n');
  await expect(plain).toHaveValue(/# typed before the editor came/);
  release();
  const monaco = page.locator('.editor-pane .monaco-editor');
  await expect(monaco).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('plain-editor')).toHaveCount(0);
  await expect(monaco.locator('.view-lines')).toContainText('# typed before the editor came', {
    timeout: 30_000,
  });
  expect(errors).toEqual([]);
});

test('Monaco takes over where the learner was typing: the focus, the cursor, the next key', async ({
  page,
}) => {
  const errors = watchErrors(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/monaco-base-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openTraced(page);
  const plain = page.getByTestId('plain-editor').locator('textarea');
  await plain.focus();
  // at the end of the first line, as a learner adds a comment to it
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await page.keyboard.type(' # before');
  release();
  const monaco = page.locator('.editor-pane .monaco-editor');
  await expect(monaco).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('plain-editor')).toHaveCount(0);
  // no click: the keys go on where the last ones went
  await page.keyboard.type(' and after');
  await expect(monaco.locator('.view-lines')).toContainText('# before and after', {
    timeout: 10_000,
  });
  expect(errors).toEqual([]);
});
