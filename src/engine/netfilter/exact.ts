/**
 * Exact probabilities, the one module that holds them. The simulator's kind is `Exact`, a BigInt
 * numerator over a power of two: every branch of `statistic --mode random` is threshold / 2^31
 * (random.ts), so a path's product stays dyadic and costs only shifts. A journey multiplies the
 * outcomes of the nodes it crosses and, when a node's earlier packets are held fixed, divides by
 * their weight, which leaves powers of two: `Fraction`, a general BigInt fraction, reads an
 * outcome's `exact` text (formatExact) and carries on from there.
 */

/** An exact probability: numerator / 2^bits. */
export interface Exact {
  num: bigint;
  bits: number;
}

export const ONE: Exact = { num: 1n, bits: 0 };

/** Exact's lowest terms: the numerator odd, or zero over 2^0. */
export function reduceExact(e: Exact): Exact {
  let { num, bits } = e;
  if (num === 0n) return { num: 0n, bits: 0 };
  while (bits >= 32 && (num & 0xffffffffn) === 0n) {
    num >>= 32n;
    bits -= 32;
  }
  while (bits > 0 && (num & 1n) === 0n) {
    num >>= 1n;
    bits--;
  }
  return { num, bits };
}

export function multiply(a: Exact, b: Exact): Exact {
  return reduceExact({ num: a.num * b.num, bits: a.bits + b.bits });
}

export function add(a: Exact, b: Exact): Exact {
  const bits = Math.max(a.bits, b.bits);
  return reduceExact({
    num: (a.num << BigInt(bits - a.bits)) + (b.num << BigInt(bits - b.bits)),
    bits,
  });
}

export function isZero(e: Exact): boolean {
  return e.num === 0n;
}

export function toNumber(e: Exact): number {
  if (e.num === 0n) return 0;
  // a probability is at most 1, so its top 64 bits are usually those below 2^bits
  const shift = Math.max(0, e.bits - 64);
  const top = Number(e.num >> BigInt(shift));
  if (shift === 0 || top >= 2 ** 53) return top * 2 ** (shift - e.bits);
  // a small probability: find where its bits really start (hex is cheaper to print than binary)
  const len = e.num.toString(16).length * 4;
  const exact = Math.max(0, len - 64);
  return Number(e.num >> BigInt(exact)) * 2 ** (exact - e.bits);
}

/** 2^bits in decimal, kept: every enumeration of the same Service prints the same ones. */
const powersOfTwo = new Map<number, string>();

function powerOfTwo(bits: number): string {
  let s = powersOfTwo.get(bits);
  if (s === undefined) {
    s = (1n << BigInt(bits)).toString();
    if (powersOfTwo.size >= 4096) powersOfTwo.clear();
    powersOfTwo.set(bits, s);
  }
  return s;
}

/** `2147483649/8589934592`, or `1` / `0`: the exact fraction as text for JSON. */
export function formatExact(e: Exact): string {
  if (e.bits === 0) return e.num.toString();
  return `${e.num.toString()}/${powerOfTwo(e.bits)}`;
}

// ---- general fractions, for journeys ----

export interface Fraction {
  num: bigint;
  den: bigint;
}

export const FRACTION_ONE: Fraction = { num: 1n, den: 1n };
export const FRACTION_ZERO: Fraction = { num: 0n, den: 1n };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function reduceFraction(num: bigint, den: bigint): Fraction {
  if (num === 0n) return FRACTION_ZERO;
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

/** Reads formatExact's (or formatFraction's) text: `1`, `0` or `NUM/DEN`. */
export function readFraction(text: string): Fraction {
  const [n, d] = text.split('/');
  return reduceFraction(BigInt(n ?? '0'), BigInt(d ?? '1'));
}

export function multiplyFractions(a: Fraction, b: Fraction): Fraction {
  return reduceFraction(a.num * b.num, a.den * b.den);
}

export function addFractions(a: Fraction, b: Fraction): Fraction {
  return reduceFraction(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function divideFractions(a: Fraction, b: Fraction): Fraction {
  return b.num === 0n ? FRACTION_ZERO : reduceFraction(a.num * b.den, a.den * b.num);
}

export function fractionToNumber(f: Fraction): number {
  if (f.num === 0n) return 0;
  // scale both to at most 60 bits so Number() keeps the precision that matters
  const bits = Math.max(f.num.toString(2).length, f.den.toString(2).length);
  const shift = BigInt(Math.max(0, bits - 60));
  return Number(f.num >> shift) / Number(f.den >> shift);
}

export function formatFraction(f: Fraction): string {
  return f.den === 1n ? f.num.toString() : `${f.num}/${f.den}`;
}
