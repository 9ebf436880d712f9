import { describe, expect, it } from 'vitest';
import KUBE from '../../../tests/fixtures/kube-proxy.rules?raw';
import { engineApi } from '../../worker/engine-api.ts';
import { chainGraph } from '../views/chain-graph/graph-model.ts';
import { dumpGraph, prepareSkeleton, skeletonRuleset } from './dump-rules.ts';
import { parseRuleset, findTable } from '../../engine/rules/index.ts';

describe('a dump table rebuilt from the worker summary and jump columns', () => {
  const s = engineApi.loadDump(KUBE);
  const nat = s.tables.find((t) => t.name === 'nat')!;
  const jumps = engineApi.dumpJumps(s.id, 'nat')!;

  it('gives the same chain graph as the whole parsed table (a small table is drawn whole)', () => {
    const whole = chainGraph(findTable(parseRuleset(KUBE).ruleset, 'nat'));
    expect(dumpGraph(nat, jumps)).toEqual(whole);
  });

  it('keeps the skeleton ruleset empty of rules but complete in chains and policies', () => {
    const r = skeletonRuleset(s);
    expect(r.tables.map((t) => [t.name, t.chains.length])).toEqual([
      ['mangle', 8],
      ['filter', 11],
      ['nat', 36],
    ]);
    expect(r.tables[2]!.chains.every((c) => c.rules.length === 0)).toBe(true);
    expect(r.tables[2]!.chains[0]).toMatchObject({
      name: 'PREROUTING',
      policy: 'ACCEPT',
      builtin: true,
    });
    expect(skeletonRuleset(s)).toBe(r);
  });

  it('builds the same skeleton ahead in slices, which skeletonRuleset then hands out', async () => {
    const lines = ['*filter', ':INPUT ACCEPT [0:0]'];
    for (let i = 0; i < 9_000; i++) lines.push(`:C${i} - [0:0]`);
    const big = engineApi.loadDump([...lines, 'COMMIT', ''].join('\n'));
    let slices = 0;
    await prepareSkeleton(big, async () => {
      slices++;
    });
    expect(slices).toBe(2);
    const ahead = skeletonRuleset(big);
    expect(ahead.tables[0]!.chains).toHaveLength(9_001);
    expect(ahead.tables[0]!.chains[9_000]).toMatchObject({ name: 'C8999', rules: [] });
    // the same as the one made at once
    const again = engineApi.loadDump([...lines, 'COMMIT', '', ''].join('\n'));
    expect(skeletonRuleset(again).tables).toEqual(ahead.tables);
  });

  it('gives the whole graph of a big table, shares and all, as chainGraph does', () => {
    const lines = ['*nat', ':PREROUTING ACCEPT [0:0]', ':KUBE-SERVICES - [0:0]'];
    const rules: string[] = ['-A PREROUTING -j KUBE-SERVICES'];
    for (let i = 0; i < 600; i++) {
      lines.push(`:SVC-${i} - [0:0]`, `:SEP-${i}a - [0:0]`, `:SEP-${i}b - [0:0]`);
      rules.push(
        `-A KUBE-SERVICES -d 10.0.${i >> 8}.${i & 255}/32 -j SVC-${i}`,
        `-A SVC-${i} -m statistic --mode random --probability 0.33333333349 -j SEP-${i}a`,
        `-A SVC-${i} -j SEP-${i}b`,
        `-A SVC-${i} -g SEP-${i}b`,
      );
    }
    const text = [...lines, ...rules, 'COMMIT', ''].join('\n');
    const big = engineApi.loadDump(text);
    const g = dumpGraph(big.tables[0]!, engineApi.dumpJumps(big.id, 'nat')!);
    expect(g.nodes).toHaveLength(1_802);
    expect(g).toEqual(chainGraph(findTable(parseRuleset(text).ruleset, 'nat')));
    const rest = g.edges.find((e) => e.id === 'SVC-9>SEP-9b');
    expect(rest?.probability?.rest).toBe(true);
    expect(rest?.probability?.share).toBeCloseTo(2 / 3);
    expect(rest?.rules).toEqual([2, 3]);
  });
});
