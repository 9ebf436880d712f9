/**
 * The example picker, the packet form following the YAML, pinned rule explanations and the
 * small truths: in Debian's Chromium. With SHOTS_DIR set, the last test also writes screenshots
 * of the picker, the form and a pinned explanation at phone, tablet and laptop sizes in both
 * languages (outside the repository, to be looked at).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_CLUSTER_YAML } from '../src/engine/scenarios/default-cluster.ts';
import { dumpScenarios, scenarios } from '../src/engine/scenarios/index.ts';
import { openTraced, watchErrors } from './support.ts';

interface PageGlobals {
  navigator: { clipboard: { writeText(text: string): Promise<void> } };
}

test.use({
  viewport: { width: 1280, height: 800 },
  permissions: ['clipboard-read', 'clipboard-write'],
});
test.setTimeout(120_000);

async function focusEditor(page: Page): Promise<void> {
  const editor = page.locator('.editor-pane .monaco-editor');
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click({ position: { x: 80, y: 20 } });
}

/** Replaces the whole editor text with a paste, as a user pasting new manifests would. */
async function replaceEditorText(page: Page, text: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate(
    (t) => (globalThis as unknown as PageGlobals).navigator.clipboard.writeText(t),
    text,
  );
  await page.keyboard.press('ControlOrMeta+V');
}

/** Moves the player with → until the current step mentions `text`. */
async function stepUntil(page: Page, text: string, max = 120): Promise<void> {
  const list = page.getByTestId('trace-steps');
  await list.locator('[data-index]').first().waitFor();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < max; i++) {
    const current = list.locator('[aria-selected="true"]');
    if ((await current.count()) > 0 && (await current.innerText()).includes(text)) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`no step mentioning ${text} within ${max} steps`);
}

test('renaming the Service: the To list and Send follow the new name at once', async ({ page }) => {
  const errors = watchErrors(page);
  await openTraced(page);
  const to = page.getByTestId('packet-destination');
  await expect(to).toHaveValue('svc:default/service-test:80');
  await replaceEditorText(
    page,
    DEFAULT_CLUSTER_YAML.replace('  name: service-test\nspec:', '  name: service-web\nspec:'),
  );
  await expect(to).toHaveValue('svc:default/service-web:80', { timeout: 20_000 });
  const builder = page.getByTestId('packet-builder');
  await expect(builder.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('send')).toBeEnabled();
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-packet')).toContainText(':8080');
  expect(errors).toEqual([]);
});

test('a pod as destination is sent to the port its container listens on', async ({ page }) => {
  await openTraced(page);
  await page
    .getByTestId('packet-destination')
    .selectOption('pod:default/service-test-cd79b78bd-pq8bz');
  await expect(page.getByTestId('packet-dport')).toHaveValue('8080');
});

test('a click pins a rule: hover previews, leaving keeps the pin, Escape lets go', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTraced(page);
  await stepUntil(page, 'DNAT');
  const table = page.getByTestId('rule-table');
  const rows = table.locator('tr[data-rule]');
  await expect(rows).toHaveCount(2);
  const explain = table.getByTestId('rule-explanation');
  await rows.nth(0).click();
  await expect(explain).toHaveAttribute('data-pinned', 'true');
  await expect(explain).toContainText('#1');
  await expect(explain).toBeInViewport();
  // a preview of another rule, then the pointer leaves: the pinned one is back
  await rows.nth(1).hover();
  await expect(explain).toContainText('#2');
  await expect(explain).not.toHaveAttribute('data-pinned');
  await explain.hover();
  await expect(explain).toContainText('#1');
  await expect(explain).toHaveAttribute('data-pinned', 'true');
  // its YAML link stays reachable and works
  await explain.locator('.nv-provenance button').first().click();
  await expect(explain).toContainText('#1');
  // Enter pins the focused rule; Escape lets go
  await rows.nth(1).focus();
  await page.keyboard.press('Enter');
  await page.mouse.move(0, 0);
  await expect(explain).toContainText('#2');
  await expect(explain).toHaveAttribute('data-pinned', 'true');
  await page.keyboard.press('Escape');
  await expect(table.locator('tr[data-pinned]')).toHaveCount(0);
});

