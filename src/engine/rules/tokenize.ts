/**
 * Splits one line of iptables text into words the way iptables-restore does: blanks separate
 * words, double quotes group them, and inside quotes a backslash escapes the next character.
 * A closing quote ends its word (`"a"b` is two words); single quotes and a backslash outside
 * quotes are characters like any other.
 * Columns are 0-based offsets into the line; the parser turns them into 1-based columns.
 */
export interface Token {
  text: string;
  start: number;
  end: number;
  quoted: boolean;
}

export interface TokenizeResult {
  tokens: Token[];
  /** offset of an opening quote that was never closed */
  unterminatedQuote?: number;
}

const SPACE = 32;
const TAB = 9;
const DQUOTE = 34;
const BACKSLASH = 92;

export function tokenize(line: string): TokenizeResult {
  return scan(line, [], false);
}

// The shared buffer behind tokenizeShared: one Token object per position, reused line after line.
const pool: Token[] = [];
const shared: Token[] = [];

/**
 * Like tokenize, but the tokens are reused by the next call: for parsers that are done with a
 * line's tokens before they read the next line. A 100,000-rule dump has millions of words, and
 * not allocating a fresh object for each keeps the garbage collector out of the parse.
 */
export function tokenizeShared(line: string): TokenizeResult {
  shared.length = 0;
  return scan(line, shared, true);
}

function emit(
  out: Token[],
  reuse: boolean,
  text: string,
  start: number,
  end: number,
  quoted: boolean,
): void {
  if (!reuse) {
    out.push({ text, start, end, quoted });
    return;
  }
  let t = pool[out.length];
  if (t) {
    t.text = text;
    t.start = start;
    t.end = end;
    t.quoted = quoted;
  } else {
    t = { text, start, end, quoted };
    pool.push(t);
  }
  out.push(t);
}

function scan(line: string, tokens: Token[], reuse: boolean): TokenizeResult {
  const n = line.length;
  let i = 0;
  while (i < n) {
    let c = line.charCodeAt(i);
    while (c === SPACE || c === TAB || c === 13) {
      i++;
      if (i >= n) return { tokens };
      c = line.charCodeAt(i);
    }
    const start = i;
    // Fast path: a plain word with no quote or backslash.
    while (i < n) {
      c = line.charCodeAt(i);
      if (c === SPACE || c === TAB || c === DQUOTE || c === 13) break;
      i++;
    }
    if (i >= n || c === SPACE || c === TAB || c === 13) {
      emit(tokens, reuse, line.slice(start, i), start, i, false);
      continue;
    }
    // Slow path: the word has quotes or escapes. Runs of plain characters are copied as slices,
    // not one character at a time: a char-by-char `+=` leaves a deep rope behind every
    // kube-proxy comment, which the ruleset then keeps alive.
    let text = line.slice(start, i);
    let run = i; // start of the plain characters not yet copied into text
    let quote = 0;
    let quoteStart = -1;
    let quoted = false;
    while (i < n) {
      c = line.charCodeAt(i);
      if (quote === 0 && (c === SPACE || c === TAB || c === 13)) break;
      if (c === BACKSLASH && quote !== 0 && i + 1 < n) {
        text += line.slice(run, i) + line[i + 1];
        i += 2;
        run = i;
        continue;
      }
      if (c === DQUOTE) {
        text += line.slice(run, i);
        i++;
        run = i;
        if (quote !== 0) {
          quote = 0;
          break;
        }
        quote = c;
        quoteStart = i - 1;
        quoted = true;
        continue;
      }
      i++;
    }
    text += line.slice(run, i);
    emit(tokens, reuse, text, start, i, quoted);
    if (quote !== 0) return { tokens, unterminatedQuote: quoteStart };
  }
  return { tokens };
}

const NO_QUOTE = /^[A-Za-z0-9_-]+$/;

/** Whether quoteWord puts the word in quotes. */
export function needsQuotes(value: string): boolean {
  return !NO_QUOTE.test(value);
}

/**
 * Quotes a word as iptables-save does (libxtables' xtables_save_string): words made only of
 * letters, digits, `_` and `-` stand bare; anything else is double-quoted with `"`, `\` and `'`
 * escaped by a backslash.
 */
export function quoteWord(value: string): string {
  if (!needsQuotes(value)) return value;
  return `"${value.replace(/["\\']/g, (m) => `\\${m}`)}"`;
}
