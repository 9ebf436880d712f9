import { describe, expect, it } from 'vitest';
import { netpolAfterDnat } from '../engine/scenarios/netpol-after-dnat.ts';
import { compiledCluster } from './cluster-cache.ts';

describe('the worker’s compiled cluster with Calico', () => {
  const yaml = netpolAfterDnat.clusters[1]!.yaml;

  it('gives each node’s host the ipsets its policy rules name', () => {
    const { hosts, result } = compiledCluster(yaml);
    const text = result.nodes.find((n) => n.name === 'node-a')!.rulesetText;
    const named = [...text.matchAll(/--match-set (\S+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(hosts['node-a']!.ipsets.map((s) => s.name)).toContain(name);
  });

  it('sends a pod’s packets in by its Calico interface', () => {
    const db = compiledCluster(yaml).result.summary.pods.find((p) => p.name === 'db');
    expect(db?.veth).toMatch(/^cali[0-9a-f]{11}$/);
  });
});
