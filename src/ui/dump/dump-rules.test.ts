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
    expect(dumpGraph(nat, jumps, [])).toEqual(whole);
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

  it('cuts a big table down to the traced chains and their neighbours', () => {
    const lines = ['*nat', ':PREROUTING ACCEPT [0:0]', ':KUBE-SERVICES - [0:0]'];
    const rules: string[] = ['-A PREROUTING -j KUBE-SERVICES'];
    for (let i = 0; i < 600; i++) {
      lines.push(`:SVC-${i} - [0:0]`);
      rules.push(`-A KUBE-SERVICES -d 10.0.${i >> 8}.${i & 255}/32 -j SVC-${i}`);
    }
    const big = engineApi.loadDump([...lines, ...rules, 'COMMIT', ''].join('\n'));
    const t = big.tables[0]!;
    const g = dumpGraph(t, engineApi.dumpJumps(big.id, 'nat')!, [
      'PREROUTING',
      'KUBE-SERVICES',
      'SVC-7',
    ]);
    expect(g.nodes.map((n) => [n.id, n.rules, n.hidden ?? 0])).toEqual([
      ['PREROUTING', 1, 0],
      ['KUBE-SERVICES', 600, 591], // 599 neighbours besides SVC-7, 8 drawn
      ['SVC-0', 0, 0],
      ['SVC-1', 0, 0],
      ['SVC-2', 0, 0],
      ['SVC-3', 0, 0],
      ['SVC-4', 0, 0],
      ['SVC-5', 0, 0],
      ['SVC-6', 0, 0],
      ['SVC-7', 0, 0],
      ['SVC-8', 0, 0],
    ]);
    expect(g.edges).toHaveLength(10);
  });
});
