/**
 * A map from words to values that finds a word where it stands in the dump, text[from, to),
 * without making it a string first. The parsers' fast paths look up a name, a comment or an
 * address on nearly every rule of a big dump; with a Map each lookup needs a slice of the dump
 * and V8's hashing of it, which was the costliest part of reading a kube-proxy dump. Here the
 * hash is computed from the characters in place, and a word is sliced only when it is new.
 *
 * Open addressing with linear probing over parallel arrays; never shrinks, no deletion.
 */
import { sameAt, textAt } from './text-at.ts';

/**
 * The slots a table starts with. V8 keeps a typed array of up to 64 bytes (16 int32) in its own
 * heap, made like any small object; a bigger one gets a buffer of its own, which costs far more to
 * make than the table's first few words cost to look up.
 */
export const INITIAL_SLOTS = 16;

export class TextTable<V> {
  /** each slot's hash, 0 when the slot is empty (hashOf never gives 0): a probe reads this
   * small array first and touches a key only when its hash matches. It starts at INITIAL_SLOTS:
   * a parse makes dozens of tables, most of which hold a few words */
  private hashes = new Int32Array(INITIAL_SLOTS);
  /** each slot's key and value side by side (2i, 2i + 1): one cache line for both on a hit */
  private entries: (string | V | undefined)[] = new Array<string | V | undefined>(
    2 * INITIAL_SLOTS,
  ).fill(undefined);
  private mask = INITIAL_SLOTS - 1;
  private count = 0;
  /** where each key stood in `source` when set() was told (plus one; 0: not known): a word looked
   * up in that same text is compared with it there, which V8 does faster than with the key */
  private at = new Int32Array(INITIAL_SLOTS);
  private source: string | undefined;
  /** the hash of the word get() looked up last: set() after a miss reuses it */
  private lastHash = 0;

  get size(): number {
    return this.count;
  }

  /** The value of the word text[from, to), if any. */
  get(text: string, from: number, to: number): V | undefined {
    return this.getHashed(text, from, to, hashOf(text, from, to));
  }

  /** get(), the word's hashOf worked out already (for looking in more than one table). */
  getHashed(text: string, from: number, to: number, h: number): V | undefined {
    this.lastHash = h;
    const length = to - from;
    const hashes = this.hashes;
    const mask = this.mask;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const slot = hashes[i]!;
      if (slot === 0) return undefined;
      if (slot === h) {
        const k = this.entries[2 * i] as string;
        if (k.length !== length) continue;
        const p = this.at[i]!;
        if (
          p !== 0 && text === this.source
            ? sameAt(text, from, p - 1, length)
            : textAt(text, from, k)
        )
          return this.entries[2 * i + 1] as V;
      }
    }
  }

  /** The value of the word `key`, if any. */
  getKey(key: string): V | undefined {
    return this.get(key, 0, key.length);
  }

  /**
   * Sets the word's value; `hashed` when get() has just looked up this very word. `text` and
   * `from`: where the key stands in a text that later lookups will search (the dump).
   */
  set(key: string, value: V, hashed = false, text?: string, from = -1): void {
    const h = hashed ? this.lastHash : hashOf(key, 0, key.length);
    const hashes = this.hashes;
    const mask = this.mask;
    let i = h & mask;
    for (; ; i = (i + 1) & mask) {
      const slot = hashes[i]!;
      if (slot === 0) break;
      if (slot === h && this.entries[2 * i] === key) {
        this.entries[2 * i + 1] = value;
        return;
      }
    }
    hashes[i] = h;
    this.entries[2 * i] = key;
    this.entries[2 * i + 1] = value;
    if (text !== undefined && from >= 0) {
      this.source ??= text;
      if (text === this.source) this.at[i] = from + 1;
    }
    if (++this.count * 2 > mask) this.grow();
  }

  private grow(): void {
    const hashes = this.hashes;
    const entries = this.entries;
    // four times as big while small: fewer copies on the way to a big dump's tens of thousands
    const size = hashes.length * (hashes.length < 65536 ? 4 : 2);
    const mask = size - 1;
    const nextHashes = new Int32Array(size);
    const at = this.at;
    const nextAt = new Int32Array(size);
    const next = new Array<string | V | undefined>(2 * size).fill(undefined);
    for (let j = 0; j < hashes.length; j++) {
      const h = hashes[j]!;
      if (h === 0) continue;
      let i = h & mask;
      while (nextHashes[i] !== 0) i = (i + 1) & mask;
      nextHashes[i] = h;
      nextAt[i] = at[j]!;
      next[2 * i] = entries[2 * j];
      next[2 * i + 1] = entries[2 * j + 1];
    }
    this.hashes = nextHashes;
    this.at = nextAt;
    this.entries = next;
    this.mask = mask;
  }
}

/** FNV-1a over the UTF-16 units, mixed at the end so that the low bits (the slot) spread. */
export function hashOf(text: string, from: number, to: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h === 0 ? 1 : h; // 0 marks an empty slot
}
