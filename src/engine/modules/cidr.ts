/**
 * An address against a rule's CIDR (`-s`, `-d`, conntrack's tuple options) as the kernel tests
 * it: the rule keeps the address as written (`10.1.2.3/16`), the kernel compares masked bits.
 */
import { parseIPv4, type Cidr } from '../rules/model-face.ts';

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

export function addressIn(addr: number, c: Cidr): boolean {
  const { net, mask } = cidrNumbers(c);
  return (addr & mask) >>> 0 === net;
}
