/**
 * Short texts the block reader has met before (keys, plain words) and what it made of them, found
 * by their place in the text without cutting them out of it: a big manifest file repeats the same
 * few (apiVersion, metadata, TCP …) tens of thousands of times, and a copy cut out for each would
 * both cost time and live as long as the values. An open-addressing table on a hash of the
 * characters, compared character by character on a hit.
 */
/** The hash of a text so far, `h`, with one more character: for scanners that hash as they go. */
export const wordHash = (h: number, code: number): number => (Math.imul(h, 31) + code) | 0;

export class WordTable<V> {
  private hashes = new Int32Array(1024);
  private texts: (string | undefined)[] = new Array<string | undefined>(1024);
  private values: V[] = new Array<V>(1024);
  private used = 0;

  constructor(private readonly text: string) {}

  /** A hash of the text from `from` to `to` (wordHash over its characters, in order). */
  hash(from: number, to: number): number {
    const t = this.text;
    let h = 0;
    for (let i = from; i < to; i++) h = wordHash(h, t.charCodeAt(i));
    return h;
  }

  /** The slot holding the text from `from` to `to` (with hash h), or -1. */
  find(h: number, from: number, to: number): number {
    const mask = this.hashes.length - 1;
    const t = this.text;
    const length = to - from;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const s = this.texts[i];
      if (s === undefined) return -1;
      if (this.hashes[i] !== h || s.length !== length) continue;
      let k = 0;
      while (k < length && s.charCodeAt(k) === t.charCodeAt(from + k)) k++;
      if (k === length) return i;
    }
  }

  textAt(slot: number): string {
    return this.texts[slot]!;
  }

  valueAt(slot: number): V {
    return this.values[slot]!;
  }

  /** Adds a text not in the table (find gave -1) with its hash. */
  add(h: number, text: string, value: V): void {
    if (2 * (this.used + 1) > this.hashes.length) this.grow();
    const mask = this.hashes.length - 1;
    let i = h & mask;
    while (this.texts[i] !== undefined) i = (i + 1) & mask;
    this.hashes[i] = h;
    this.texts[i] = text;
    this.values[i] = value;
    this.used++;
  }

  private grow(): void {
    const { hashes, texts, values } = this;
    const size = hashes.length * 2;
    this.hashes = new Int32Array(size);
    this.texts = new Array<string | undefined>(size);
    this.values = new Array<V>(size);
    this.used = 0;
    for (let i = 0; i < hashes.length; i++) {
      const s = texts[i];
      if (s !== undefined) this.add(hashes[i]!, s, values[i]!);
    }
  }
}
