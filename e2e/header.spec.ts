/**
 * The header at phone, laptop and big-screen sizes, with the Lessons button and a cloud node's
 * long name (the default scenario's ip-10-32-11-62.ap-northeast-2.compute.internal): the node
 * select shows the name whole, no control leaves the window and none covers another.
 */
import { expect, test } from '@playwright/test';
import { openTraced } from './support.ts';

/** The few DOM shapes the page callbacks use; e2e files are type-checked without the DOM lib. */
interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
interface Select {
  clientWidth: number;
  selectedOptions: { 0?: { textContent: string | null } };
}
interface PageGlobals {
  getComputedStyle(el: unknown): {
    font: string;
    paddingLeft: string;
    paddingRight: string;
  };
  document: {
    createElement(tag: 'canvas'): {
      getContext(kind: '2d'): { font: string; measureText(t: string): { width: number } };
    };
    querySelectorAll(selector: string): Iterable<{
      getBoundingClientRect(): Rect;
      getAttribute(name: string): string | null;
      textContent: string | null;
    }>;
  };
  innerWidth: number;
}

test.setTimeout(90_000);

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
]) {
  test(`the header at ${viewport.width}×${viewport.height}: the node's name whole, every control in sight`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openTraced(page);
    await expect(page.getByTestId('lessons-open')).toBeVisible();
    const select = page.getByTestId('node-select');
    await expect(select).toHaveValue(/compute\.internal$/);
    // the selected text, in the select's own font, fits inside it beside the arrow
    const fit = await select.evaluate((node) => {
      const g = globalThis as unknown as PageGlobals;
      const el = node as unknown as Select;
      const style = g.getComputedStyle(el);
      const ctx = g.document.createElement('canvas').getContext('2d');
      ctx.font = style.font;
      const text = el.selectedOptions[0]?.textContent ?? '';
      const room =
        el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return { text, need: ctx.measureText(text).width, room };
    });
    expect(fit.need, `"${fit.text}" needs ${fit.need} px, has ${fit.room}`).toBeLessThanOrEqual(
      fit.room,
    );
    // the node's address is still told, beside the name
    await expect(page.getByTestId('node-ip')).toHaveText('10.32.11.62');
    const controls = await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      const out: { name: string; r: Rect }[] = [];
      for (const el of g.document.querySelectorAll(
        '.app-header button, .app-header select, .app-header a[href]:not(.skip-link)',
      )) {
        const r = el.getBoundingClientRect();
        if (r.right - r.left === 0) continue;
        out.push({ name: el.getAttribute('data-testid') ?? el.textContent ?? '', r });
      }
      return { out, width: g.innerWidth };
    });
    for (const [i, a] of controls.out.entries()) {
      expect(a.r.left, a.name).toBeGreaterThanOrEqual(0);
      expect(a.r.right, a.name).toBeLessThanOrEqual(controls.width);
      for (const b of controls.out.slice(i + 1)) {
        const overlap =
          a.r.left < b.r.right - 1 &&
          b.r.left < a.r.right - 1 &&
          a.r.top < b.r.bottom - 1 &&
          b.r.top < a.r.bottom - 1;
        expect(overlap, `${a.name} and ${b.name}`).toBe(false);
      }
    }
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
]) {
  test(`the header's menus open inside the window at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openTraced(page);
    for (const [button, popup] of [
      ['share-menu', 'share-menu-list'],
      ['example-picker', 'example-list'],
    ] as const) {
      await page.getByTestId(button).click();
      const box = await page.getByTestId(popup).boundingBox();
      expect(box, popup).not.toBeNull();
      expect(box!.x, popup).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, popup).toBeLessThanOrEqual(viewport.width);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId(popup)).toHaveCount(0);
    }
  });
}
