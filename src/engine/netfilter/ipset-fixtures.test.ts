// The repository's Calico fixtures: each node's `ipset save` text reads without a problem and
// defines every set its rules name, so no rule of those dumps is left depending on a set.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../rules/index.ts';
import { readIpsetText } from './ipset-text.ts';
import { missingSets, setsNamedBy } from './ipset-uses.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url), 'utf8');

describe.each(['calico', 'seeds-calico-db'])('fixture %s', (name) => {
  it('reads the ipset text and finds every set the rules name', () => {
    const sets = readIpsetText(fixture(`${name}.ipset`));
    expect(sets.diagnostics).toEqual([]);
    const { ruleset } = parseRuleset(fixture(`${name}.rules`));
    expect(setsNamedBy(ruleset).length).toBeGreaterThan(0);
    expect(missingSets(ruleset, sets.sets).map((u) => u.name)).toEqual([]);
  });
});
