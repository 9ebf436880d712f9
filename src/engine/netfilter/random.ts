/**
 * Randomness as the kernel applies it. `statistic --mode random` draws a 31-bit number
 * (get_random_u32() & 0x7fffffff) and matches when it is below the rule's integer threshold
 * (lround(p × 2^31), which is why 1/3 prints as 0.33333333349). So a branch's exact probability
 * is threshold / 2^31, and a path's is a product of such fractions: a BigInt numerator over a
 * power of two, exact however many rules a path crosses.
 */
export const RANDOM_BITS = 31;
export const RANDOM_SCALE = 2 ** RANDOM_BITS;

/** Decides random branches: a seeded sampler, or a scripted walk for enumerating all paths. */
export interface Chooser {
  /** true when the draw falls below `threshold` (out of 2^31) */
  chance(threshold: number): boolean;
}

/** A small, fast, seedable PRNG (mulberry32): the same seed replays the same draws. */
export class SeededRandom implements Chooser {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  nextU32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  chance(threshold: number): boolean {
    return (this.nextU32() & 0x7fffffff) < threshold;
  }
}

/** An exact probability: numerator / 2^bits. */
export interface Exact {
  num: bigint;
  bits: number;
}

export const ONE: Exact = { num: 1n, bits: 0 };

export function branchProbability(threshold: number, taken: boolean): Exact {
  const t = Math.max(0, Math.min(RANDOM_SCALE, Math.round(threshold)));
  return reduce({ num: BigInt(taken ? t : RANDOM_SCALE - t), bits: RANDOM_BITS });
}

function reduce(e: Exact): Exact {
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
  return reduce({ num: a.num * b.num, bits: a.bits + b.bits });
}

export function add(a: Exact, b: Exact): Exact {
  const bits = Math.max(a.bits, b.bits);
  return reduce({ num: (a.num << BigInt(bits - a.bits)) + (b.num << BigInt(bits - b.bits)), bits });
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

/**
 * Replays a fixed list of decisions, then takes the matching branch of every new random rule
 * while remembering the other one, so a depth-first search can come back for it. Branches with
 * probability zero (threshold 0 or 2^31) are never taken.
 */
export class ScriptedChooser implements Chooser {
  readonly taken: boolean[] = [];
  /** for each decision: whether the other branch has a non-zero probability */
  readonly alternatives: boolean[] = [];
  /** the threshold of each decision, and the path's probability after it */
  readonly thresholds: number[] = [];
  readonly products: Exact[] = [];
  probability: Exact = ONE;

  /** what the run this script came from saw: only its arrays, so no chain of runs is kept */
  private readonly prevTaken: readonly boolean[];
  private readonly prevThresholds: readonly number[];
  private readonly prevProducts: readonly Exact[];

  /**
   * `previous` is the run this script came from (nextScript): the decisions the two share
   * were taken on the same rules, so their product is reused rather than multiplied again
   * (a path through the 100th endpoint of a Service would otherwise redo 99 big products).
   */
  constructor(
    private readonly script: readonly boolean[],
    previous: ScriptedChooser | null = null,
  ) {
    this.prevTaken = previous ? previous.taken : [];
    this.prevThresholds = previous ? previous.thresholds : [];
    this.prevProducts = previous ? previous.products : [];
  }

  chance(threshold: number): boolean {
    const i = this.taken.length;
    const canMatch = threshold > 0;
    const canMiss = threshold < RANDOM_SCALE;
    let choice: boolean;
    if (i < this.script.length) choice = this.script[i]!;
    else choice = canMatch;
    this.taken.push(choice);
    this.alternatives.push(choice ? canMiss : canMatch);
    this.thresholds.push(threshold);
    // reused only while this path is the previous one: the same product so far (the very
    // object), the same threshold and the same choice
    const same =
      this.prevThresholds[i] === threshold &&
      this.prevTaken[i] === choice &&
      this.probability === (i === 0 ? ONE : this.prevProducts[i - 1]);
    this.probability = same
      ? this.prevProducts[i]!
      : multiply(this.probability, branchProbability(threshold, choice));
    this.products.push(this.probability);
    return choice;
  }

  /**
   * The next script to try after this run, or null when every path has been walked: depth
   * first, back to the deepest decision that took the matching branch and could have missed.
   */
  nextScript(): boolean[] | null {
    for (let i = this.taken.length - 1; i >= 0; i--) {
      if (this.taken[i] && this.alternatives[i]) return [...this.taken.slice(0, i), false];
    }
    return null;
  }
}
