/**
 * Randomness as the kernel applies it. `statistic --mode random` draws a 31-bit number
 * (get_random_u32() & 0x7fffffff) and matches when it is below the rule's integer threshold
 * (lround(p × 2^31), which is why 1/3 prints as 0.33333333349). So a branch's exact probability
 * is threshold / 2^31, and a path's is a product of such fractions: a BigInt numerator over a
 * power of two, exact however many rules a path crosses (exact.ts).
 */
import { mulberry32 } from '../mulberry32.ts';
import { multiply, ONE, reduceExact, type Exact } from './exact.ts';

export const RANDOM_BITS = 31;
export const RANDOM_SCALE = 2 ** RANDOM_BITS;

/** Decides random branches: a seeded sampler, or a scripted walk for enumerating all paths. */
export interface Chooser {
  /** true when the draw falls below `threshold` (out of 2^31) */
  chance(threshold: number): boolean;
}

/** A small, fast, seedable PRNG (mulberry32): the same seed replays the same draws. */
export class SeededRandom implements Chooser {
  readonly nextU32: () => number;

  constructor(seed: number) {
    this.nextU32 = mulberry32(seed);
  }

  chance(threshold: number): boolean {
    return (this.nextU32() & 0x7fffffff) < threshold;
  }

  /** a number in [0, 1) */
  next(): number {
    return this.nextU32() / 2 ** 32;
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

export function branchProbability(threshold: number, taken: boolean): Exact {
  const t = Math.max(0, Math.min(RANDOM_SCALE, Math.round(threshold)));
  return reduceExact({ num: BigInt(taken ? t : RANDOM_SCALE - t), bits: RANDOM_BITS });
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
