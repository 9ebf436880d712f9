/**
 * Splits an iptables-save line into words for the save parser's fast path (save-fast-path.ts),
 * into arrays reused line after line, or tells that the line needs the tokenizer (tokenize.ts).
 * Positions are offsets into the whole dump, not into the line.
 */
import type { RuleMemo } from './rule-memo.ts';

export const MAX_WORDS = 256;

const SPACE = 32;

/** what the tokenizer reads in a way a split at spaces would not: tabs and carriage returns
 * (blanks to it), escapes and single quotes (also inside double quotes, where the split would be
 * right: such rare lines are just read the full way). Line feeds end lines, and other control
 * characters are word characters to both. */
const UNSPLITTABLE = ['\t', '\r', "'", '\\'];

/**
 * Whether text[from, to) has none of the UNSPLITTABLE characters. Each is searched for from line
 * to line rather than in each line (a dump has few or none of them, and indexOf finds a single
 * character far faster than a pattern would); the memo keeps where each is next found.
 */
export function splittable(text: string, from: number, to: number, memo: RuleMemo): boolean {
  const next = memo.nextUnsplittable;
  for (let k = 0; k < UNSPLITTABLE.length; k++) {
    let at = next[k]!;
    if (at < from) {
      at = text.indexOf(UNSPLITTABLE[k]!, from);
      next[k] = at = at < 0 ? text.length : at;
    }
    if (at < to) return false;
  }
  return true;
}

/** The first double quote at or after `from` (text.length when none), found once for all lines.
 * The quote found last answers for every `from` between where that search started and it (a line
 * split again, after a proof gave up on it, starts before the quote its first split moved on to). */
export function quoteFrom(text: string, from: number, memo: RuleMemo): number {
  let at = memo.nextQuote;
  if (at < from || from < memo.quoteSearchedFrom) {
    at = text.indexOf('"', from);
    memo.nextQuote = at = at < 0 ? text.length : at;
    memo.quoteSearchedFrom = from;
  }
  return at;
}

/** The words of the line being read: where each starts and ends in the dump, and whether it is
 * in double quotes. Reused line after line by its one reader (save-fast-path.ts). */
export class LineWords {
  readonly starts = new Int32Array(MAX_WORDS);
  readonly ends = new Int32Array(MAX_WORDS);
  readonly quoted = new Uint8Array(MAX_WORDS);
  /** the line has exactly one space between words and none around them */
  singleSpaced = false;

  /** Splits raw[from, n) (see splitWords): how many words, or -1 when it needs the tokenizer. */
  split(raw: string, from: number, n: number, memo: RuleMemo): number {
    return splitWords(this, raw, from, n, memo);
  }
}

/**
 * Splits the line into words at spaces, a whole-word double-quoted string (no escape inside) being
 * one word. Fails (-1) on what the tokenizer would read in a way this simple split would not (see
 * UNSPLITTABLE; a quote inside a word). Searches with indexOf rather than looking at every
 * character in turn: that is most of the work on a big dump.
 */
function splitWords(
  words: LineWords,
  raw: string,
  from: number,
  n: number,
  memo: RuleMemo,
): number {
  if (!splittable(raw, from, n, memo)) return -1;
  const { starts, ends, quoted } = words;
  let count = 0;
  let i = from;
  let singleSpaced = n > from && raw.charCodeAt(n - 1) !== SPACE && raw.charCodeAt(from) !== SPACE;
  let quote = quoteFrom(raw, from, memo); // the next double quote at or after i
  while (i < n) {
    if (raw.charCodeAt(i) === SPACE) {
      i++;
      if (count > 0) singleSpaced = false; // a second space (the first ended a word)
      continue;
    }
    if (count === MAX_WORDS) return -1;
    starts[count] = i;
    let end: number;
    if (quote === i) {
      // a whole word in double quotes
      const close = quoteFrom(raw, i + 1, memo);
      if (close >= n) return -1;
      end = close + 1;
      if (end < n && raw.charCodeAt(end) !== SPACE) return -1;
      quote = quoteFrom(raw, end, memo);
      quoted[count] = 1;
    } else {
      end = raw.indexOf(' ', i);
      if (end < 0 || end > n) end = n;
      if (quote < end) return -1; // a quote inside a word
      quoted[count] = 0;
    }
    ends[count++] = end;
    // step over the one space after the word
    i = end + 1;
  }
  words.singleSpaced = singleSpaced;
  return count;
}
