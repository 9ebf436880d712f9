/** The journey's browser tests' tools: a share link for a scenario, and the strip measured. */
import { deflateRawSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';

/** The browser globals the page callbacks use (e2e is checked without the DOM library). */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface El {
  getBoundingClientRect(): Box;
  getAttribute(name: string): string | null;
}

/** What the packet form holds beyond its defaults (a TCP SYN from port 40000 to port 80). */
export interface LinkForm {
  source: Record<string, unknown>;
  destination: Record<string, unknown>;
  entryNode: string;
}

/** A share link that opens the cluster `yaml` with the packet `form` sent on `node`. */
export function shareLink(
  yaml: string,
  partial: LinkForm,
  lang: 'en' | 'ko',
  seed = 1,
  node = partial.entryNode,
): string {
  const form = {
    proto: 'tcp',
    sport: 40000,
    dport: 80,
    tcpFlags: 'SYN',
    entryInterface: 'eth0',
    ...partial,
  };
  const doc = {
    version: 1,
    mode: 'cluster',
    yaml,
    dumpHost: null,
    node,
    form,
    sent: { form, withReply: false, seed },
    packetIndex: 0,
    step: -1,
    view: { table: 'auto', selectedChain: null, rulesView: 'table', rulesFormat: 'save' },
    lang,
  };
  return `/#s=${deflateRawSync(Buffer.from(JSON.stringify(doc))).toString('base64url')}`;
}

/** A scenario as the examples ship it: enough of it for a link to its version `version`. */
interface LinkableScenario {
  clusters: readonly { yaml: string }[];
  packet: LinkForm;
  node: string;
}

/** A share link that opens one version of an example (its policy version, say) with its packet. */
export function scenarioLink(s: LinkableScenario, lang: 'en' | 'ko', version = 1): string {
  const form = s.packet;
  const cluster = s.clusters[version];
  if (!cluster) throw new Error(`the scenario has no version ${version}`);
  return shareLink(
    cluster.yaml,
    { ...form, source: { ...form.source }, destination: { ...form.destination } },
    lang,
    1,
    s.node,
  );
}

/** The sizes a spec's screenshots are taken at: phone, laptop, big screen. */
const SHOT_SIZES = [
  [390, 844],
  [1024, 700],
  [1440, 900],
] as const;

/**
 * With SHOTS_DIR set, full-page screenshots of the page at each size as `NAME-WIDTH.png` there
 * (outside the repository, to be looked at); the page is left at the last size.
 */
export async function shootSizes(page: Page, name: string): Promise<void> {
  const dir = process.env['SHOTS_DIR'];
  if (!dir) return;
  for (const [width, height] of SHOT_SIZES) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
}

/** What in the strip is out of place: boxes past the panel, text past its box, the dot on text. */
export interface StripCheck {
  places: string[];
  scrolls: boolean;
  outsidePanel: string[];
  textOutsideBox: string[];
  dotOnText: string[];
  /** notes cut short with "…" (names may be: their full text is in the tooltip) */
  cutNotes: string[];
}

/** Measures the strip as drawn (the panel, each place's box, each line, the packet's dot). */
export async function checkStrip(page: Page): Promise<StripCheck> {
  return page.getByTestId('journey').evaluate((panel) => {
    interface Node extends El {
      querySelectorAll(q: string): Node[];
      querySelector(q: string): Node | null;
      textContent: string | null;
      scrollWidth: number;
      clientWidth: number;
    }
    const root = panel as unknown as Node;
    const inside = (a: Box, b: Box, slack = 0.5) =>
      a.x >= b.x - slack &&
      a.y >= b.y - slack &&
      a.x + a.width <= b.x + b.width + slack &&
      a.y + a.height <= b.y + b.height + slack;
    const overlap = (a: Box, b: Box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const outer = root.getBoundingClientRect();
    const scroll = root.querySelector('.nv-jr-scroll')!;
    const groups = [...root.querySelectorAll('[data-place]')];
    const out: StripCheck = {
      places: groups.map((g) => g.getAttribute('data-place') ?? ''),
      scrolls: scroll.scrollWidth > scroll.clientWidth,
      outsidePanel: [],
      textOutsideBox: [],
      dotOnText: [],
      cutNotes: [...root.querySelectorAll('.nv-jr-note tspan')].flatMap((t) =>
        t.textContent?.includes('…') ? [t.textContent] : [],
      ),
    };
    const dot = root.querySelector('.nv-jr-packet')?.getBoundingClientRect();
    for (const g of groups) {
      const place = g.getAttribute('data-place') ?? '';
      const box = g.querySelector('rect')!.getBoundingClientRect();
      if (!inside(box, outer)) out.outsidePanel.push(place);
      for (const t of g.querySelectorAll('text')) {
        const r = t.getBoundingClientRect();
        const what = `${place}: ${t.textContent ?? ''}`;
        if (!inside(r, box)) out.textOutsideBox.push(what);
        if (dot && overlap(dot, r)) out.dotOnText.push(what);
      }
    }
    return out;
  });
}

export function expectFits(c: StripCheck, count: number): void {
  expect(c.places).toHaveLength(count);
  expect(c.scrolls).toBe(false);
  expect(c.outsidePanel).toEqual([]);
  expect(c.textOutsideBox).toEqual([]);
  expect(c.dotOnText).toEqual([]);
  expect(c.cutNotes).toEqual([]);
}
