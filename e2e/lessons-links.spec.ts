/**
 * Lesson links and progress in the browser: a link opens a lesson at a step without touching the
 * learner's own work or place; a bad link says why and offers the list; progress survives a
 * reload, a changed lesson restarts with a notice, and a damaged progress file is refused.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './support.ts';

test.setTimeout(120_000);

const KEY = 'netfilter-lab:lesson:clusterip';

/** The page's storage, named by its shape: e2e files are type-checked without the DOM lib. */
interface PageStorage {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
}

async function openApp(page: Page, hash = ''): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.getByTestId('lessons-open')).toBeVisible({ timeout: 30_000 });
}

async function position(page: Page): Promise<string> {
  return (await page.getByTestId('lesson-position').textContent()) ?? '';
}

async function stored(page: Page): Promise<{ step: number; done: boolean } | null> {
  const text = await page.evaluate(
    (k) => (globalThis as unknown as { localStorage: PageStorage }).localStorage.getItem(k),
    KEY,
  );
  return text === null ? null : (JSON.parse(text) as { step: number; done: boolean });
}

test('a link opens the step, and leaving the lesson gives the learner their own work back', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openApp(page);
  const editor = page.locator('.editor-pane .monaco-editor').first();
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.insertText('# my own notes\n');
  await page.evaluate(() => {
    (globalThis as unknown as { location: { hash: string } }).location.hash =
      '#lesson=clusterip&step=3';
  });
  await expect(page.getByTestId('lesson-position')).toContainText('Step 3 of', { timeout: 30_000 });
  await expect(page.locator('.editor-pane')).not.toContainText('# my own notes');
  // a visited shared step does not become the learner's place
  expect((await stored(page))?.step ?? 0).toBe(0);
  await page.getByTestId('lesson-exit').click();
  await expect(page.locator('.editor-pane')).toContainText('# my own notes');
  expect(errors).toEqual([]);
});

for (const [hash, says] of [
  ['#lesson=no-such-lesson&step=1', 'There is no lesson "no-such-lesson"'],
  ['#lesson=clusterip&step=99', 'the link asks for step 99'],
  ['#lesson=clusterip@99&step=1', 'The link is for version 99 of "clusterip"'],
  ['#lesson=clusterip&step=1&v=7', 'newer version of the app (link format 7)'],
  ['#lesson=clusterip&step=one', 'This lesson link is damaged'],
] as const)
  test(`a link that cannot be opened says why: ${hash}`, async ({ page }) => {
    const errors = watchErrors(page);
    await openApp(page, hash);
    await expect(page.getByTestId('lesson-link-error-text')).toContainText(says, {
      timeout: 30_000,
    });
    await page.getByTestId('lesson-link-offer-index').click();
    await expect(page.getByTestId('lesson-row-clusterip')).toBeVisible({ timeout: 30_000 });
    expect(errors).toEqual([]);
  });

test('progress survives a reload, and a link to another step asks first', async ({ page }) => {
  const errors = watchErrors(page);
  await openApp(page);
  await page.getByTestId('lessons-open').click();
  await page.getByTestId('lesson-start-clusterip').click();
  await page.getByTestId('lesson-option-fwd').click();
  await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-pass', 'true');
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-step', 'prerouting');
  await page.reload();
  // the lesson the learner was in comes back, at their step
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-step', 'prerouting', {
    timeout: 30_000,
  });
  expect(await position(page)).toContain('Step 2 of');

  await page.evaluate(() => {
    (globalThis as unknown as { location: { hash: string } }).location.hash =
      '#lesson=clusterip&step=4';
  });
  await expect(page.getByTestId('lesson-link-ask')).toContainText('You are at step 2');
  await page.getByTestId('lesson-link-continue-mine').click();
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-step', 'prerouting');

  await page.evaluate(() => {
    (globalThis as unknown as { location: { hash: string } }).location.hash =
      '#lesson=clusterip&step=4';
  });
  await page.getByTestId('lesson-link-open-shared').click();
  await expect(page.getByTestId('lesson-position')).toContainText('Step 4 of');
  expect((await stored(page))?.step).toBe(1);
  expect(errors).toEqual([]);
});

test('a changed lesson restarts at step 1 with a notice, and done stays done', async ({ page }) => {
  const errors = watchErrors(page);
  await openApp(page);
  await page.evaluate((k) => {
    const old = { version: 99, step: 5, done: true, steps: {}, updatedAt: '2026-11-01T00:00:00Z' };
    (globalThis as unknown as { localStorage: PageStorage }).localStorage.setItem(
      k,
      JSON.stringify(old),
    );
  }, KEY);
  await page.reload();
  await page.getByTestId('lessons-open').click();
  await expect(page.getByTestId('lesson-row-clusterip')).toContainText('Done', { timeout: 30_000 });
  await page.getByTestId('lesson-start-clusterip').click();
  await expect(page.getByTestId('lesson-restarted')).toBeVisible({ timeout: 30_000 });
  expect(await position(page)).toContain('Step 1 of');
  expect((await stored(page))?.done).toBe(true);
  expect(errors).toEqual([]);
});

