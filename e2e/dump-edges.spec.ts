/**
 * The dump workspace's edges (issue 19): problems by kind with a count (a dump whose MAC
 * addresses were anonymised), the source MAC field, the Host tab's warnings, and the result
 * saying when a guessed host fact decided it.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './support.ts';

const MACS = readFileSync('tests/fixtures/anonymised/mac-allowlist.rules', 'utf8');

test.use({ viewport: { width: 1280, height: 800 } });
test.setTimeout(120_000);

async function openDumpMode(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('result-packet')).toContainText(':8080', { timeout: 30_000 });
  await page.getByTestId('mode-switch').locator('button').nth(1).click();
  await expect(page.getByTestId('dump-workspace')).toBeVisible();
}

async function openFile(page: Page, text: string, name: string): Promise<void> {
  await page.getByTestId('dump-file').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from(text, 'utf8'),
  });
  await expect(page.getByTestId('dump-format')).toBeVisible({ timeout: 20_000 });
}

test('anonymised MAC addresses are one kind of problem, counted, and open to every row', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openDumpMode(page);
  await openFile(page, MACS, 'gateway.rules');
  // errors open the problems tab by themselves
  await expect(page.getByTestId('dump-tab-problems')).toHaveText('Problems (2,048)');
  await expect(page.getByTestId('problems-heading')).toHaveText('2,048 problems');
  const groups = page.getByTestId('problem-group');
  await expect(groups).toHaveCount(1);
  await expect(groups.first()).toContainText('"XX:XX:XX:XX:XX:XX" is not a MAC address');
  await expect(page.getByTestId('problem-group-count')).toHaveText('×2,048');
  await page.getByTestId('problem-group-toggle').click();
  const rows = page.getByTestId('problem-group-rows');
  await expect(rows).toHaveAttribute('data-count', '2048');
  await expect(rows.getByRole('listitem').first()).toHaveText('line 20:30');
  // the last row is there too: scrolled to, its page is fetched
  await rows.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(rows.getByRole('listitem').last()).toHaveText('line 2067:30');
  await rows.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots-dumpui/e2e-problems-groups.png' });
  expect(errors).toEqual([]);
});

const ALLOW_ONE_MAC = `*filter
:INPUT DROP [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -i eth0 -m mac --mac-source 02:42:AC:11:00:02 -j ACCEPT
COMMIT
`;

test('a source MAC typed in the packet form decides a -m mac rule; a bad one is said', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openDumpMode(page);
  // a dump without -m mac: the field waits in a fold
  await openFile(
    page,
    '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -p tcp -j ACCEPT\nCOMMIT\n',
    'a.rules',
  );
  await expect(page.getByTestId('packet-more')).toBeVisible();
  await expect(page.getByTestId('packet-src-mac')).toBeHidden();
  // one with it: the field is out, saying why
  await openFile(page, ALLOW_ONE_MAC, 'mac.rules');
  await expect(page.getByTestId('packet-more')).toHaveCount(0);
  const mac = page.getByTestId('packet-src-mac');
  await expect(mac).toBeVisible();
  await expect(page.getByTestId('packet-builder')).toContainText(
    '1 rule of the dump matches -m mac --mac-source',
  );
  await page.getByTestId('packet-source-address').fill('192.168.1.20');
  await page.getByTestId('packet-destination-address').fill('192.168.1.10');
  await page.getByTestId('packet-entry-interface').fill('eth0');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('trace-outcome')).toContainText('DROP', { timeout: 20_000 });
  await mac.fill('02:42:ac:11:00:02');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('trace-outcome')).toContainText('ACCEPT', { timeout: 20_000 });
  await mac.fill('02:42:ac:11:00');
  await expect(mac).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('send')).toBeDisabled();
  await expect(page.getByTestId('packet-builder')).toContainText(
    '02:42:ac:11:00 is not a MAC address',
  );
  await page.getByTestId('lang-switch').getByRole('button', { name: '한국어' }).click();
  await expect(page.getByTestId('packet-builder')).toContainText('출발지 MAC');
  await mac.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots-dumpui/e2e-src-mac-ko.png' });
  expect(errors).toEqual([]);
});

const KUBE = readFileSync('tests/fixtures/kube-proxy.rules', 'utf8');

test('a verdict that rests on a guessed host fact says so and goes to it in the Host tab', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openDumpMode(page);
  await openFile(page, KUBE, 'node.rules');
  // a NodePort on the node address guessed from the API server's endpoint
  await page.getByTestId('packet-source-address').fill('203.0.113.7');
  await page.getByTestId('packet-destination-address').fill('192.168.1.10');
  await page.getByTestId('packet-dport').fill('30080');
  await page.getByTestId('packet-entry-interface').fill('eth0');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('trace-outcome')).toContainText('ACCEPT', { timeout: 20_000 });
  const note = page.getByTestId('guessed-facts');
  await expect(note).toContainText('Decided by a guessed fact');
  await expect(note).toContainText('eth0 has 192.168.1.10/24 (so -m addrtype counts it as local)');
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots-dumpui/e2e-guessed-fact.png' });
  await note.locator('li', { hasText: 'eth0 has 192.168.1.10/24' }).getByRole('button').click();
  await expect(page.getByTestId('dump-tab-host')).toHaveAttribute('aria-selected', 'true');
  const addr = page.getByTestId('host-iface-0').locator('input').nth(1);
  await expect(addr).toBeFocused();
  // corrected, the address is the user's: the note names it no more
  await addr.fill('192.168.1.11/24');
  await page.getByTestId('packet-destination-address').fill('192.168.1.11');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-packet')).toContainText('10.244.', { timeout: 20_000 });
  await expect(note).toContainText('the default route is via 192.168.1.1 dev eth0');
  await expect(note).not.toContainText('eth0 has');
  expect(errors).toEqual([]);
});

test('the Host tab warns of a guessed pod network and of overlapping addresses', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openDumpMode(page);
  await openFile(page, KUBE, 'node.rules');
  await page.getByTestId('dump-tab-host').click();
  const warnings = page.getByTestId('host-warnings');
  await expect(warnings.locator('li[data-kind="pod-network-guessed"]')).toContainText(
    'The pod network is guessed: 10.244.0.1/24 on cni0. Packets to 10.244.0.0/24',
  );
  await expect(warnings.locator('li[data-kind="overlap"]')).toHaveCount(0);
  const cni = page.getByTestId('host-iface-1').locator('input').nth(1);
  await cni.fill('192.168.1.1/24');
  const overlap = warnings.locator('li[data-kind="overlap"]');
  await expect(overlap).toContainText(
    '192.168.1.10/24 on eth0 and 192.168.1.1/24 on cni0 overlap: packets to 192.168.1.0/24 leave by eth0 only',
  );
  // no longer the guessed pod address: that warning is gone
  await expect(warnings.locator('li[data-kind="pod-network-guessed"]')).toHaveCount(0);
  await page.getByTestId('host-iface-0').locator('input').first().focus();
  await overlap.getByRole('button').click();
  await expect(cni).toBeFocused();
  await warnings.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots-dumpui/e2e-host-warnings.png' });
  expect(errors).toEqual([]);
});
