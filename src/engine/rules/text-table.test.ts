import { describe, expect, it } from 'vitest';
import { INITIAL_SLOTS, TextTable } from './text-table.ts';

describe('TextTable', () => {
  it('starts with typed arrays small enough for V8 to keep in its heap (64 bytes)', () => {
    expect(INITIAL_SLOTS * Int32Array.BYTES_PER_ELEMENT).toBeLessThanOrEqual(64);
  });

  it('keeps every word, found in place or by key, as it grows from its first slots', () => {
    const text = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ');
    const table = new TextTable<number>();
    let from = 0;
    for (let i = 0; i < 300; i++) {
      const to = from + `w${i}`.length;
      expect(table.get(text, from, to)).toBeUndefined();
      table.set(text.slice(from, to), i, true, text, from);
      from = to + 1;
    }
    expect(table.size).toBe(300);
    from = 0;
    for (let i = 0; i < 300; i++) {
      const to = from + `w${i}`.length;
      expect(table.get(text, from, to)).toBe(i);
      expect(table.getKey(`w${i}`)).toBe(i);
      from = to + 1;
    }
    expect(table.getKey('w300')).toBeUndefined();
  });
});
