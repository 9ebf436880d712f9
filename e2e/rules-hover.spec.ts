/**
 * Hovering a rule previews its explanation below the table; the preview must never move the rows
 * under the pointer. With the page scrolled to its end, an explanation that shrank would pull the
 * page up, put another row under the pointer, and flip the preview back and forth for ever (a row
 * that never holds still for a click).
 */
import { expect, test, type Locator } from '@playwright/test';
import { watchErrors } from './support.ts';
import { rulesOf } from './lessons-kit.ts';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

/** The page's globals this test uses (the e2e files are typed without the DOM library). */
interface PageWindow {
  requestAnimationFrame(f: () => void): number;
  scrollTo(x: number, y: number): void;
  document: { documentElement: { scrollHeight: number } };
}

async function top(row: Locator): Promise<number> {
  return row.evaluate((el) => {
    const w = globalThis as unknown as PageWindow;
    return new Promise<number>((done) =>
      // two frames: the preview's render and its layout have happened
      w.requestAnimationFrame(() =>
        w.requestAnimationFrame(() => done(el.getBoundingClientRect().top)),
      ),
    );
  });
}

for (const size of SIZES)
  test(`a hovered rule stays under the pointer at ${size.width}×${size.height}`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(size);
    await page.goto('/#lesson=chains&step=6');
    const rules = rulesOf(page, 'filter', 'SSH');
    await expect(rules).toBeVisible({ timeout: 30_000 });
    const rows = rules.locator('tbody tr[data-rule]');
    const count = await rows.count();
    expect(count).toBeGreaterThan(1);
    // pin the first rule (its explanation comes into view), then the page's end, as a learner
    // scrolling down to read would
    await rows.nth(0).click();
    await page.evaluate(() => {
      const w = globalThis as unknown as PageWindow;
      w.scrollTo(0, w.document.documentElement.scrollHeight);
    });
    for (let i = count - 1; i >= 0; i--) {
      const row = rows.nth(i);
      await row.scrollIntoViewIfNeeded();
      const before = await top(row);
      const box = await row.boundingBox();
      if (!box) throw new Error(`row ${i + 1} has no box`);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      expect(
        Math.abs((await top(row)) - before),
        `row ${i + 1} moved under the pointer`,
      ).toBeLessThan(1);
      await expect(row).toHaveAttribute('data-rule', String(i + 1));
    }
    // and a click lands on the row the pointer is on
    await rows.nth(count - 1).click({ timeout: 5_000 });
    await expect(rows.nth(count - 1)).toHaveAttribute('data-pinned', 'true');
    expect(errors).toEqual([]);
  });
