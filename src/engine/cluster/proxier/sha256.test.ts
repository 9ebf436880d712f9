import { describe, expect, it } from 'vitest';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { sha256, sha256Text } from './sha256.ts';
import { utf8 } from './hash.ts';

const hex = (b: Uint8Array): string => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');

describe('sha256', () => {
  it('gives the FIPS 180-4 example digests', () => {
    expect(hex(sha256Text('abc', utf8))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hex(sha256Text('', utf8))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(hex(sha256Text('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', utf8))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with @noble/hashes on every length across the block boundaries, ASCII and not', () => {
    for (let n = 0; n < 300; n++) {
      const ascii = Array.from({ length: n }, (_, i) =>
        String.fromCharCode(32 + ((i * 7 + n) % 95)),
      ).join('');
      expect(hex(sha256Text(ascii, utf8))).toBe(hex(nobleSha256(utf8(ascii))));
      const wide = `${ascii}é✓😀`;
      expect(hex(sha256Text(wide, utf8))).toBe(hex(nobleSha256(utf8(wide))));
    }
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 31) & 0xff);
    expect(hex(sha256(bytes))).toBe(hex(nobleSha256(bytes)));
  });
});
