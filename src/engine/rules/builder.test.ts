/**
 * Chains declared twice are reported whichever way each declaration was read: the save parser's
 * fast path declares user chains without indexing them (declareNewChain) and relies on its memo
 * of names to find a second declaration; the full reader, a resumed table and the other formats
 * go through the index.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRuleset } from './parse.ts';

const duplicates = (text: string) =>
  parseRuleset(text, { format: 'save', family: 'ipv4' })
    .diagnostics.filter((d) => d.code === 'duplicate-chain')
    .map((d) => `${d.line}:${d.column} ${d.message}`);

const chainsOf = (text: string) =>
  parseRuleset(text, { format: 'save', family: 'ipv4' }).ruleset.tables.map(
    (t) => `${t.name}: ${t.chains.map((c) => c.name).join(' ')}`,
  );

describe('a chain declared twice', () => {
  it('is reported when both lines are plain (the fast path)', () => {
    const text = '*filter\n:INPUT ACCEPT [0:0]\n:A - [0:0]\n:B - [0:0]\n:A - [0:0]\nCOMMIT\n';
    expect(duplicates(text)).toEqual(['5:1 chain A is declared twice in table filter']);
    expect(chainsOf(text)).toEqual(['filter: INPUT A B']);
  });

  it('is reported when the first was read the full way', () => {
    // two spaces: not the fast path's plain line
    const text = '*filter\n:A  - [0:0]\n:A - [0:0]\nCOMMIT\n';
    expect(duplicates(text)).toEqual(['3:1 chain A is declared twice in table filter']);
  });

  it('is reported in a table resumed after another declared the same name', () => {
    const text = [
      '*filter',
      ':KUBE-X - [0:0]',
      'COMMIT',
      '*nat',
      ':KUBE-X - [0:0]',
      'COMMIT',
      '*filter',
      ':KUBE-X - [0:0]',
      'COMMIT',
      '',
    ].join('\n');
    expect(duplicates(text)).toEqual(['8:1 chain KUBE-X is declared twice in table filter']);
    expect(chainsOf(text)).toEqual(['filter: KUBE-X', 'nat: KUBE-X']);
  });

  it('is not reported for the same name in two tables', () => {
    const text = '*filter\n:KUBE-X - [0:0]\nCOMMIT\n*nat\n:KUBE-X - [0:0]\nCOMMIT\n';
    expect(duplicates(text)).toEqual([]);
  });

  it('is found by name for a rule that names it, however it was declared', () => {
    // rules in an order the chain finder does not expect: the index is made when asked for
    const text = [
      '*filter',
      ':INPUT ACCEPT [0:0]',
      ':A - [0:0]',
      ':B - [0:0]',
      ':C - [0:0]',
      ':D - [0:0]',
      ':E - [0:0]',
      ':F - [0:0]',
      '-A F -j RETURN',
      '-A A -j F',
      'COMMIT',
      '',
    ].join('\n');
    const r = parseRuleset(text, { format: 'save', family: 'ipv4' });
    expect(r.diagnostics).toEqual([]);
    const chains = r.ruleset.tables[0]!.chains;
    expect(chains.find((c) => c.name === 'F')!.rules.map((x) => x.id)).toEqual(['filter/F/1']);
    expect(chains.find((c) => c.name === 'A')!.rules.map((x) => x.id)).toEqual(['filter/A/1']);
  });
});

describe('a built-in chain met after rules of other chains', () => {
  afterEach(() => vi.restoreAllMocks());

  const dump = (users: number) =>
    [
      '*nat',
      ':PREROUTING ACCEPT [0:0]',
      ':OUTPUT ACCEPT [0:0]',
      ...Array.from({ length: users }, (_, i) => `:KUBE-SVC-${i} - [0:0]`),
      '-A OUTPUT -j KUBE-SVC-0',
      ...Array.from({ length: users }, (_, i) => `-A KUBE-SVC-${i} -j RETURN`),
      '-A PREROUTING -j KUBE-SVC-1',
      '-A OUTPUT -j KUBE-SVC-2',
      'COMMIT',
      '',
    ].join('\n');

  it('gets the rule, in order, with every user chain left out of the index of names', () => {
    // the user chains come the fast way (not indexed); the built-in ones are found where they
    // stand, so no index of every chain is made for them (no Map.set per user chain)
    const set = vi.spyOn(Map.prototype, 'set');
    const r = parseRuleset(dump(500), { format: 'save', family: 'ipv4' });
    const calls = set.mock.calls.filter(
      ([k]) => typeof k === 'string' && k.startsWith('KUBE-SVC-'),
    );
    set.mockRestore();
    expect(r.diagnostics).toEqual([]);
    const chains = r.ruleset.tables[0]!.chains;
    expect(chains[0]!.rules.map((x) => x.id)).toEqual(['nat/PREROUTING/1']);
    expect(chains[1]!.rules.map((x) => [x.id, x.target?.name])).toEqual([
      ['nat/OUTPUT/1', 'KUBE-SVC-0'],
      ['nat/OUTPUT/2', 'KUBE-SVC-2'],
    ]);
    expect(calls.length).toBeLessThan(10);
  });
});
