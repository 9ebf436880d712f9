/**
 * Exact probabilities for journeys. The simulator gives each outcome at one node as a fraction
 * `NUM/2^BITS`; a journey multiplies the fractions of the nodes it crosses and, when a node's
 * earlier packets are held fixed, divides by their weight, so a general fraction of BigInts.
 */
export interface Fraction {
  num: bigint;
  den: bigint;
}

export const ONE: Fraction = { num: 1n, den: 1n };
export const ZERO: Fraction = { num: 0n, den: 1n };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function reduce(num: bigint, den: bigint): Fraction {
  if (num === 0n) return ZERO;
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

/** Reads the simulator's `exact` text: `1`, `0` or `NUM/DEN`. */
export function parseFraction(text: string): Fraction {
  const [n, d] = text.split('/');
  return reduce(BigInt(n ?? '0'), BigInt(d ?? '1'));
}

export function multiply(a: Fraction, b: Fraction): Fraction {
  return reduce(a.num * b.num, a.den * b.den);
}

export function add(a: Fraction, b: Fraction): Fraction {
  return reduce(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function divide(a: Fraction, b: Fraction): Fraction {
  return b.num === 0n ? ZERO : reduce(a.num * b.den, a.den * b.num);
}

export function toNumber(f: Fraction): number {
  if (f.num === 0n) return 0;
  // scale both to at most 60 bits so Number() keeps the precision that matters
  const bits = Math.max(f.num.toString(2).length, f.den.toString(2).length);
  const shift = BigInt(Math.max(0, bits - 60));
  return Number(f.num >> shift) / Number(f.den >> shift);
}

export function formatFraction(f: Fraction): string {
  return f.den === 1n ? f.num.toString() : `${f.num}/${f.den}`;
}

/** mulberry32: a small seedable generator, so a seeded journey replays exactly. */
export class SeededDraw {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** a number in [0, 1) */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  }

  /** the index of the choice a draw falls in, each weighted by its probability */
  pick(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let u = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      u -= weights[i]!;
      if (u < 0) return i;
    }
    return weights.length - 1;
  }
}
