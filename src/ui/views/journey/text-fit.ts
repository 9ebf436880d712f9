/**
 * Fitting the strip's words into its boxes: a line shrinks a little, then a note wraps onto a
 * second line at a space, and only then is cut with "…" (the full text goes in a tooltip). Pure:
 * the widths come from a measure the caller gives (a canvas in the browser, a rough one in tests).
 */

export interface Font {
  /** px */
  size: number;
  weight?: number;
  mono?: boolean;
}

export type Measure = (text: string, font: Font) => number;

export interface Fitted {
  lines: string[];
  /** px: the font size the lines fit at */
  size: number;
  /** something was left out: show the whole text in a tooltip */
  cut: boolean;
}

/** Hangul, CJK, full-width forms: about as wide as the font is high. */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xff60)
  );
}

/** Average glyph widths: for tests, and for the first paint before the fonts are read. */
export const roughMeasure: Measure = (text, font) => {
  const narrow = font.mono ? 0.6 : (font.weight ?? 400) >= 600 ? 0.62 : 0.56;
  let w = 0;
  for (const ch of text) w += isWide(ch.codePointAt(0) ?? 0) ? 1 : narrow;
  return w * font.size;
};

/** The sizes to try, largest first: down to `min` by half pixels. */
function sizes(font: Font, min: number): number[] {
  const out: number[] = [];
  for (let s = font.size; s >= min - 1e-9; s -= 0.5) out.push(Math.round(s * 10) / 10);
  return out.length ? out : [font.size];
}

/** The longest start of `text` that fits with "…" after it. */
export function cutEnd(text: string, max: number, measure: Measure, font: Font): string {
  if (measure(text, font) <= max) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${chars.slice(0, mid).join('')}…`, font) <= max) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/** Keeps both ends (a pod's name and its hash) and cuts the middle. */
export function cutMiddle(text: string, max: number, measure: Measure, font: Font): string {
  if (measure(text, font) <= max) return text;
  const chars = [...text];
  // the most characters kept, split as evenly as the ends allow (a little more at the start)
  for (let keep = chars.length - 1; keep > 0; keep--) {
    const head = Math.ceil(keep / 2);
    const s = `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (keep - head)).join('')}`;
    if (measure(s, font) <= max) return s;
  }
  return '…';
}

/** One line: smaller down to `min`, then cut (in the middle for names, at the end otherwise). */
export function fitLine(
  text: string,
  max: number,
  measure: Measure,
  font: Font,
  min: number,
  cut: 'middle' | 'end' = 'end',
): Fitted {
  for (const size of sizes(font, min))
    if (measure(text, { ...font, size }) <= max) return { lines: [text], size, cut: false };
  const small = { ...font, size: min };
  const line =
    cut === 'middle' ? cutMiddle(text, max, measure, small) : cutEnd(text, max, measure, small);
  return { lines: [line], size: min, cut: true };
}

/**
 * Where a line may break: at a space (which goes), or where Korean follows an address or a name
 * (`10.43.62.130:80에서 받음`: the particle may start the second line).
 */
function splits(text: string): [string, string][] {
  const chars = [...text];
  const out: [string, string][] = [];
  for (let i = 1; i < chars.length; i++) {
    const here = chars[i]!;
    const before = chars[i - 1]!;
    if (here === ' ') out.push([chars.slice(0, i).join(''), chars.slice(i + 1).join('')]);
    else if (
      before !== ' ' &&
      isWide(here.codePointAt(0) ?? 0) &&
      !isWide(before.codePointAt(0) ?? 0)
    )
      out.push([chars.slice(0, i).join(''), chars.slice(i).join('')]);
  }
  return out.filter(([a, b]) => a.trim() !== '' && b.trim() !== '');
}

/** The split whose longer line is shortest. */
function bestSplit(text: string, measure: Measure, font: Font): [string, string] | null {
  let best: [string, string] | null = null;
  let bestWidth = Infinity;
  for (const pair of splits(text)) {
    const w = Math.max(measure(pair[0], font), measure(pair[1], font));
    if (w < bestWidth) {
      bestWidth = w;
      best = pair;
    }
  }
  return best;
}

/**
 * A note under a box's name: one line, a little smaller if need be; else two lines split at a
 * space (or before Korean after an address); else cut at the end of each line too long.
 */
export function fitNote(
  text: string,
  max: number,
  measure: Measure,
  font: Font,
  min: number,
): Fitted {
  const one = fitLine(text, max, measure, font, min);
  if (!one.cut) return one;
  const split = bestSplit(text, measure, font);
  if (!split) return one;
  for (const size of sizes(font, min)) {
    const f = { ...font, size };
    if (split.every((l) => measure(l, f) <= max)) return { lines: split, size, cut: false };
  }
  const small = { ...font, size: min };
  return {
    lines: split.map((l) => cutEnd(l, max, measure, small)),
    size: min,
    cut: true,
  };
}
