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

/** Moves the player with → until the current step mentions `text` (at most `max` steps). */
export async function stepUntil(page: Page, text: string, max = 120): Promise<void> {
  const list = page.getByTestId('trace-steps');
  await list.locator('[data-index]').first().waitFor();
  await page.locator('body').click({ position: { x: 640, y: 5 } });
  for (let i = 0; i < max; i++) {
    const current = list.locator('[aria-selected="true"]');
    if ((await current.count()) > 0 && (await current.innerText()).includes(text)) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`no step mentioning ${text} within ${max} steps`);
}
