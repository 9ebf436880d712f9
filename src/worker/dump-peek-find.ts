/**
 * Finding words in an outlined dump's rule lines fast (dump-peek.ts): the text is lower-cased
 * once and searched with indexOf, each hit mapped to its rule line by the outline's offsets,
 * instead of lower-casing 100,000 lines one by one for every query (a few hundred ms).
 *
 * Lower-casing the whole text gives each line's lower-cased text only for ASCII (some letters
 * change length, and Greek sigma depends on its neighbours): a text with anything else is read
 * line by line, as the full parse's search does.
 */
import type { SaveOutline } from '../engine/rules/index.ts';

/** What is worked out once per outlined dump and kept for the next queries. */
export interface FindIndex {
  /** the whole text lower-cased, or null when it is not all ASCII */
  lower: string | null;
  /** rules whose comments may not read as their line does (see commentCandidates), on demand */
  odd: Uint8Array | null;
}

const NON_ASCII = /[\u0080-\uffff]/;

export function findIndex(text: string): FindIndex {
  return { lower: NON_ASCII.test(text) ? null : text.toLowerCase(), odd: null };
}

/** The rule whose line starts last at or before `pos`, or -1. */
function ruleAt(o: SaveOutline, pos: number): number {
  const starts = o.ruleStart;
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= pos) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Marks every rule whose line holds `needle` in `hay` (the text, or it lower-cased). */
function markHolding(hay: string, o: SaveOutline, needle: string, marks: Uint8Array): void {
  let pos = hay.indexOf(needle);
  while (pos >= 0) {
    const r = ruleAt(o, pos);
    if (r >= 0 && pos + needle.length <= o.ruleEnd[r]!) {
      marks[r] = 1;
      // one hit is enough for a line: go on from the next one
      pos = hay.indexOf(needle, o.ruleEnd[r]!);
    } else pos = hay.indexOf(needle, pos + 1);
  }
}

/**
 * Marks (1) every rule whose line, lower-cased, holds `needle` (lower-case, not empty): what
 * `line.toLowerCase().includes(needle)` says of each line.
 */
export function markRulesWith(
  text: string,
  o: SaveOutline,
  ix: FindIndex,
  needle: string,
  marks: Uint8Array,
): void {
  if (ix.lower !== null) {
    markHolding(ix.lower, o, needle, marks);
    return;
  }
  for (let r = 0; r < o.ruleStart.length; r++)
    if (text.slice(o.ruleStart[r], o.ruleEnd[r]).toLowerCase().includes(needle)) marks[r] = 1;
}

/** Marks every rule line with a character outside ASCII. */
function markNonAscii(text: string, o: SaveOutline, marks: Uint8Array): void {
  const re = /[\u0080-\uffff]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const r = ruleAt(o, m.index);
    if (r >= 0 && m.index < o.ruleEnd[r]!) marks[r] = 1;
  }
}

const isBlank = (c: number) => c === 32 || c === 9 || Number.isNaN(c);

/**
 * Marks every rule line with a quote that is not where a quoted word begins or ends: `"a"b`,
 * `a"b c"`, an apostrophe in a word. The tokenizer joins such pieces, so a comment's words may be
 * in it with a quote between them: comment search reads those lines in full. A quote with a
 * blank (or the line's end) on one side opens or closes a word and splits nothing.
 */
function markOddQuotes(text: string, o: SaveOutline, marks: Uint8Array): void {
  for (const q of ['"', "'"]) {
    let pos = text.indexOf(q);
    while (pos >= 0) {
      const r = ruleAt(o, pos);
      if (r >= 0 && pos < o.ruleEnd[r]!) {
        const before = pos > o.ruleStart[r]! ? text.charCodeAt(pos - 1) : NaN;
        const after = pos + 1 < o.ruleEnd[r]! ? text.charCodeAt(pos + 1) : NaN;
        if (!isBlank(before) && !isBlank(after)) marks[r] = 1;
      }
      pos = text.indexOf(q, pos + 1);
    }
  }
}

/** The rules whose comments may not read as their line does, marked once per dump. */
export function oddLines(text: string, o: SaveOutline, ix: FindIndex): Uint8Array {
  if (!ix.odd) {
    ix.odd = new Uint8Array(o.ruleStart.length);
    markOddQuotes(text, o, ix.odd);
    // lower-cased on their own, comments with other letters may not read as in their line
    if (ix.lower === null) markNonAscii(text, o, ix.odd);
  }
  return ix.odd;
}

/**
 * The rules whose comments may hold `needle`: every line that has it as written, and the lines
 * where quoting or escapes could hide it (a backslash, an odd quote, a letter outside ASCII;
 * every line when the needle itself has a quote or backslash). Each is then parsed and its
 * comments asked, so the answer is the full parse's.
 */
export function commentCandidates(
  text: string,
  o: SaveOutline,
  ix: FindIndex,
  needle: string,
): number[] {
  const n = o.ruleStart.length;
  const marks = new Uint8Array(n);
  if (/["'\\]/.test(needle)) marks.fill(1);
  else {
    markRulesWith(text, o, ix, needle, marks);
    markHolding(text, o, '\\', marks);
    const odd = oddLines(text, o, ix);
    for (let r = 0; r < n; r++) if (odd[r]) marks[r] = 1;
  }
  const out: number[] = [];
  for (let r = 0; r < n; r++) if (marks[r]) out.push(r);
  return out;
}
