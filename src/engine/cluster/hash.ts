/**
 * The hashing kube-proxy names its chains with (facts from pkg/proxy/iptables/proxier.go):
 * SHA-256 over the UTF-8 text, standard base32 (RFC 4648 alphabet A–Z2–7), first 16 characters.
 */
import { sha256Text } from './sha256.ts';

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

/** The 16-character hash kube-proxy appends to KUBE-SVC-/SVL-/EXT-/FW-/SEP- chain names. */
export function chainHash(text: string): string {
  // 16 characters of 5 bits are the first 10 bytes
  return base32(digest(text).subarray(0, 10));
}
