/**
 * Share and keep, in Debian's Chromium: a copied link opens the same scenario at the same step in
 * a fresh browser; typed work survives a reload; damaged links explain themselves and the app
 * goes on working; a link over the user's own work asks first; reset to example is undoable;
 * the drawings export as SVG and PNG and the trace as JSON. Screenshots go to e2e/artifacts/.
 */
import { deflateRawSync } from 'node:zlib';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DUMP_PACKET } from '../src/engine/scenario/default-packets.ts';
import { decodeLinkPayload, linkPayloadOf } from '../src/engine/scenario/codec.ts';
import { openTraced, traced, watchErrors } from './support.ts';

const ARTIFACTS = 'e2e/artifacts';
const VIEWPORT = { width: 1280, height: 800 };

/** Browser globals the page callbacks use (this file is type-checked without the DOM library). */
interface PageGlobals {
  DOMParser: new () => {
    parseFromString(
      text: string,
      type: string,
    ): {
      documentElement: { localName: string; getAttribute(n: string): string | null };
      getElementsByTagName(n: string): { length: number };
    };
  };
  localStorage: { getItem(k: string): string | null };
}

test.use({ viewport: VIEWPORT, permissions: ['clipboard-read', 'clipboard-write'] });
test.setTimeout(120_000);

async function focusEditor(page: Page): Promise<void> {
  const editor = page.locator('.editor-pane .monaco-editor');
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click({ position: { x: 80, y: 20 } });
}

/** Types a comment line at the top of the YAML. */
async function typeAtTop(page: Page, line: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.insertText(line);
  await page.keyboard.press('Enter');
}

function editorText(page: Page) {
  return page.locator('.editor-pane .view-lines');
}

async function stepForward(page: Page, n: number): Promise<void> {
  await page.getByTestId('trace-steps').locator('[data-index]').first().waitFor();
  for (let i = 0; i < n; i++) await page.getByTestId('player-forward').click();
}

async function menu(page: Page, item: string): Promise<void> {
  await page.getByTestId('share-menu').click();
  await page.getByTestId(item).click();
}

