/**
 * In Korean a word may break between any two syllables, so a title squeezed by the hint beside
 * it wrapped one syllable a line ("추 / 적"). No panel title's word is split over lines, at a
 * phone's, a tablet's and a laptop's width.
 */
import { expect, test } from '@playwright/test';
import { openTraced, watchErrors } from './support.ts';

interface TextNode {
  nodeType: number;
  textContent: string | null;
}
interface Heading {
  childNodes: Iterable<TextNode>;
}
interface PageGlobals {
  document: {
    querySelectorAll(selector: string): Iterable<Heading>;
    createRange(): {
      selectNodeContents(node: TextNode): void;
      getClientRects(): Iterable<{ top: number; width: number }>;
    };
  };
}

test.setTimeout(90_000);

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
]) {
  test(`Korean panel titles keep each word whole at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(viewport);
    await openTraced(page);
    await page.getByRole('button', { name: '한국어' }).click();
    await expect(page.getByTestId('trace-player')).toBeVisible();
    const broken = await page.evaluate(() => {
      const doc = (globalThis as unknown as PageGlobals).document;
      const out: string[] = [];
      for (const h of doc.querySelectorAll('.nv-panel-title, .panel-title'))
        for (const n of h.childNodes) {
          if (n.nodeType !== 3 || !n.textContent?.trim()) continue;
          const range = doc.createRange();
          range.selectNodeContents(n);
          const tops = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
          // a long title may wrap between its words; one word split over lines is the fault
          const words = n.textContent.trim().split(/\s+/).length;
          if (tops.size > words) out.push(`${n.textContent.trim()} (${tops.size} lines)`);
        }
      return out;
    });
    expect(broken).toEqual([]);
    expect(errors).toEqual([]);
  });
}
