/**
 * The dump workspace's Sets tab: a kube-router-style dump whose policy rules use -m set, first
 * without the node's ipset text (the sets are listed once as missing, the trace depends on
 * them), then with the `ipset save` text opened beside it (the sets are tested). Screenshots go
 * to SHOTS_DIR (default /tmp/shots-ipsets) at three sizes in both languages.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './support.ts';

const SHOTS = process.env['SHOTS_DIR'] ?? '/tmp/shots-ipsets';
const RULES = readFileSync('tests/fixtures/cli/policy-sets.rules', 'utf8');
const SETS = readFileSync('tests/fixtures/cli/policy-sets.ipset', 'utf8');

async function openDumpWithRules(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('result-packet')).toContainText(':8080', { timeout: 30_000 });
  await page.getByTestId('mode-switch').locator('button').nth(1).click();
  await expect(page.getByTestId('dump-workspace')).toBeVisible();
  await page.getByTestId('dump-file').setInputFiles({
    name: 'node.rules',
    mimeType: 'text/plain',
    buffer: Buffer.from(RULES, 'utf8'),
  });
  await expect(page.getByTestId('dump-format')).toBeVisible({ timeout: 20_000 });
}

async function send(page: Page): Promise<void> {
  await page.getByTestId('packet-source-address').fill('192.168.1.100');
  await page.getByTestId('packet-destination-address').fill('10.244.1.5');
  await page.getByTestId('packet-dport').fill('8080');
  await page.getByTestId('packet-entry-interface').fill('eth0');
  await page.getByTestId('send').click();
}

test('the Sets tab: missing sets said once, then the opened ipset text decides the trace', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await openDumpWithRules(page);
  await page.getByTestId('dump-tab-sets').click();
  const missing = page.getByTestId('ipset-missing');
  await expect(missing.locator('li')).toHaveCount(4);
  await expect(missing).toContainText('set KUBE-DST-32U26RIZCHXXBTSZ: 2 rules depend on it');
  await send(page);
  await expect(page.getByTestId('trace-outcome')).toContainText('REJECT', { timeout: 20_000 });
  await expect(
    page
      .getByText(/outcome unknown, not guessed: it depends on .*set KUBE-SRC-ELVJFPASFIJIINJJ/)
      .first(),
  ).toBeVisible();
  // the Result box says it too, not only the player
  await expect(page.getByTestId('result-depends-on')).toContainText(
    /unknown: depends on .*set KUBE-SRC-ELVJFPASFIJIINJJ/,
  );

  await page.getByTestId('ipset-file').setInputFiles({
    name: 'node.ipset',
    mimeType: 'text/plain',
    buffer: Buffer.from(SETS, 'utf8'),
  });
  await expect(page.getByTestId('ipset-sets').locator('tbody tr')).toHaveCount(3);
  await expect(missing.locator('li')).toHaveCount(1);
  await expect(missing).toContainText('set KUBE-SRC-MISSING: 2 rules depend on it');
  await expect(page.getByTestId('trace-outcome')).toContainText('ACCEPT', { timeout: 20_000 });
  await expect(page.getByTestId('result-depends-on')).toHaveCount(0);

  // a typo in the text: its problem at its line, the other sets still read
  await page.getByTestId('ipset-text').fill(`${SETS}add KUBE-SRC-MNBLPZOJUX4JSB2F 10.1.0.0/33\n`);
  await expect(page.getByTestId('ipset-problems')).toContainText('line 8, column 31');
  await expect(page.getByTestId('ipset-sets').locator('tbody tr')).toHaveCount(3);

  mkdirSync(SHOTS, { recursive: true });
  for (const lang of ['en', 'ko'] as const) {
    if (lang === 'ko')
      await page.getByTestId('lang-switch').getByRole('button', { name: '한국어' }).click();
    for (const [w, h] of [
      [390, 844],
      [1024, 700],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      // the DOM's own scroll: Playwright's would wait for the panel to hold still across frames
      await page
        .getByTestId('ipset-panel')
        .evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
      await page.screenshot({ path: `${SHOTS}/sets-${lang}-${w}.png` });
    }
  }
  expect(errors).toEqual([]);
});
