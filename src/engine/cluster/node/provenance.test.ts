import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileNode } from '../compile.ts';

const text = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '..', '__golden__', 'clusterip-4pods.yaml'),
  'utf8',
);
const NODE = 'ip-10-32-11-62.ap-northeast-2.compute.internal';

describe('provenance', () => {
  const r = compileNode(text, NODE);
  const ruleAt = (table: string, chain: string, index: number) =>
    r.ruleset.tables.find((t) => t.name === table)?.chains.find((c) => c.name === chain)?.rules[
      index - 1
    ];

  it('covers every rule of the ruleset', () => {
    const ids = r.ruleset.tables.flatMap((t) => t.chains.flatMap((c) => c.rules.map((x) => x.id)));
    expect(ids.length).toBeGreaterThan(20);
    expect(ids.filter((id) => !r.provenance.has(id))).toEqual([]);
    expect(r.diagnostics.filter((d) => d.code === 'internal')).toEqual([]);
  });

  it('ties a load-balancing rule to its Service port, endpoint and pod with YAML ranges', () => {
    const rule = ruleAt('nat', 'KUBE-SVC-GBTMB5ZTD56ECL5F', 2);
    expect(rule?.source).toContain('10.42.0.43:8080');
    const p = rule ? r.provenance.get(rule.id) : undefined;
    expect(p).toMatchObject({
      writer: 'kube-proxy',
      role: 'load-balance',
      servicePort: 'default/service-test',
      endpoint: '10.42.0.43:8080',
    });
    expect(p?.sources.map((s) => [s.kind, s.name, s.field ?? '', s.span.line])).toEqual([
      ['Service', 'service-test', 'spec.ports[0]', 67],
      ['Pod', 'service-test-cd79b78bd-pq8bz', '', 37],
    ]);
  });

  it('names the ClusterIP and the clusterCIDR behind the masquerade rule', () => {
    const rule = ruleAt('nat', 'KUBE-SVC-GBTMB5ZTD56ECL5F', 1);
    const p = rule ? r.provenance.get(rule.id) : undefined;
    expect(p?.role).toBe('cluster-ip-masquerade');
    expect(p?.sources.map((s) => s.field)).toEqual(['spec.ports[0]', 'clusterCIDR']);
  });

  it('marks kubelet’s rules as kubelet’s', () => {
    const rule = ruleAt('filter', 'INPUT', 4);
    expect(rule?.source).toBe('-A INPUT -j KUBE-FIREWALL');
    expect(rule && r.provenance.get(rule.id)).toMatchObject({
      writer: 'kubelet',
      role: 'hook-jump',
    });
  });

  it('points rule spans into rulesetText', () => {
    const rule = ruleAt('nat', 'KUBE-SVC-GBTMB5ZTD56ECL5F', 2);
    const line = rule ? r.rulesetText.split('\n')[rule.span.line - 1] : undefined;
    expect(line).toBe(rule?.source);
  });
});
