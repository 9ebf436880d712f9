/**
 * The rules panel's partial-sync strip: after an edit to the YAML, the chains kube-proxy's next
 * sync would write again and those it would delete; an edit kube-proxy does not read changes no
 * chain; both languages. Screenshots go to /tmp/shots-parity3 (outside the repository).
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { DEFAULT_CLUSTER_YAML } from '../src/engine/scenarios/default-cluster.ts';
import { openTraced, watchErrors } from './support.ts';

/** The browser globals the page callback uses (this file is type-checked without the DOM). */
interface PageGlobals {
  navigator: { clipboard: { writeText(text: string): Promise<void> } };
}

const SHOTS = '/tmp/shots-parity3';
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
test.setTimeout(120_000);

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
];

/** Replaces the editor's text with a paste, as a user would. */
async function pasteIntoEditor(page: Page, text: string): Promise<void> {
  const editor = page.locator('.editor-pane .monaco-editor');
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click({ position: { x: 80, y: 20 } });
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate(
    (t) => (globalThis as unknown as PageGlobals).navigator.clipboard.writeText(t),
    text,
  );
  await page.keyboard.press('ControlOrMeta+V');
}

test('after an edit, the strip lists the chains a partial sync rewrites and deletes', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTraced(page);
  const strip = page.getByTestId('sync-strip');
  await expect(strip).toContainText('Edit the YAML');

  // one backend pod gets another address: its endpoint chain goes, a new one comes
  const moved = DEFAULT_CLUSTER_YAML.replace('10.42.1.41', '10.42.1.49');
  expect(moved).not.toBe(DEFAULT_CLUSTER_YAML);
  await pasteIntoEditor(page, moved);
  await expect(page.getByTestId('sync-summary')).toContainText('After your last edit: rewrites', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('sync-changed')).toHaveText('default/service-test');
  await expect(page.getByTestId('sync-rewritten').locator('code').first()).toHaveText(/^KUBE-SVC-/);
  await expect(page.getByTestId('sync-deleted').locator('code')).toHaveCount(1);
  await expect(page.getByTestId('sync-deleted').locator('code')).toHaveText(/^KUBE-SEP-/);

  mkdirSync(SHOTS, { recursive: true });
  for (const vp of VIEWPORTS) {
    await page.setViewportSize(vp);
    // in the middle of its pane: at 1024 px the editor pane ends just above the rules' pane
    await strip.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/sync-${vp.width}x${vp.height}.png` });
  }
  await page.getByRole('button', { name: '한국어' }).click();
  await expect(page.getByTestId('sync-summary')).toContainText('마지막 수정 뒤');
  await page.setViewportSize({ width: 1440, height: 900 });
  await strip.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${SHOTS}/sync-ko-1440x900.png` });
  await page.getByRole('button', { name: 'EN', exact: true }).click();

  // a comment is not something kube-proxy reads
  await pasteIntoEditor(page, `# a note for the study group\n${moved}`);
  await expect(page.getByTestId('sync-summary')).toContainText('changed nothing kube-proxy reads', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('sync-rewritten')).toHaveCount(0);
  expect(errors).toEqual([]);
});
