/** What every browser test needs: the page's errors collected, and the default trace waited for. */
import { expect, type Page } from '@playwright/test';

/** Collects uncaught errors and console errors; a test ends by expecting none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** Waits until the default scenario's trace is shown: the result line names the DNATed pod. */
export async function traced(page: Page): Promise<void> {
  await expect(page.getByTestId('result-packet')).toContainText(':8080', { timeout: 30_000 });
}

/** Opens `url` (the app by default) and waits for its first trace. */
export async function openTraced(page: Page, url = '/'): Promise<void> {
  await page.goto(url);
  await traced(page);
}
