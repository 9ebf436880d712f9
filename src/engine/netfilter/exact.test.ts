import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addFractions,
  divideFractions,
  formatExact,
  formatFraction,
  multiply,
  multiplyFractions,
  readFraction,
  type Exact,
} from './exact.ts';

const SRC = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('exact probabilities', () => {
  it('are defined in one module, and the seeded generator once', () => {
    const files = sources(SRC).map((f) => [relative(SRC, f), readFileSync(f, 'utf8')] as const);
    const defining = (re: RegExp) => files.filter(([, text]) => re.test(text)).map(([f]) => f);
    expect(defining(/\binterface (Exact|Fraction)\b/)).toEqual(['engine/netfilter/exact.ts']);
    // mulberry32's increment: the simulator's draws, a journey's and the samples' are one generator
    expect(defining(/0x6d2b79f5/i)).toEqual(['engine/mulberry32.ts']);
  });

  it("a journey reads the simulator's text into the same value and carries on exactly", () => {
    const third: Exact = { num: 715827883n, bits: 31 }; // kube-proxy's 1/3 as the kernel keeps it
    const text = formatExact(multiply(third, third));
    expect(readFraction(text)).toEqual({ num: 715827883n ** 2n, den: 2n ** 62n });
    const f = readFraction('3/4');
    expect(formatFraction(divideFractions(multiplyFractions(f, f), f))).toBe('3/4');
    expect(formatFraction(addFractions(readFraction('1/4'), readFraction('3/4')))).toBe('1');
  });
});