test('the example picker opens a scenario over edited work, and Undo brings the work back', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openTraced(page);
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.insertText('# my notes\n');
  const editor = page.locator('.editor-pane');
  await expect(editor).toContainText('# my notes');

  await page.getByTestId('example-picker').click();
  const list = page.getByTestId('example-list');
  await expect(list.locator('li')).toHaveCount(scenarios.length + dumpScenarios.length);
  await list.getByTestId('example-loadbalancer-source-ranges').click();
  await expect(list).toHaveCount(0);
  // the load balancer's address is one of the To list's choices now, not a typed address
  await expect(page.getByTestId('packet-destination')).toHaveValue('ext:192.0.2.80:80', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('packet-source')).toHaveValue('client:office');
  await expect(page.getByTestId('result-packet')).toContainText(':8080', { timeout: 20_000 });
  await expect(editor).toContainText('A LoadBalancer Service open to the office network');

  await page.getByTestId('share-undo').click();
  await expect(editor).toContainText('# my notes');
  await expect(page.getByTestId('packet-destination')).toHaveValue('svc:default/service-test:80', {
    timeout: 20_000,
  });

  // a version of an example, chosen from the keyboard; Escape closes the list
  await page.getByTestId('example-picker').focus();
  await page.keyboard.press('Enter');
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(page.getByTestId('example-picker')).toBeFocused();
  await page.getByTestId('example-picker').click();
  await list.getByTestId('example-scale-4-3-2-2').click();
  await expect(page.getByTestId('probabilities').locator('tbody tr')).toHaveCount(2, {
    timeout: 20_000,
  });
  expect(errors).toEqual([]);
});

test('switching the rules text between formats logs no error', async ({ page }) => {
  const errors = watchErrors(page);
  await openTraced(page);
  await page.getByTestId('rules-as-text').click();
  const text = page.getByTestId('rules-text');
  await expect(text.locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('radio', { name: 'iptables -S' }).check();
  await expect(text).toContainText('-P PREROUTING ACCEPT');
  await page.getByRole('radio', { name: 'iptables -L -n -v' }).check();
  await expect(text).toContainText('Chain PREROUTING (policy ACCEPT');
  await page.getByRole('radio', { name: 'iptables-save' }).check();
  await expect(text).toContainText('*mangle');
  expect(errors).toEqual([]);
});

const SHOTS = process.env['SHOTS_DIR'];
const SIZES = [
  [390, 844],
  [1024, 700],
  [1440, 900],
] as const;

test('screenshots of the picker, the form and a pinned explanation', async ({ page }) => {
  test.skip(!SHOTS, 'SHOTS_DIR not set');
  test.setTimeout(300_000);
  for (const [w, h] of SIZES)
    for (const lang of ['en', 'ko'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await openTraced(page);
      await page
        .getByTestId('lang-switch')
        .getByText(lang === 'ko' ? '한국어' : 'EN')
        .click();
      const name = `${SHOTS}/${w}x${h}-${lang}`;
      await page.getByTestId('example-picker').click();
      await page.screenshot({ path: `${name}-picker.png` });
      await page.getByTestId('example-list').screenshot({ path: `${name}-picker-list.png` });
      await page.getByTestId('example-loadbalancer-source-ranges').click();
      await expect(page.getByTestId('result-packet')).toContainText(':8080', { timeout: 20_000 });
      await page.getByTestId('packet-builder').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${name}-form.png` });
      await page.getByTestId('packet-builder').screenshot({ path: `${name}-form-only.png` });
      await stepUntil(page, 'KUBE-FW');
      await page.getByTestId('rule-table').locator('tr[data-rule]').first().click();
      await page.screenshot({ path: `${name}-pinned.png` });
      await page.getByTestId('rule-table').screenshot({ path: `${name}-pinned-table.png` });
    }
});