/** Copies the link through the menu and returns it (read from the notice's field). */
async function copyLink(page: Page): Promise<string> {
  await menu(page, 'share-copy-link');
  const field = page.getByTestId('share-link');
  await expect(field).toHaveValue(/#s=[A-Za-z0-9_-]+$/);
  return field.inputValue();
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  return context.newPage();
}

/** A dump workspace scenario file holding `dump`, with the dump workspace's packet. */
function dumpScenario(dump: string) {
  return {
    version: 1,
    mode: 'dump',
    dump,
    dumpHost: null,
    node: '',
    form: DUMP_PACKET,
    sent: null,
    packetIndex: 0,
    step: -1,
    view: { table: 'auto', selectedChain: null, rulesView: 'table', rulesFormat: 'save' },
  };
}

/** A `#s=` payload of any JSON (the app itself only ever writes valid documents). */
function payloadOf(json: unknown): string {
  return deflateRawSync(Buffer.from(JSON.stringify(json))).toString('base64url');
}

test('a copied link opens the same step, packet, node, view and language in a fresh browser', async ({
  page,
  browser,
}) => {
  const errors = watchErrors(page);
  await openTraced(page);
  await page.getByTestId('lang-switch').getByText('한국어').click();
  await page.getByTestId('packet-sport').fill('41234');
  await page.getByTestId('reroll').click();
  await page.getByTestId('send-reply').click();
  await expect(page.getByTestId('result-packet')).toContainText(':41234');
  await page.getByTestId('show-reply').click();
  await expect(page.getByTestId('result-packet')).toContainText('41234');
  await stepForward(page, 5);
  await page.getByTestId('table-select').selectOption('nat');
  const position = await page.getByTestId('player-position').innerText();
  const result = await page.getByTestId('result-packet').innerText();
  const node = await page.getByTestId('node-select').inputValue();
  expect(position).toMatch(/단계 중 5단계$/);

  await page.getByTestId('share-menu').click();
  await expect(page.getByTestId('share-menu-list')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/share-menu-ko.png` });
  await page.getByTestId('share-copy-link').click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link.length).toBeLessThan(8000);
  await page
    .getByTestId('share-notice-link')
    .screenshot({ path: `${ARTIFACTS}/share-link-ko.png` });

  const other = await freshPage(browser);
  const otherErrors = watchErrors(other);
  await other.goto(link);
  await expect(other.getByTestId('player-position')).toHaveText(position, { timeout: 30_000 });
  await expect(other.getByTestId('result-packet')).toHaveText(result);
  await expect(other.getByTestId('show-reply')).toHaveAttribute('aria-pressed', 'true');
  await expect(other.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(other.getByTestId('node-select')).toHaveValue(node);
  await expect(other.getByTestId('packet-sport')).toHaveValue('41234');
  await expect(other.getByTestId('table-select')).toHaveValue('nat');
  await expect(other.getByTestId('trace-steps').locator('[aria-selected="true"]')).toHaveAttribute(
    'data-index',
    '4',
  );
  // the link is read once: the address bar no longer carries it, and nothing asked
  expect(new URL(other.url()).hash).toBe('');
  await expect(other.getByTestId('share-confirm')).not.toBeVisible();
  await other.context().close();
  expect(errors).toEqual([]);
  expect(otherErrors).toEqual([]);
});

test('the share menu is keyboard-usable (en, light and dark)', async ({ page }) => {
  await openTraced(page);
  const button = page.getByTestId('share-menu');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('share-copy-link')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('share-save-file')).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByTestId('share-reset')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('share-copy-link')).toBeFocused();
  await page.screenshot({ path: `${ARTIFACTS}/share-menu-en-light.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-menu-list')).toHaveCount(0);
  await expect(button).toBeFocused();
  await page.getByTestId('theme-switch').getByText('Dark').click();
  await button.click();
  await page.screenshot({ path: `${ARTIFACTS}/share-menu-en-dark.png` });
});

test('a reload keeps the typed YAML, the packet and the step', async ({ page }) => {
  const errors = watchErrors(page);
  await openTraced(page);
  await typeAtTop(page, '# kept across reloads');
  await page.getByTestId('packet-sport').fill('40999');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-packet')).toContainText(':40999', { timeout: 30_000 });
  await stepForward(page, 3);
  const position = await page.getByTestId('player-position').innerText();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (globalThis as unknown as PageGlobals).localStorage.getItem('netfilter-lab:work') ?? '',
      ),
    )
    .toContain('"step":2');
  await page.reload();
  await expect(editorText(page)).toContainText('# kept across reloads', { timeout: 30_000 });
  await expect(page.getByTestId('packet-sport')).toHaveValue('40999');
  await expect(page.getByTestId('player-position')).toHaveText(position, { timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('damaged and future links explain themselves; the app keeps working', async ({ page }) => {
  const errors = watchErrors(page);
  await openTraced(page, '/#s=this*is*not*a*link');
  const notice = page.getByTestId('share-notice-error');
  await expect(notice).toContainText('This link could not be opened.');
  await expect(notice).toContainText('characters a scenario link never contains');
  await expect(notice).toContainText('Your own work is unchanged.');
  await expect(page.getByRole('alert').filter({ hasText: 'This link' })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/share-error-en.png` });
  await page.getByTestId('lang-switch').getByText('한국어').click();
  await expect(notice).toContainText('이 링크를 열 수 없습니다.');
  await page.screenshot({ path: `${ARTIFACTS}/share-error-ko.png` });
  await page.getByTestId('lang-switch').getByText('EN').click();

  // the app works: the player steps and a packet can be sent
  await stepForward(page, 2);
  await expect(page.getByTestId('player-position')).toContainText('step 2 of');
  await page.getByTestId('share-dismiss').click();
  await expect(notice).toHaveCount(0);

  // a link cut short in copying
  const link = await copyLink(page);
  await page.goto('about:blank');
  await openTraced(page, link.slice(0, link.length - 12));
  await expect(notice).toContainText('damaged or cut off');

  // a link from a newer version of the app
  await page.goto('about:blank');
  await openTraced(page, `/#s=${payloadOf({ version: 7, mode: 'cluster', yaml: '' })}`);
  await expect(notice).toContainText('scenario format 7');
  await page
    .getByTestId('share-notice-error')
    .screenshot({ path: `${ARTIFACTS}/share-error-future.png` });

  // a link whose fields are wrong names the field; markup in it stays text
  await page.goto('about:blank');
  await openTraced(
    page,
    `/#s=${payloadOf({ version: 1, mode: 'cluster', yaml: 'x', node: '<b id="inj">n</b>', form: 5 })}`,
  );
  await expect(notice).toContainText('“form” should be an object');
  await expect(page.locator('#inj')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a link over the user’s own work asks first: keep it, or open and undo', async ({ page }) => {
  await openTraced(page);
  await page.getByTestId('packet-sport').fill('41111');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-packet')).toContainText(':41111');
  const link = await copyLink(page);

  await page.getByTestId('share-dismiss').click();
  await page.getByTestId('packet-sport').fill('40000');
  await page.getByTestId('send').click();
  await typeAtTop(page, '# my own work');
  await expect(editorText(page)).toContainText('# my own work');
  // wait for the autosave, then arrive by the link in the same browser
  await page.waitForTimeout(800);
  await page.goto('about:blank');
  await page.goto(link);
  const dialog = page.getByTestId('share-confirm');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('share-keep-mine')).toBeFocused();
  await traced(page);
  await page.screenshot({ path: `${ARTIFACTS}/share-confirm-en.png` });

  // "keep my work" (by Escape, from the keyboard)
  await page.keyboard.press('Escape');
  await expect(dialog).not.toBeVisible();
  await expect(editorText(page)).toContainText('# my own work', { timeout: 30_000 });
  await expect(page.getByTestId('packet-sport')).toHaveValue('40000');

  // again, and "open it" this time; Undo brings the work back
  await page.goto('about:blank');
  await page.goto(link);
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('share-open-it').click();
  await expect(dialog).not.toBeVisible();
  await expect(page.getByTestId('packet-sport')).toHaveValue('41111');
  // the editor loads after the first trace: wait for it before reading what it holds
  await expect(editorText(page)).toBeVisible({ timeout: 30_000 });
  await expect(editorText(page)).not.toContainText('# my own work');
  await page.getByTestId('share-undo').click();
  await expect(editorText(page)).toContainText('# my own work');
  await expect(page.getByTestId('packet-sport')).toHaveValue('40000');
});

test('the confirm dialog in Korean', async ({ page }) => {
  await openTraced(page);
  const link = await copyLink(page);
  await page.getByTestId('lang-switch').getByText('한국어').click();
  await typeAtTop(page, '# 내 작업');
  await page.waitForTimeout(800);
  await page.goto('about:blank');
  // the link carries English; the dialog speaks the language the user's work is in
  await page.goto(link);
  await expect(page.getByTestId('share-confirm')).toContainText('공유 링크를 열까요?', {
    timeout: 30_000,
  });
  await traced(page);
  await page.screenshot({ path: `${ARTIFACTS}/share-confirm-ko.png` });
  await page.getByTestId('share-keep-mine').click();
  await expect(editorText(page)).toContainText('# 내 작업');
});

test('reset to example is one click, and Undo brings the work back', async ({ page }) => {
  await openTraced(page);
  await typeAtTop(page, '# before the reset');
  await expect(editorText(page)).toContainText('# before the reset');
  await menu(page, 'share-reset');
  await expect(editorText(page)).not.toContainText('# before the reset');
  await expect(page.getByTestId('share-notice-undo')).toContainText('The example is back.');
  await page.screenshot({ path: `${ARTIFACTS}/share-reset-undo.png` });
  await page.getByTestId('share-undo').click();
  await expect(editorText(page)).toContainText('# before the reset');
});

test('exports: the diagram and the chain graph as SVG and PNG, the trace as JSON', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openTraced(page);
  await stepForward(page, 8);
  await expect(page.locator('[data-testid="chain-graph"] svg')).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 30_000 },
  );

  const save = async (item: string) => {
    const wait = page.waitForEvent('download');
    await menu(page, item);
    const d = await wait;
    return { name: d.suggestedFilename(), body: await readFile(await d.path()) };
  };

  for (const [item, name] of [
    ['export-diagram-svg', 'netfilter-diagram.svg'],
    ['export-graph-svg', 'chain-graph.svg'],
  ] as const) {
    const svg = await save(item);
    expect(svg.name).toBe(name);
    const text = svg.body.toString('utf8');
    const parsed = await page.evaluate((t) => {
      const doc = new (globalThis as unknown as PageGlobals).DOMParser().parseFromString(
        t,
        'image/svg+xml',
      );
      return {
        root: doc.documentElement.localName,
        errors: doc.getElementsByTagName('parsererror').length,
        texts: doc.getElementsByTagName('text').length,
        width: Number(doc.documentElement.getAttribute('width')),
      };
    }, text);
    expect(parsed.root).toBe('svg');
    expect(parsed.errors).toBe(0);
    expect(parsed.texts).toBeGreaterThan(3);
    expect(parsed.width).toBeGreaterThan(100);
    // styles are inlined: no stylesheet needed, no CSS variables left
    expect(text).toContain('style="');
    expect(text).not.toContain('var(--');
  }

  for (const [item, name] of [
    ['export-diagram-png', 'netfilter-diagram.png'],
    ['export-graph-png', 'chain-graph.png'],
  ] as const) {
    const png = await save(item);
    expect(png.name).toBe(name);
    expect([...png.body.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(png.body.length).toBeGreaterThan(5000);
    await writeFile(`${ARTIFACTS}/share-export-${name}`, png.body);
  }
  // in the dark theme the drawing keeps its dark panel behind it
  await page.getByTestId('theme-switch').getByText('Dark').click();
  const dark = await save('export-graph-png');
  await writeFile(`${ARTIFACTS}/share-export-chain-graph-dark.png`, dark.body);
  await page.getByTestId('theme-switch').getByText('Light').click();

  const trace = await save('export-trace-json');
  expect(trace.name).toBe('netfilter-lab-trace.json');
  const doc = JSON.parse(trace.body.toString('utf8')) as {
    packets: { steps: { kind: string; ruleText?: string }[]; result: { verdict: string } }[];
  };
  expect(doc.packets).toHaveLength(1);
  expect(doc.packets[0]?.result.verdict).toBe('ACCEPT');
  expect(doc.packets[0]?.steps.some((s) => s.ruleText?.includes('-j DNAT'))).toBe(true);

  // the scenario file opens again through the file picker
  const file = await save('share-save-file');
  expect(file.name).toBe('netfilter-lab-scenario.json');
  expect(JSON.parse(file.body.toString('utf8'))).toMatchObject({ version: 1, mode: 'cluster' });
  await page.getByTestId('share-file-input').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"version": 1, "mode": "cluster"}'),
  });
  await expect(page.getByTestId('share-notice-error')).toContainText(
    'This file could not be opened.',
  );
  await stepForward(page, 2);
  await expect(page.getByTestId('player-position')).toContainText('step 10 of');
  await page.getByTestId('share-file-input').setInputFiles({
    name: 'scenario.json',
    mimeType: 'application/json',
    buffer: file.body,
  });
  await expect(page.getByTestId('share-notice-error')).toHaveCount(0);
  await expect(page.getByTestId('player-position')).toContainText('step 8 of', { timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('a scenario too big for a link is offered as a file, and the file opens again', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openTraced(page);
  // a dump of 2,000 rules with scattered addresses: it does not compress below the link limit
  const rules: string[] = [];
  for (let i = 0; i < 2000; i++)
    rules.push(
      `-A INPUT -s 10.${(i * 37) % 256}.${(i * 101) % 256}.${(i * 13) % 254}/32 -j ACCEPT`,
    );
  const dump = `*filter\n:INPUT ACCEPT [0:0]\n${rules.join('\n')}\nCOMMIT\n`;
  await page.getByTestId('share-file-input').setInputFiles({
    name: 'big.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(dumpScenario(dump))),
  });
  await expect(page.getByTestId('mode-switch').getByText('iptables dump')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await menu(page, 'share-copy-link');
  await page.getByTestId('share-dump-with').click();
  const notice = page.getByTestId('share-notice-too-long');
  await expect(notice).toContainText('too big for a link');
  await notice.screenshot({ path: `${ARTIFACTS}/share-too-long-en.png` });
  const wait = page.waitForEvent('download');
  await page.getByTestId('share-too-long-save').click();
  const file = await wait;
  expect(file.suggestedFilename()).toBe('netfilter-lab-scenario.json');
  const saved = JSON.parse((await readFile(await file.path())).toString('utf8')) as {
    dump: string;
    mode: string;
  };
  expect([saved.mode, saved.dump]).toEqual(['dump', dump]);
  expect(errors).toEqual([]);
});

test('a link made in the dump workspace asks before it carries the dump, and can leave it out', async ({
  page,
  browser,
}) => {
  const errors = watchErrors(page);
  await openTraced(page);
  const dump = '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -s 10.1.2.3/32 -j DROP\nCOMMIT\n';
  await page.getByTestId('share-file-input').setInputFiles({
    name: 'small.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(dumpScenario(dump))),
  });
  await expect(page.getByTestId('mode-switch').getByText('iptables dump')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const linkDoc = async () => {
    const url = await page.getByTestId('share-link').inputValue();
    const decoded = await decodeLinkPayload(linkPayloadOf(new URL(url).hash) ?? '');
    if (!decoded.ok) throw new Error(`the link does not decode: ${JSON.stringify(decoded)}`);
    return decoded.doc;
  };

  await menu(page, 'share-copy-link');
  const dialog = page.getByTestId('share-dump-link');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('4 lines');
  await expect(page.getByTestId('share-dump-without')).toBeFocused();
  await dialog.screenshot({ path: `${ARTIFACTS}/share-dump-link-en.png` });
  await page.getByTestId('share-dump-without').click();
  await expect(page.getByTestId('share-notice-link')).toContainText('leaves the dump out');
  const without = await linkDoc();
  expect(['dump' in without, without.mode, without.form]).toEqual([false, 'dump', DUMP_PACKET]);
  // opened in a browser with no dump of its own, it says what is missing
  const other = await freshPage(browser);
  await other.goto(await page.getByTestId('share-link').inputValue());
  await expect(other.getByTestId('share-notice-without-dump')).toContainText('leaves its dump out');
  await other.context().close();

  await menu(page, 'share-copy-link');
  await page.getByTestId('share-dump-with').click();
  await expect(page.getByTestId('share-notice-link')).not.toContainText('leaves the dump out');
  expect((await linkDoc()).dump).toBe(dump);

  // Escape cancels: no link is made
  await page.getByTestId('share-dismiss').click();
  await menu(page, 'share-copy-link');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('share-notice-link')).toHaveCount(0);
  expect(errors).toEqual([]);
});
