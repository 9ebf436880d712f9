import { describe, expect, it } from 'vitest';
import { readTextInPieces } from './read-text.ts';

describe('reading a file a piece at a time', () => {
  it('gives what Blob.text() gives, characters cut between pieces included', async () => {
    const text = '\uFEFF*nat\n-A KUBE-SVC -m comment --comment "서비스 😀 é" -j ACCEPT\nCOMMIT\n';
    const file = new Blob([text]);
    for (const piece of [1, 2, 3, 5, 7, 64, 1 << 20])
      expect(await readTextInPieces(file, piece)).toBe(await file.text());
  });

  it('replaces bad bytes as Blob.text() does, and reads an empty file', async () => {
    const bad = new Blob([new Uint8Array([0x41, 0xff, 0xe2, 0x82, 0x41])]);
    expect(await readTextInPieces(bad, 2)).toBe(await bad.text());
    expect(await readTextInPieces(new Blob([]))).toBe('');
  });
});
