/**
 * An on-screen <svg> as a file that stands alone: the views style their drawings with CSS
 * classes and theme variables, which a saved file no longer has, so each element's computed
 * style is written onto its copy (only where it differs from what it would inherit or default
 * to, to keep big graphs small). Colours are turned into rgb() so any viewer reads them. The
 * whole drawing is exported, whatever the zoom on screen.
 */

/** Presentation properties the views set through CSS. */
const PROPS = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'visibility',
  'display',
  'paint-order',
  'marker-start',
  'marker-end',
  'stop-color',
] as const;

/** Not inherited in SVG; every other property of PROPS is, so a child that says the same as its
 * parent need not say it again. */
const NOT_INHERITED = new Set<string>(['opacity', 'display', 'stop-color']);
const INHERITED = new Set<string>(PROPS.filter((p) => !NOT_INHERITED.has(p)));

const COLOR_PROPS = new Set(['fill', 'stroke', 'color', 'stop-color']);

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Turns any CSS colour the browser computes (color-mix, color(srgb …)) into rgb()/rgba(). */
function colorNormaliser(): (value: string) => string {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const seen = new Map<string, string>();
  return (value) => {
    if (!ctx || value === 'none' || value.startsWith('url(') || value.startsWith('context-'))
      return value;
    let out = seen.get(value);
    if (out === undefined) {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = value;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      out =
        a === 255
          ? `rgb(${r}, ${g}, ${b})`
          : `rgba(${r}, ${g}, ${b}, ${((a ?? 0) / 255).toFixed(3)})`;
      seen.set(value, out);
    }
    return out;
  };
}

/** What each property computes to on a bare element of each tag, in a bare <svg>. */
function defaultsProbe(): { of(tag: string): Map<string, string>; done(): void } {
  const host = document.createElementNS(SVG_NS, 'svg');
  host.setAttribute('style', 'position:absolute;width:0;height:0;visibility:hidden');
  document.body.appendChild(host);
  const cache = new Map<string, Map<string, string>>();
  return {
    of(tag) {
      let m = cache.get(tag);
      if (!m) {
        const el = document.createElementNS(SVG_NS, tag);
        host.appendChild(el);
        const cs = getComputedStyle(el);
        m = new Map(PROPS.map((p) => [p, cs.getPropertyValue(p)]));
        host.removeChild(el);
        cache.set(tag, m);
      }
      return m;
    },
    done() {
      host.remove();
    },
  };
}

function inlineStyles(
  source: Element,
  copy: Element,
  parent: Map<string, string> | null,
  probe: ReturnType<typeof defaultsProbe>,
  color: (v: string) => string,
): void {
  const cs = getComputedStyle(source);
  const mine = new Map<string, string>();
  const defaults = probe.of(source.localName);
  const style: string[] = [];
  for (const p of PROPS) {
    const v = cs.getPropertyValue(p);
    mine.set(p, v);
    const same = INHERITED.has(p) && parent ? parent.get(p) === v : defaults.get(p) === v;
    if (!same || (!parent && INHERITED.has(p)))
      style.push(`${p}:${COLOR_PROPS.has(p) ? color(v) : v}`);
  }
  copy.removeAttribute('style');
  if (style.length) copy.setAttribute('style', style.join(';'));
  const from = source.children;
  const to = copy.children;
  for (let i = 0; i < from.length; i++) {
    const s = from[i];
    const c = to[i];
    if (s && c) inlineStyles(s, c, mine, probe, color);
  }
}

export interface StandaloneSvg {
  text: string;
  width: number;
  height: number;
}

const PAD = 12;

/** The drawing as a standalone SVG document, on `background` (the panel's colour). */
export function standaloneSvg(svg: SVGSVGElement, background: string): StandaloneSvg {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const probe = defaultsProbe();
  const color = colorNormaliser();
  try {
    inlineStyles(svg, copy, null, probe, color);
  } finally {
    probe.done();
  }
  // the whole drawing at its own scale, whatever is zoomed on screen: a zoomable view keeps
  // its drawing in one transformed <g>, whose transform the copy drops; a fixed viewBox is kept
  const fixed = svg.viewBox.baseVal;
  let box: { x: number; y: number; width: number; height: number };
  if (svg.hasAttribute('viewBox') && fixed.width > 0 && fixed.height > 0) box = fixed;
  else {
    const at = [...svg.children].findIndex(
      (c) => c instanceof SVGGElement && c.hasAttribute('transform'),
    );
    const zoomed = at >= 0 ? (svg.children[at] as SVGGElement) : null;
    if (zoomed) copy.children[at]?.removeAttribute('transform');
    const b = (zoomed ?? svg).getBBox();
    box = { x: b.x - PAD, y: b.y - PAD, width: b.width + 2 * PAD, height: b.height + 2 * PAD };
  }
  const width = Math.max(1, Math.ceil(box.width));
  const height = Math.max(1, Math.ceil(box.height));
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('viewBox', `${box.x} ${box.y} ${box.width} ${box.height}`);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const bg = document.createElementNS(SVG_NS, 'rect');
  bg.setAttribute('x', String(box.x));
  bg.setAttribute('y', String(box.y));
  bg.setAttribute('width', String(box.width));
  bg.setAttribute('height', String(box.height));
  bg.setAttribute('fill', color(background));
  copy.insertBefore(bg, copy.firstChild);
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
  return { text, width, height };
}

/** Chromium's canvas stops at 32767 px a side; stay well inside it and inside memory. */
const MAX_SIDE = 16_384;
const MAX_PIXELS = 64_000_000;

/** The standalone SVG drawn onto a canvas at `scale` (2: sharp on high-density screens). */
export async function svgToPng(svg: StandaloneSvg, scale = 2): Promise<Blob> {
  const fit = Math.min(
    scale,
    MAX_SIDE / svg.width,
    MAX_SIDE / svg.height,
    Math.sqrt(MAX_PIXELS / (svg.width * svg.height)),
  );
  const url = URL.createObjectURL(new Blob([svg.text], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(svg.width * fit));
    canvas.height = Math.max(1, Math.round(svg.height * fit));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas gave no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Offers `blob` to the browser as a download named `name`. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the download has started from the URL by now; give slow browsers a moment
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
