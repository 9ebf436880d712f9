import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LastTwoWords, LastWord, sameAt, textAt } from './text-at.ts';

interface Named {
  name: string;
}

/** The words of a text and where each stands. */
function wordsOf(text: string): { word: string; at: number }[] {
  const out: { word: string; at: number }[] = [];
  let at = 0;
  for (const word of text.split(' ')) {
    out.push({ word, at });
    at += word.length + 1;
  }
  return out;
}

describe('textAt and sameAt', () => {
  it('agree with startsWith and with comparing slices', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '-') }),
        fc.nat(12),
        fc.nat(12),
        fc.nat(6),
        (text, a, b, n) => {
          fc.pre(a <= text.length); // startsWith reads a later position as the end
          const word = text.slice(b, b + n);
          expect(textAt(text, a, word)).toBe(text.startsWith(word, a));
          const inside = a + n <= text.length && b + n <= text.length;
          expect(sameAt(text, a, b, n)).toBe(inside && text.slice(a, a + n) === word);
        },
      ),
    );
  });
});

describe('LastWord and LastTwoWords', () => {
  const text = 'MASQ DNAT MASQ DNAT SEP-A MASQ SEP-B MASQ DNAT';

  it('LastTwoWords recognises words that take turns, and forgets the one met less lately', () => {
    const last = new LastTwoWords<Named>((v) => v.name);
    const made: string[] = [];
    for (const { word, at } of wordsOf(text)) {
      const again = last.again(text, at, at + word.length);
      if (again !== undefined) {
        expect(again.name).toBe(word);
        continue;
      }
      made.push(word);
      last.met({ name: word }, text, at);
    }
    // MASQ and DNAT take turns at no cost; SEP-A pushes out MASQ (met less lately than DNAT),
    // SEP-B pushes out SEP-A, and DNAT, pushed out by MASQ, is made again
    expect(made).toEqual(['MASQ', 'DNAT', 'SEP-A', 'MASQ', 'SEP-B', 'DNAT']);
  });

  it('LastWord recognises only the word met last', () => {
    const last = new LastWord<Named>((v) => v.name);
    const made: string[] = [];
    for (const { word, at } of wordsOf('A A B A')) {
      if (last.again('A A B A', at, at + word.length) !== undefined) continue;
      made.push(word);
      last.met({ name: word }, 'A A B A', at);
    }
    expect(made).toEqual(['A', 'B', 'A']);
  });

  it('compare a word met in another text by its characters', () => {
    const last = new LastTwoWords<Named>((v) => v.name);
    last.met({ name: 'KUBE-SEP-X' }, 'x KUBE-SEP-X', 2);
    expect(last.again('-j KUBE-SEP-X', 3, 13)?.name).toBe('KUBE-SEP-X');
    expect(last.again('-j KUBE-SEP-Y', 3, 13)).toBeUndefined();
  });
});
