/**
 * The names felix gives things, and the `cali:` hashes of its rules (Calico v3.29–v3.31):
 * - a workload's interface: `cali` + the first 11 hex digits of SHA-1("<namespace>.<pod>");
 * - a chain name longer than iptables' 28 characters: prefix + `_` + base64url(SHA-256(suffix));
 * - a selector's ipset: `cali40` + "s:" + base64url(SHA-224("s:" + canonical selector)), cut to 31;
 * - a rule's comment: SHA-224 chained over the chain's rules in felix's own spelling (felix.ts).
 */
import { sha1 } from '@noble/hashes/legacy.js';
import { sha224, sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += B64URL[n >> 18]! + B64URL[(n >> 12) & 63]! + B64URL[(n >> 6) & 63]! + B64URL[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += B64URL[n >> 18]! + B64URL[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += B64URL[n >> 18]! + B64URL[(n >> 12) & 63]! + B64URL[(n >> 6) & 63]!;
  }
  return out;
}

export const MAX_CHAIN_NAME = 28;

/** felix's GetLengthLimitedID applied to a chain prefix and suffix. */
export function chainName(prefix: string, suffix: string): string {
  const literal = prefix + suffix;
  const exact = literal.length === MAX_CHAIN_NAME && suffix.startsWith('_');
  if (literal.length <= MAX_CHAIN_NAME && !exact) return literal;
  return `${prefix}_${base64url(sha256(utf8ToBytes(suffix)))}`.slice(0, MAX_CHAIN_NAME);
}

/** The host side of a pod's veth, as the Calico CNI plugin names it. */
export function workloadInterface(namespace: string, pod: string): string {
  return `cali${bytesToHex(sha1(utf8ToBytes(`${namespace}.${pod}`))).slice(0, 11)}`;
}

/** The ID felix gives a selector ("s:…") from its canonical text. */
export function selectorId(canonical: string): string {
  return `s:${base64url(sha224(utf8ToBytes(`s:${canonical}`)))}`;
}

/** The ID of the empty selector all(). */
export const ALL_SELECTOR_ID = selectorId('all()');

/** The ID of a named-port set: which pods (a selector ID), which protocol, which port name. */
export function namedPortId(selector: string, proto: string, portName: string): string {
  return `n:${base64url(sha224(utf8ToBytes(`n:${selector},${proto},${portName}`)))}`;
}

/** An IPv4 ipset's name for a set ID. */
export function ipsetName(id: string): string {
  return `cali40${id}`.slice(0, 31);
}

/** The `cali:` comments of a chain's rules, from felix's rendering of each (see felix.ts). */
export function ruleHashes(chain: string, rendered: readonly string[]): string[] {
  let h = sha224(utf8ToBytes(chain));
  return rendered.map((r) => {
    const text = utf8ToBytes(r);
    const input = new Uint8Array(h.length + text.length);
    input.set(h);
    input.set(text, h.length);
    h = sha224(input);
    return `cali:${base64url(h).slice(0, 16)}`;
  });
}
