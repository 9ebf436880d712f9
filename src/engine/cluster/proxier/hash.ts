/**
 * The hashing kube-proxy names its chains with (facts from pkg/proxy/iptables/proxier.go):
 * SHA-256 over the UTF-8 text, standard base32 (RFC 4648 alphabet A–Z2–7), first 16 characters.
 */
import { sha256Text, sha256TextWords } from './sha256.ts';

/** UTF-8 bytes of a string (the engine has no TextEncoder: no DOM, no Node types). */
export function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else
      out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Standard base32 without padding (only a prefix is ever used). */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let acc = 0;
  let out = '';
  for (const b of bytes) {
    acc = ((acc << 8) | b) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(acc >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(acc << (5 - bits)) & 31];
  return out;
}

export function digest(text: string): Uint8Array {
  return sha256Text(text, utf8);
}

const BASE32_CODES = Array.from(BASE32, (c) => c.charCodeAt(0));
const codes: number[] = new Array<number>(16).fill(0);

/** The 5 bits at `bit` (0 = the most significant) of the 80 bits a, b, c (c's top 16). */
function fiveBits(a: number, b: number, c: number, bit: number): number {
  const word = bit < 32 ? a : bit < 64 ? b : c;
  const next = bit < 32 ? b : c;
  const at = bit & 31;
  if (at <= 27) return (word >>> (27 - at)) & 31;
  return ((word << (at - 27)) | (next >>> (59 - at))) & 31;
}

/** The 16-character hash kube-proxy appends to KUBE-SVC-/SVL-/EXT-/FW-/SEP- chain names. */
export function chainHash(text: string): string {
  hashCodes(text);
  return String.fromCharCode(...codes);
}

/**
 * Chain names `PREFIX` + the hash of `text`, one per prefix, each made in one piece: tens of
 * thousands of names go on to be map keys and sorted, and a name joined from parts would be
 * flattened at its first use.
 */
export function hashedNames(prefixes: readonly string[], text: string): string[] {
  hashCodes(text);
  const names: string[] = [];
  for (const prefix of prefixes) {
    let buffer = nameBuffers.get(prefix);
    if (buffer === undefined) {
      buffer = [...Array.from(prefix, (c) => c.charCodeAt(0)), ...codes];
      nameBuffers.set(prefix, buffer);
    }
    for (let i = 0; i < 16; i++) buffer[prefix.length + i] = codes[i]!;
    names.push(String.fromCharCode.apply(null, buffer));
  }
  return names;
}

/** Per prefix, the character codes of a name: the prefix's, then room for the hash's. */
const nameBuffers = new Map<string, number[]>();

/** The hash's 16 characters into `codes`. */
function hashCodes(text: string): void {
  // 16 characters of 5 bits are the first 10 bytes (their base32), read from the words straight
  // away: no byte arrays for them
  const h = sha256TextWords(text, utf8);
  const a = h[0]!;
  const b = h[1]!;
  const c = h[2]! & 0xffff0000;
  for (let i = 0; i < 16; i++) codes[i] = BASE32_CODES[fiveBits(a, b, c, i * 5)]!;
}

/** The first `n` (at most 32) bytes of the text's SHA-256, each through `pick`, as a string. */
export function digestChars(text: string, n: number, pick: (byte: number) => string): string {
  const h = sha256TextWords(text, utf8);
  let s = '';
  for (let i = 0; i < n; i++) s += pick((h[i >> 2]! >>> (24 - 8 * (i & 3))) & 0xff);
  return s;
}
