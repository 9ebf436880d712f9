/**
 * Whether `word` stands in `text` at `at`: `text.startsWith(word, at)`, compared character by
 * character. The parsers' lines are slices of the dump, and V8 hands startsWith on a slice to
 * its runtime (a call out of optimised code each time), which was the hottest thing in a big
 * parse; this loop stays in optimised code. It compares from the end: the words a parser guesses
 * at (the chain or comment of the rule before) mostly share a prefix with the one there
 * (KUBE-SEP-…, `ns/svc:port -> 10.244.…`) and differ near the end.
 */
export function textAt(text: string, at: number, word: string): boolean {
  const n = word.length;
  if (at < 0 || at + n > text.length) return false;
  for (let i = n - 1; i >= 0; i--) if (text.charCodeAt(at + i) !== word.charCodeAt(i)) return false;
  return true;
}

/**
 * Whether text[a, a + n) and text[b, b + n) are the same characters: a word compared with where
 * the same word stood before in the very same text (the rule before's chain or comment), which
 * V8 reads quicker than a word against a string of its own.
 */
export function sameAt(text: string, a: number, b: number, n: number): boolean {
  if (a < 0 || b < 0 || a + n > text.length || b + n > text.length) return false;
  // the very place: the builder finding the chain the line order has just found there
  if (a === b) return true;
  for (let i = n - 1; i >= 0; i--)
    if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

/**
 * The word a reader met last (a comment, a jump's name), what it made of it, and where it stood:
 * the next rule mostly writes the same word, which is then recognised in place (sameAt when it
 * is the same text) with no new string.
 */
export class LastWord<T> {
  value: T | undefined;
  private text = '';
  private at = -1;

  constructor(private readonly wordOf: (value: T) => string) {}

  /** The value, when text[from, to) is the word met last; noted as met there. */
  again(text: string, from: number, to: number): T | undefined {
    const value = this.value;
    if (value === undefined) return undefined;
    const word = this.wordOf(value);
    const n = to - from;
    if (word.length !== n) return undefined;
    if (this.text === text ? !sameAt(text, from, this.at, n) : !textAt(text, from, word))
      return undefined;
    this.at = from;
    this.text = text;
    return value;
  }

  /** Remembers `value`, met at text[from, …). */
  met(value: T, text: string, from: number): T {
    this.value = value;
    this.text = text;
    this.at = from;
    return value;
  }
}

/**
 * The two words met last (see LastWord), the one met less lately given up for a new one: for
 * words that take turns.
 */
export class LastTwoWords<T> {
  private recent: LastWord<T>;
  private older: LastWord<T>;

  constructor(wordOf: (value: T) => string) {
    this.recent = new LastWord(wordOf);
    this.older = new LastWord(wordOf);
  }

  /** The value, when text[from, to) is one of the two words; noted as met there. */
  again(text: string, from: number, to: number): T | undefined {
    const value = this.recent.again(text, from, to);
    if (value !== undefined) return value;
    const older = this.older.again(text, from, to);
    if (older !== undefined) {
      const recent = this.recent;
      this.recent = this.older;
      this.older = recent;
    }
    return older;
  }

  /** Remembers `value`, met at text[from, …), in place of the word met less lately. */
  met(value: T, text: string, from: number): T {
    const oldest = this.older;
    this.older = this.recent;
    this.recent = oldest;
    return oldest.met(value, text, from);
  }
}
