/**
 * Golden outputs: each scenario's YAML compiled for a node, compared line for line with a file
 * that was checked by loading it into the real iptables 1.8.9 (nf_tables) with
 * scripts/iptables-oracle.sh: iptables-save printed every file back unchanged
 * (see __golden__/check-oracle.sh). UPDATE_GOLDEN=1 rewrites them.
 */
import { describe, expect, it } from 'vitest';
import { compileNode } from './compile.ts';
import { rulesByChain } from './test-kit.ts';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const golden = (name: string): string => readFileSync(join(GOLDEN_DIR, name), 'utf8');

/** Compares with a golden file; UPDATE_GOLDEN=1 rewrites it (then check it with check-oracle.sh). */
function goldenOrUpdate(name: string, actual: string): string {
  const path = join(GOLDEN_DIR, name);
  if (process.env['UPDATE_GOLDEN'] === '1' || !existsSync(path)) writeFileSync(path, actual);
  return readFileSync(path, 'utf8');
}

const SCENARIOS: [string, string][] = [
  ['clusterip-4pods', 'ip-10-32-11-62.ap-northeast-2.compute.internal'],
  ['nodeport-30080', 'node-a'],
  ['nodeport-30080', 'node-b'],
  ['etp-local', 'node-a'],
  ['etp-local', 'node-b'],
  ['lb-source-ranges', 'node-a'],
  ['external-ips', 'node-a'],
  ['session-affinity', 'node-a'],
  ['no-endpoints', 'node-a'],
  ['itp-local', 'node-a'],
  ['itp-local', 'node-b'],
];

describe('golden node rulesets', () => {
  it.each(SCENARIOS)('%s on %s', (scenario, node) => {
    const r = compileNode(golden(`${scenario}.yaml`), node);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const expected = goldenOrUpdate(`${scenario}.${node}.save`, r.rulesetText);
    expect(r.rulesetText.split('\n')).toEqual(expected.split('\n'));
  });
});

describe('what the goldens show', () => {
  const chains = (scenario: string, node: string) =>
    rulesByChain(compileNode(golden(`${scenario}.yaml`), node).rulesetText);

  it('the articles’ ClusterIP: 4 endpoints at 0.25 / 0.333… / 0.5 / rest, as on the real node', () => {
    const svc = chains('clusterip-4pods', 'ip-10-32-11-62.ap-northeast-2.compute.internal').get(
      'nat/KUBE-SVC-GBTMB5ZTD56ECL5F',
    );
    // these four lines are copied from `iptables -S -t nat` on the article's node
    expect(svc?.slice(1)).toEqual([
      '-A KUBE-SVC-GBTMB5ZTD56ECL5F -m comment --comment "default/service-test -> 10.42.0.43:8080" -m statistic --mode random --probability 0.25000000000 -j KUBE-SEP-CLPYGNZNNY3PRNQC',
      '-A KUBE-SVC-GBTMB5ZTD56ECL5F -m comment --comment "default/service-test -> 10.42.0.44:8080" -m statistic --mode random --probability 0.33333333349 -j KUBE-SEP-54OS7XC6LLUCYZJF',
      '-A KUBE-SVC-GBTMB5ZTD56ECL5F -m comment --comment "default/service-test -> 10.42.1.41:8080" -m statistic --mode random --probability 0.50000000000 -j KUBE-SEP-SU625FHCSXBPEYVL',
      '-A KUBE-SVC-GBTMB5ZTD56ECL5F -m comment --comment "default/service-test -> 10.42.1.42:8080" -j KUBE-SEP-KYPXHCLNNXAPFHUW',
    ]);
    expect(svc?.[0]).toBe(
      '-A KUBE-SVC-GBTMB5ZTD56ECL5F ! -s 10.42.0.0/16 -d 10.43.62.130/32 -p tcp -m comment --comment "default/service-test cluster IP" -m tcp --dport 80 -j KUBE-MARK-MASQ',
    );
  });

  it('the articles’ NodePort 30080: KUBE-NODEPORTS → KUBE-EXT (masquerade) → KUBE-SVC', () => {
    const c = chains('nodeport-30080', 'node-a');
    expect(c.get('nat/KUBE-NODEPORTS')).toEqual([
      '-A KUBE-NODEPORTS -p tcp -m comment --comment "default/service-test-nodeport" -m tcp --dport 30080 -j KUBE-EXT-5N7WIXIG6FFV5MSL',
    ]);
    expect(c.get('nat/KUBE-EXT-5N7WIXIG6FFV5MSL')).toEqual([
      '-A KUBE-EXT-5N7WIXIG6FFV5MSL -m comment --comment "masquerade traffic for default/service-test-nodeport external destinations" -j KUBE-MARK-MASQ',
      '-A KUBE-EXT-5N7WIXIG6FFV5MSL -j KUBE-SVC-5N7WIXIG6FFV5MSL',
    ]);
    expect(c.get('nat/KUBE-SVC-5N7WIXIG6FFV5MSL')).toHaveLength(5);
  });

  it('externalTrafficPolicy Local: node-b has no SVL chain and drops NodePort traffic from outside', () => {
    const b = chains('etp-local', 'node-b');
    expect([...b.keys()].some((k) => k.includes('KUBE-SVL-'))).toBe(false);
    expect(b.get('filter/KUBE-EXTERNAL-SERVICES')).toEqual([
      '-A KUBE-EXTERNAL-SERVICES -p tcp -m comment --comment "default/web:http has no local endpoints" -m addrtype --dst-type LOCAL -m tcp --dport 30081 -j DROP',
    ]);
    const a = chains('etp-local', 'node-a');
    expect(a.get('nat/KUBE-EXT-CDGGSHYLG3RE2FKL')?.at(-1)).toBe(
      '-A KUBE-EXT-CDGGSHYLG3RE2FKL -j KUBE-SVL-CDGGSHYLG3RE2FKL',
    );
    expect(a.get('filter/KUBE-EXTERNAL-SERVICES')).toEqual([]);
  });

  it('internalTrafficPolicy Local without a local endpoint drops the ClusterIP', () => {
    expect(chains('itp-local', 'node-b').get('filter/KUBE-SERVICES')).toEqual([
      '-A KUBE-SERVICES -d 10.96.40.40/32 -p tcp -m comment --comment "kube-system/agent:metrics has no local endpoints" -m tcp --dport 9100 -j DROP',
    ]);
    expect(chains('itp-local', 'node-a').get('nat/KUBE-SERVICES')?.[0]).toContain('-j KUBE-SVL-');
  });
});
