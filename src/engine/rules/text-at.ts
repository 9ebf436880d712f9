/**
 * Whether `word` stands in `text` at `at`: `text.startsWith(word, at)`, compared character by
 * character. The parsers' lines are slices of the dump, and V8 hands startsWith on a slice to
 * its runtime (a call out of optimised code each time), which was the hottest thing in a big
 * parse; this loop stays in optimised code.
 */
export function textAt(text: string, at: number, word: string): boolean {
  const n = word.length;
  if (at < 0 || at + n > text.length) return false;
  for (let i = 0; i < n; i++) if (text.charCodeAt(at + i) !== word.charCodeAt(i)) return false;
  return true;
}