test('progress exports as a file; a damaged file is refused and the progress kept', async ({
  page,
}, info) => {
  const errors = watchErrors(page);
  await openApp(page);
  await page.getByTestId('lessons-open').click();
  await page.getByTestId('lesson-start-clusterip').click();
  await page.getByTestId('lesson-option-fwd').click();
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-step', 'prerouting');
  await page.getByTestId('lesson-to-index').click();

  const saving = page.waitForEvent('download');
  await page.getByTestId('lesson-export').click();
  const file = info.outputPath('progress.json');
  await (await saving).saveAs(file);
  const exported = JSON.parse(readFileSync(file, 'utf8')) as {
    lessons: Record<string, { step: number }>;
  };
  expect(exported.lessons['clusterip']?.step).toBe(1);

  const before = await stored(page);
  await page.getByTestId('lesson-import-file').setInputFiles({
    name: 'progress.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...exported, lessons: { clusterip: { step: -4 } } })),
  });
  await expect(page.getByTestId('lesson-files-said')).toContainText('damaged at lessons.clusterip');
  await expect(page.getByTestId('lesson-files-said')).toContainText('unchanged');
  expect(await stored(page)).toEqual(before);

  await page.getByTestId('lesson-import-file').setInputFiles(file);
  await expect(page.getByTestId('lesson-files-said')).toContainText(
    'Progress for 1 lesson imported',
  );
  expect(errors).toEqual([]);
});

test("the learner's edit on an edit step survives a reload and their link; reset step drops it", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openApp(page);
  // the learner is at clusterip's step 5 (target-port, an edit of the Service)
  await page.evaluate((k) => {
    const at = { version: 1, step: 4, done: false, steps: {}, updatedAt: '2026-11-01T00:00:00Z' };
    (globalThis as unknown as { localStorage: PageStorage }).localStorage.setItem(
      k,
      JSON.stringify(at),
    );
  }, KEY);
  await page.reload();
  await page.getByTestId('lessons-open').click();
  await page.getByTestId('lesson-start-clusterip').click();
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-step', 'target-port', {
    timeout: 30_000,
  });
  const editor = page.locator('.editor-pane .monaco-editor').first();
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.insertText('# my edit\n');
  await expect
    .poll(async () => JSON.stringify(await stored(page)), { timeout: 10_000 })
    .toContain('# my edit');

  await page.reload();
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-step', 'target-port', {
    timeout: 30_000,
  });
  await expect(page.locator('.editor-pane')).toContainText('# my edit', { timeout: 30_000 });

  // the learner's own step link opens their step with their edit
  await page.evaluate(() => {
    (globalThis as unknown as { location: { hash: string } }).location.hash =
      '#lesson=clusterip&step=5';
  });
  await expect(page.getByTestId('lesson-link-ask')).toHaveCount(0);
  await expect(page.locator('.editor-pane')).toContainText('# my edit');

  await page.getByTestId('lesson-reset-step').click();
  await expect(page.locator('.editor-pane')).not.toContainText('# my edit', { timeout: 30_000 });
  await expect.poll(async () => JSON.stringify(await stored(page))).not.toContain('# my edit');
  expect(errors).toEqual([]);
});

test('a finished lesson offers review: its recap questions again', async ({ page }) => {
  const errors = watchErrors(page);
  await openApp(page);
  await page.getByTestId('lessons-open').click();
  // a lesson not done offers no review
  await expect(page.getByTestId('lesson-row-clusterip')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('lesson-review-clusterip')).toHaveCount(0);
  await page.evaluate((k) => {
    const done = { version: 1, step: 0, done: true, steps: {}, updatedAt: '2026-11-01T00:00:00Z' };
    (globalThis as unknown as { localStorage: PageStorage }).localStorage.setItem(
      k,
      JSON.stringify(done),
    );
  }, KEY);
  await page.reload();
  await page.getByTestId('lessons-open').click();
  await expect(page.getByTestId('lesson-review-clusterip')).toContainText('3 recap questions', {
    timeout: 30_000,
  });
  await page.getByTestId('lesson-row-clusterip').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots-lessons2/review-index.png' });
  await page.getByTestId('lesson-review-clusterip').click();
  await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-step', 'recap-8443', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('lesson-card')).toContainText('Recap');
  // "show me" asks first, then applies the answer: shown, not solved
  await page.getByTestId('lesson-show-me').click();
  await page.getByTestId('lesson-show-yes').click();
  await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-pass', 'true', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('lesson-verdict')).toContainText('Shown');
  expect(errors).toEqual([]);
});
