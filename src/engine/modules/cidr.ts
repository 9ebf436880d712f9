/**
 * An address against a rule's CIDR (`-s`, `-d`, conntrack's tuple options) as the kernel tests
 * it: the rule keeps the address as written (`10.1.2.3/16`), the kernel compares masked bits.
 */
import { parseIPv4, parseIPv6, type Cidr } from '../rules/model-face.ts';

export function maskOf(prefix: number): number {
  return prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
}

interface NumericCidr {
  net: number;
  mask: number;
}

const numeric = new WeakMap<Cidr, NumericCidr>();

/** The CIDR as numbers, worked out once per CIDR object. */
export function cidrNumbers(c: Cidr): NumericCidr {
  let n = numeric.get(c);
  if (!n) {
    const mask = c.mask !== undefined ? (parseIPv4(c.mask) ?? 0) : maskOf(c.prefix);
    n = { net: ((parseIPv4(c.address) ?? 0) & mask) >>> 0, mask };
    numeric.set(c, n);
  }
  return n;
}

interface NumericCidr6 {
  net: bigint;
  mask: bigint;
}

const numeric6 = new WeakMap<Cidr, NumericCidr6>();
const ALL128 = (1n << 128n) - 1n;

/** IPv6 text as a 128-bit number; undefined when it is not one. */
export function ipv6Number(text: string): bigint | undefined {
  const g = parseIPv6(text);
  if (!g) return undefined;
  let v = 0n;
  for (const x of g) v = (v << 16n) | BigInt(x);
  return v;
}

/** An IPv6 CIDR as 128-bit numbers, worked out once per CIDR object. */
export function cidrNumbers6(c: Cidr): NumericCidr6 {
  let n = numeric6.get(c);
  if (!n) {
    const v = ipv6Number(c.address) ?? 0n;
    const mask = c.prefix === 0 ? 0n : (ALL128 << BigInt(128 - c.prefix)) & ALL128;
    n = { net: v & mask, mask };
    numeric6.set(c, n);
  }
  return n;
}

/**
 * An address (a number for IPv4, a bigint for IPv6) against a CIDR; an address of the other
 * family never lies inside it.
 */
export function addressIn(addr: number | bigint, c: Cidr): boolean {
  if (typeof addr === 'bigint') {
    if (c.family !== 'ipv6') return false;
    const { net, mask } = cidrNumbers6(c);
    return (addr & mask) === net;
  }
  if (c.family !== 'ipv4') return false;
  const { net, mask } = cidrNumbers(c);
  return (addr & mask) >>> 0 === net;
}
