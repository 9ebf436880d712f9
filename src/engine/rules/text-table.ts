/**
 * A map from words to values that finds a word where it stands in the dump, text[from, to),
 * without making it a string first. The parsers' fast paths look up a name, a comment or an
 * address on nearly every rule of a big dump; with a Map each lookup needs a slice of the dump
 * and V8's hashing of it, which was the costliest part of reading a kube-proxy dump. Here the
 * hash is computed from the characters in place, and a word is sliced only when it is new.
 *
 * Open addressing with linear probing over parallel arrays; never shrinks, no deletion.
 */
import { textAt } from './text-at.ts';

export class TextTable<V> {
  private keys: (string | undefined)[] = new Array<string | undefined>(64).fill(undefined);
  private hashes = new Int32Array(64);
  private values: (V | undefined)[] = new Array<V | undefined>(64).fill(undefined);
  private mask = 63;
  private count = 0;
  /** the hash of the word get() looked up last: set() after a miss reuses it */
  private lastHash = 0;

  get size(): number {
    return this.count;
  }

  /** The value of the word text[from, to), if any. */
  get(text: string, from: number, to: number): V | undefined {
    const h = hashOf(text, from, to);
    this.lastHash = h;
    const length = to - from;
    const keys = this.keys;
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const k = keys[i];
      if (k === undefined) return undefined;
      if (this.hashes[i] === h && k.length === length && textAt(text, from, k))
        return this.values[i];
    }
  }

  /** The value of the word `key`, if any. */
  getKey(key: string): V | undefined {
    return this.get(key, 0, key.length);
  }

  /** Sets the word's value; `hashed` when get() has just looked up this very word. */
  set(key: string, value: V, hashed = false): void {
    const h = hashed ? this.lastHash : hashOf(key, 0, key.length);
    const keys = this.keys;
    let i = h & this.mask;
    for (; ; i = (i + 1) & this.mask) {
      const k = keys[i];
      if (k === undefined) break;
      if (this.hashes[i] === h && k === key) {
        this.values[i] = value;
        return;
      }
    }
    keys[i] = key;
    this.hashes[i] = h;
    this.values[i] = value;
    if (++this.count * 2 > this.mask) this.grow();
  }

  private grow(): void {
    const keys = this.keys;
    const hashes = this.hashes;
    const values = this.values;
    const size = keys.length * 2;
    this.keys = new Array<string | undefined>(size).fill(undefined);
    this.hashes = new Int32Array(size);
    this.values = new Array<V | undefined>(size).fill(undefined);
    this.mask = size - 1;
    for (let j = 0; j < keys.length; j++) {
      const k = keys[j];
      if (k === undefined) continue;
      let i = hashes[j]! & this.mask;
      while (this.keys[i] !== undefined) i = (i + 1) & this.mask;
      this.keys[i] = k;
      this.hashes[i] = hashes[j]!;
      this.values[i] = values[j];
    }
  }
}

/** FNV-1a over the UTF-16 units, mixed at the end so that the low bits (the slot) spread. */
function hashOf(text: string, from: number, to: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 12);
}
