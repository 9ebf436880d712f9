/** Splits one line of ipset text into words with their columns; `"…"` is one word (a comment). */

export interface Word {
  text: string;
  /** 1-based column of the word's first character (its quote, when quoted) */
  column: number;
  /** 1-based column just past the word */
  end: number;
}

export interface LineWords {
  words: Word[];
  /** the column of a quote that is never closed */
  openQuote?: number;
}

export function splitWords(line: string): LineWords {
  const words: Word[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (c === '"') {
      const close = line.indexOf('"', i + 1);
      if (close < 0) return { words, openQuote: start + 1 };
      words.push({ text: line.slice(i + 1, close), column: start + 1, end: close + 2 });
      i = close + 1;
      continue;
    }
    while (i < line.length && !' \t\r'.includes(line[i]!)) i++;
    words.push({ text: line.slice(start, i), column: start + 1, end: i + 1 });
  }
  return { words };
}
