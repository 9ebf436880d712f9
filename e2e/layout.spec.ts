/**
 * Every control can be reached and tapped at phone, laptop and big-screen sizes, in both
 * workspaces: scrolled into view, the point at a control's centre belongs to the control and
 * not to a pane painted over it.
 */
import { expect, test, type Page } from '@playwright/test';
import { openTraced, watchErrors } from './support.ts';

/** The browser globals the page callback uses; e2e files are type-checked without the DOM lib. */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}
interface El {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): Box;
  scrollIntoViewIfNeeded(centre?: boolean): void;
  checkVisibility(opts: { visibilityProperty: boolean; opacityProperty: boolean }): boolean;
  closest(selector: string): El | null;
  contains(other: El | null): boolean;
  labels?: { length: number; 0?: El };
}
interface PageGlobals {
  document: {
    querySelectorAll(selector: string): Iterable<El>;
    elementFromPoint(x: number, y: number): El | null;
  };
}

export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

test.setTimeout(120_000);

/** The controls whose centre is covered by something else, each named as a reader would. */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as PageGlobals).document;
    const name = (el: El): string => {
      // a wrapping label's words, without the options of the select inside it
      const label = el.labels?.[0]?.textContent?.replace(el.textContent ?? '', '') ?? null;
      const text =
        el.getAttribute('aria-label') ??
        label ??
        (el.textContent?.trim() || null) ??
        el.getAttribute('title') ??
        el.getAttribute('placeholder') ??
        el.getAttribute('data-testid') ??
        '';
      return `${el.tagName.toLowerCase()} "${text.replace(/\s+/g, ' ').slice(0, 60)}"`;
    };
    const out: string[] = [];
    for (const el of doc.querySelectorAll('button, a[href], select, input')) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // Monaco's own hidden inputs are its business, not the page layout's
      if (el.closest('.monaco-editor, [aria-hidden="true"]')) continue;
      el.scrollIntoViewIfNeeded(true);
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // off-screen until focused, by design (the skip link)
      if (r.right <= 0 || r.bottom <= 0) continue;
      const hit = doc.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit === el || el.contains(hit)) continue;
      const over = hit
        ? `${hit.tagName.toLowerCase()}.${hit.getAttribute('class') ?? ''}`
        : 'nothing (outside the window)';
      out.push(`${name(el)} is covered by ${over}`);
    }
    return out;
  });
}

async function toDump(page: Page): Promise<void> {
  await page.getByTestId('mode-switch').getByRole('button', { name: 'iptables dump' }).click();
  await expect(page.getByText('Pasted rules', { exact: false }).first()).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('every control in the cluster workspace can be reached', async ({ page }) => {
      const errors = watchErrors(page);
      await openTraced(page);
      await expect(page.getByTestId('netfilter-diagram')).toBeVisible();
      await expect(page.getByTestId('trace-player')).toBeVisible();
      await expect(page.getByTestId('probabilities')).toBeVisible({ timeout: 30_000 });
      expect(await coveredControls(page)).toEqual([]);
      expect(errors).toEqual([]);
    });

    test('every control in the dump workspace can be reached', async ({ page }) => {
      const errors = watchErrors(page);
      await openTraced(page);
      await toDump(page);
      expect(await coveredControls(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
