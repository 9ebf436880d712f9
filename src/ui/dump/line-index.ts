/**
 * Where each line of a big text starts, found in slices (the caller decides when a slice has
 * run long enough), and one line's text back from it, cut when very long.
 */

/** a line longer than this is cut in the view (the text keeps it whole) */
export const SHOWN_CHARS = 2_000;

export interface LineIndex {
  /** where each line starts; the first `count` entries are filled */
  starts: Uint32Array;
  count: number;
  done: boolean;
}

export function emptyIndex(textLength: number): LineIndex {
  // a dump's lines average about 110 characters: start big enough to grow once at most
  return {
    starts: new Uint32Array(Math.max(1024, Math.ceil(textLength / 80))),
    count: 0,
    done: false,
  };
}

/** Indexes line starts from offset `from` until `stop()` says so; `next` is where to go on. */
export function indexLines(
  text: string,
  index: LineIndex,
  from: number,
  stop: () => boolean,
): { index: LineIndex; next: number } {
  let { starts, count } = index;
  if (count === 0 && text.length > 0) starts[count++] = 0;
  let i = text.indexOf('\n', from);
  let n = 0;
  // a newline ending the text starts no line after it
  while (i >= 0 && i + 1 < text.length) {
    if (count === starts.length) {
      const bigger = new Uint32Array(starts.length * 2);
      bigger.set(starts);
      starts = bigger;
    }
    starts[count++] = i + 1;
    // looking at the clock every line would cost more than the search
    if (++n % 4096 === 0 && stop()) return { index: { starts, count, done: false }, next: i + 1 };
    i = text.indexOf('\n', i + 1);
  }
  return { index: { starts, count, done: true }, next: text.length };
}

/** Line `k` (0-based) without its line break, cut to SHOWN_CHARS with an ellipsis. */
export function lineAt(text: string, index: LineIndex, k: number): string {
  const start = index.starts[k] ?? 0;
  let end = k + 1 < index.count ? (index.starts[k + 1] ?? text.length) - 1 : text.length;
  if (k + 1 >= index.count && end > start && text.charCodeAt(end - 1) === 10) end--;
  if (end > start && text.charCodeAt(end - 1) === 13) end--;
  return end - start > SHOWN_CHARS
    ? `${text.slice(start, start + SHOWN_CHARS)}…`
    : text.slice(start, end);
}
