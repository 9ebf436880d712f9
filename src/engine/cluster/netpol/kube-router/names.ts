/**
 * The names kube-router's policy controller (v2.6.3, and k3s's fork v2.6.3-k3s1) gives its
 * chains and ipsets: a prefix and the first 16 characters of base32(SHA-256(input)), where the
 * input is plain concatenation. Pod and policy chains include the sync version (the Unix time of
 * the sync in nanoseconds), so on a real node they change at every full sync; the ipsets do not.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (padding left out: only a prefix of it is ever used). */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let value = 0;
  let bits = 0;
  for (const b of bytes) {
    value = ((value << 8) | b) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]!;
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]!;
  return out;
}

export function hash16(input: string): string {
  return base32(sha256(utf8ToBytes(input))).slice(0, 16);
}

/**
 * The sync version every name here is computed with: the reference's worked examples assume
 * this one, so the simulator's names equal theirs (a real node's differ at every sync).
 */
export const SYNC_VERSION = '1757000000000000000';
const FAMILY = 'IPv4';

export const INPUT_CHAIN = 'KUBE-ROUTER-INPUT';
export const FORWARD_CHAIN = 'KUBE-ROUTER-FORWARD';
export const OUTPUT_CHAIN = 'KUBE-ROUTER-OUTPUT';
export const COMMON_CHAIN = 'KUBE-NWPLCY-COMMON';
export const DEFAULT_CHAIN = 'KUBE-NWPLCY-DEFAULT';

export function podChain(namespace: string, pod: string): string {
  return `KUBE-POD-FW-${hash16(namespace + pod + SYNC_VERSION)}`;
}

export function policyChain(namespace: string, policy: string): string {
  return `KUBE-NWPLCY-${hash16(namespace + policy + SYNC_VERSION + FAMILY)}`;
}

/** The set of the pods a policy selects: KUBE-DST- for its ingress, KUBE-SRC- for its egress. */
export function targetSet(side: 'SRC' | 'DST', namespace: string, policy: string): string {
  return `KUBE-${side}-${hash16(namespace + policy + FAMILY)}`;
}

export type RuleDirection = 'ingress' | 'egress';

/** The set of a rule's peers: pods (hash:ip) or ipBlocks (hash:net). */
export function peerSet(
  dir: RuleDirection,
  namespace: string,
  policy: string,
  rule: number,
  kind: 'pod' | 'ipblock',
): string {
  const side = dir === 'ingress' ? 'SRC' : 'DST';
  return `KUBE-${side}-${hash16(`${namespace}${policy}${dir}rule${rule}${FAMILY}${kind}`)}`;
}

/** The set of the pods behind a rule's named port, one per container port number it names. */
export function namedPortSet(
  dir: RuleDirection,
  namespace: string,
  policy: string,
  rule: number,
  endpoint: number,
): string {
  return `KUBE-DST-${hash16(`${namespace}${policy}${dir}rule${rule}${endpoint}${FAMILY}namedport`)}`;
}

/**
 * The ID kube-router appends to the comment of its rules in the built-in chains and in
 * KUBE-ROUTER-INPUT: over the chain's name and the rule's words before the ID was added.
 */
export function ruleId(chain: string, words: readonly string[]): string {
  return hash16(chain + words.join(''));
}
