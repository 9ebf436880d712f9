import { describe, expect, it } from 'vitest';
import { emptyIndex, indexLines, lineAt, SHOWN_CHARS } from './line-index.ts';

const lines = (text: string, stopEvery = Infinity) => {
  let index = emptyIndex(0);
  let from = 0;
  let slices = 0;
  for (;;) {
    let calls = 0;
    const r = indexLines(text, index, from, () => ++calls >= stopEvery);
    index = r.index;
    from = r.next;
    slices++;
    if (index.done) break;
  }
  return { all: Array.from({ length: index.count }, (_, k) => lineAt(text, index, k)), slices };
};

describe('line index of a big text', () => {
  it('finds every line, without the breaks, with or without a final newline', () => {
    expect(lines('*nat\n-A X -j Y\r\nCOMMIT\n').all).toEqual(['*nat', '-A X -j Y', 'COMMIT']);
    expect(lines('*nat\n\nCOMMIT').all).toEqual(['*nat', '', 'COMMIT']);
    expect(lines('').all).toEqual([]);
    expect(lines('\n').all).toEqual(['']);
  });

  it('gives the same lines when stopped and resumed, growing its array as needed', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `-A C${i} -j ACCEPT`).join('\n');
    const whole = lines(text);
    const sliced = lines(text, 1);
    expect(whole.all).toHaveLength(20_000);
    expect(sliced.all).toEqual(whole.all);
    expect(sliced.slices).toBe(5);
    expect(whole.all[19_999]).toBe('-A C19999 -j ACCEPT');
  });

  it('cuts a very long line for the view', () => {
    const long = 'x'.repeat(SHOWN_CHARS + 10);
    expect(lines(`a\n${long}\nb`).all).toEqual(['a', `${'x'.repeat(SHOWN_CHARS)}…`, 'b']);
  });
});
