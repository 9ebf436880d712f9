import { describe, expect, it } from 'vitest';
import { blobOf } from './text-vault.ts';

describe('a big text as a Blob, a part at a time', () => {
  it('keeps every character, surrogate pairs across part boundaries included', async () => {
    const text = 'a😀b한글😀😀c\n-A KUBE-SVC "주석 😀"';
    for (const part of [1, 2, 3, 4, 7, 64]) {
      const blob = await blobOf(text, part);
      expect(await blob.text()).toBe(text);
      expect(blob.size).toBe(new TextEncoder().encode(text).length);
    }
  });

  it('makes a part of an empty text', async () => {
    expect(await (await blobOf('')).text()).toBe('');
  });
});
