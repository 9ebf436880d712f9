/**
 * The dual-stack example in the app: the packet form offers the Service's IPv6 ClusterIP, the
 * trace DNATs it to an endpoint's [address]:8080; the rules view then shows the node's ip6tables
 * rules (the DNAT rule lit), flips to iptables and back; the journey's hops carry IPv6 addresses;
 * the form's controls stay reachable at a phone's, a laptop's and a desktop's size. One page for
 * all of it (CI's time is tight).
 */
import { expect, test, type Page } from '@playwright/test';
import { openTraced, stepUntil, watchErrors } from './support.ts';

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}
interface Control {
  getBoundingClientRect(): Box;
  scrollIntoView(arg: { block: string }): void;
  contains(other: unknown): boolean;
  getAttribute(name: string): string | null;
  textContent: string | null;
}
interface Doc {
  querySelectorAll(selector: string): Iterable<Control>;
  elementFromPoint(x: number, y: number): unknown;
}

/** The packet form's controls whose centre something else covers, by test id. */
async function coveredFormControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: Doc }).document;
    const out: string[] = [];
    for (const el of doc.querySelectorAll(
      '[data-testid="packet-builder"] select, [data-testid="packet-builder"] button',
    )) {
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const hit = doc.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit !== el && !el.contains(hit))
        out.push(el.getAttribute('data-testid') ?? el.textContent ?? '?');
    }
    return out;
  });
}

/** Shows the end of the printed rules, the nat table's endpoint rules (Monaco draws only the lines in view). */
async function endOfText(page: Page): Promise<void> {
  const text = page.getByTestId('rules-text');
  await expect(text.locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
  await text.locator('.monaco-editor').click({ position: { x: 80, y: 20 } });
  await page.keyboard.press('ControlOrMeta+End');
}

/** The rules view follows the IPv6 trace into the node's ip6tables rules; the reader flips it. */
async function checkRulesFamily(page: Page): Promise<void> {
  const family = page.getByTestId('rules-family');
  const panel = page.getByTestId('rules-panel');
  await expect(family.locator('[data-family="ipv6"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('node-ip')).toHaveText('fd00:192:168:10::12');
  // the rule that DNATs the packet, lit in the ip6tables rules
  await stepUntil(page, 'DNAT');
  await expect(panel.locator('tr.nv-rule.current')).toContainText('[fd00:10:244');
  await panel.getByTestId('rules-as-text').click();
  await expect(panel.getByRole('radio', { name: 'ip6tables-save' })).toBeChecked();
  await endOfText(page);
  // Monaco writes a space as a no-break space: \s matches either
  const text = page.getByTestId('rules-text');
  await expect(text).toContainText(/-j\sDNAT\s--to-destination\s\[fd00:10:244:[0-9a-f:]+\]:8080/);
  await family.locator('[data-family="ipv4"]').click();
  await expect(panel.getByRole('radio', { name: 'iptables-save' })).toBeChecked();
  await expect(page.getByTestId('rules-family-note')).toBeVisible();
  await expect(page.getByTestId('node-ip')).toHaveText('192.168.10.12');
  // the printed text arrives after the flip: search again until it is there
  await expect(async () => {
    await endOfText(page);
    await expect(text).toContainText(/--to-destination\s10\.244\.\d+\.\d+:8080/, {
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  await family.locator('[data-family="ipv6"]').click();
  await expect(panel.getByRole('radio', { name: 'ip6tables-save' })).toBeChecked();
  await expect(page.getByTestId('rules-family-note')).toHaveCount(0);
  // the older layouts exist for IPv4 only: the comparison says it shows the IPv4 rules
  await panel.getByTestId('compare-versions').click();
  await expect(panel.getByTestId('version-ipv4-only')).toBeVisible();
  await panel.getByRole('button', { name: 'Rule table' }).click();
}

test('dual-stack: a packet to the Service’s IPv6 ClusterIP is DNATed to [fd00:…]:8080', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await openTraced(page);
  // an IPv4-only cluster has no family to switch to
  await expect(page.getByTestId('rules-family')).toHaveCount(0);
  await page.getByTestId('example-picker').click();
  await page.getByTestId('example-list').getByTestId('example-dual-stack').click();
  const to = page.getByTestId('packet-destination');
  await expect(to.locator('option[value="svc6:default/web:80"]')).toHaveText(
    'default/web → [fd00:10:96::80]:80/TCP',
    { timeout: 20_000 },
  );
  // the example's undo notice would cover the views in the screenshots
  await page.getByTestId('share-dismiss').click();
  await to.selectOption('svc6:default/web:80');
  // the client sends from the address of the destination's family
  await expect(page.getByTestId('packet-source').locator('option:checked')).toHaveText(
    'client (fd00:10:244:1::20)',
  );
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-packet')).toContainText(/\[fd00:10:244(:1)?::[57]\]:8080/, {
    timeout: 20_000,
  });
  await checkRulesFamily(page);
  // the journey follows the same packet over IPv6: its ends written [address]:port
  await expect(page.getByTestId('journey-source-seen')).toContainText(/\[fd00:10:244:1::20\]:\d+/, {
    timeout: 20_000,
  });
  await expect(page.getByTestId('journey')).not.toContainText(/10\.244\.\d+\.\d+/);
  for (const size of [
    { width: 390, height: 844 },
    { width: 1024, height: 700 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    expect(await coveredFormControls(page), `${size.width}x${size.height}`).toEqual([]);
    const dir = process.env.SHOTS_DIR;
    if (!dir) continue;
    await page.screenshot({ path: `${dir}/ipv6-trace-${size.width}.png`, fullPage: true });
    for (const id of ['rules-panel', 'journey', 'netfilter-diagram']) {
      await page.getByTestId(id).scrollIntoViewIfNeeded();
      await page.getByTestId(id).screenshot({ path: `${dir}/ipv6-${id}-${size.width}.png` });
    }
  }
  expect(errors).toEqual([]);
});
