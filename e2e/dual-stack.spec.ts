/**
 * The dual-stack example in the app: the packet form offers the Service's IPv6 ClusterIP, the
 * trace DNATs it to an endpoint's [address]:8080, and the form's controls stay reachable at a
 * phone's, a laptop's and a desktop's size. One page for all of it (CI's time is tight).
 */
import { expect, test, type Page } from '@playwright/test';
import { openTraced, watchErrors } from './support.ts';

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
    for (const el of doc.querySelectorAll('[data-testid="packet-builder"] select, button')) {
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const hit = doc.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit !== el && !el.contains(hit)) out.push(el.getAttribute('data-testid') ?? '?');
    }
    return out;
  });
}

test('dual-stack: a packet to the Service’s IPv6 ClusterIP is DNATed to [fd00:…]:8080', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await openTraced(page);
  await page.getByTestId('example-picker').click();
  await page.getByTestId('example-list').getByTestId('example-dual-stack').click();
  const to = page.getByTestId('packet-destination');
  await expect(to.locator('option[value="svc6:default/web:80"]')).toHaveText(
    'default/web → [fd00:10:96::80]:80/TCP',
    { timeout: 20_000 },
  );
  await to.selectOption('svc6:default/web:80');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-packet')).toContainText(/\[fd00:10:244(:1)?::[57]\]:8080/, {
    timeout: 20_000,
  });
  for (const size of [
    { width: 390, height: 844 },
    { width: 1024, height: 700 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    expect(await coveredFormControls(page), `${size.width}x${size.height}`).toEqual([]);
    const dir = process.env.SHOTS_DIR;
    if (dir) await page.screenshot({ path: `${dir}/ipv6-trace-${size.width}.png`, fullPage: true });
  }
  expect(errors).toEqual([]);
});
