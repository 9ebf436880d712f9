import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRuleset, printSave } from '../../src/engine/rules/index.ts';
import { shuffleRules } from './shuffle-dump.ts';

const fixture = readFileSync(
  new URL('../../tests/fixtures/kube-proxy.rules', import.meta.url),
  'utf8',
);

/** How many times the -A lines switch from one chain to another. */
function chainSwitches(text: string): number {
  let last = '';
  let switches = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('-A ')) continue;
    const chain = line.split(' ')[1]!;
    if (chain !== last) switches++;
    last = chain;
  }
  return switches;
}

describe('shuffleRules', () => {
  const shuffled = shuffleRules(fixture, 7);

  it('moves the rules apart: the chain changes from rule to rule far more often', () => {
    expect(chainSwitches(shuffled)).toBeGreaterThan(2 * chainSwitches(fixture));
  });

  it('keeps the lines (a permutation) and the ruleset: it prints the same', () => {
    expect(shuffled.split('\n').sort()).toEqual(fixture.split('\n').sort());
    expect(printSave(parseRuleset(shuffled).ruleset)).toBe(
      printSave(parseRuleset(fixture).ruleset),
    );
  });

  it('is the same for the same seed', () => {
    expect(shuffleRules(fixture, 7)).toBe(shuffled);
  });
});
