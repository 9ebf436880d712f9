import { expect, test } from '@playwright/test';

test('the first page parses its example ruleset and shows it', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });

  await page.goto('/');
  await expect(page).toHaveTitle('Netfilter Lab');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Netfilter Lab');

  // the example declares nat and filter, 9 chains between them, and 14 rules
  await expect(page.getByTestId('count-tables')).toHaveText('2');
  await expect(page.getByTestId('count-chains')).toHaveText('9');
  await expect(page.getByTestId('count-rules')).toHaveText('14');
  await expect(page.getByTestId('table-filter').locator('tbody tr')).toHaveCount(4);
  await expect(page.getByTestId('table-nat').locator('tbody tr')).toHaveCount(5);

  // the canonical text is the engine's printer output: `-p tcp --dport` gains its implicit `-m tcp`
  const canonical = page.getByTestId('canonical-text');
  await expect(canonical).toContainText('-A INPUT -p tcp -m tcp --dport 22 -j SSH-IN');
  await expect(page.getByTestId('input-text')).toContainText(
    '-A INPUT -p tcp --dport 22 -j SSH-IN',
  );

  await page.screenshot({ path: 'e2e/artifacts/first-page.png', fullPage: true });

  // the same ruleset as iptables -S and as iptables -L -n -v
  await page.getByRole('radio', { name: 'iptables -S' }).check();
  await expect(canonical).toContainText('# iptables -t filter -S\n-P INPUT DROP\n-P FORWARD DROP');
  await page.getByRole('radio', { name: 'iptables -L -n -v' }).check();
  await expect(canonical).toContainText('Chain SSH-IN (1 references)');
  await page.screenshot({ path: 'e2e/artifacts/first-page-list.png', fullPage: true });
  expect(errors).toEqual([]);
});
