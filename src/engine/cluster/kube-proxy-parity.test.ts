/**
 * The compiler against kube-proxy's own expectations: kube-proxy-overall.yaml holds the objects
 * of TestOverallIPTablesRules (kubernetes pkg/proxy/iptables/proxier_test.go) and
 * kube-proxy-overall.expected the restore input that test expects. Both go through the same
 * iptables normalisation (the engine's parser and printer), then every chain must hold the same
 * rules in the same order. The test leaves out what kube-proxy writes outside its restore input
 * (jumps from built-in chains, canary chains), so those are compared separately.
 */
import { describe, expect, it } from 'vitest';
import { parseRuleset, printSave } from '../rules/index.ts';
import { compileNode } from './compile.ts';
import { rulesByChain } from './test-kit.ts';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const golden = (name: string): string => readFileSync(join(GOLDEN_DIR, name), 'utf8');

const BUILTIN = new Set(['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING']);

describe('TestOverallIPTablesRules parity', () => {
  const compiled = compileNode(golden('kube-proxy-overall.yaml'), 'test-node');
  const mine = rulesByChain(compiled.rulesetText);
  const expected = rulesByChain(
    printSave(
      parseRuleset(golden('kube-proxy-overall.expected'), { format: 'save', family: 'ipv4' })
        .ruleset,
    ),
  );

  it('compiles without errors', () => {
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('declares the same kube-proxy chains', () => {
    const ours = [...mine.keys()]
      .filter((k) => !BUILTIN.has(k.split('/')[1] ?? '') && !k.endsWith('-CANARY'))
      .sort();
    expect(ours).toEqual([...expected.keys()].sort());
  });

  it.each([
    ...rulesByChain(
      printSave(
        parseRuleset(golden('kube-proxy-overall.expected'), { format: 'save', family: 'ipv4' })
          .ruleset,
      ),
    ).keys(),
  ])('chain %s holds the same rules in the same order', (key) => {
    expect(mine.get(key)).toEqual(expected.get(key));
  });

  it('adds the jumps kube-proxy ensures outside its restore input, newest first', () => {
    expect(mine.get('filter/INPUT')).toEqual([
      '-A INPUT -m conntrack --ctstate NEW -m comment --comment "kubernetes load balancer firewall" -j KUBE-PROXY-FIREWALL',
      '-A INPUT -m comment --comment "kubernetes health check service ports" -j KUBE-NODEPORTS',
      '-A INPUT -m conntrack --ctstate NEW -m comment --comment "kubernetes externally-visible service portals" -j KUBE-EXTERNAL-SERVICES',
      '-A INPUT -j KUBE-FIREWALL',
    ]);
    expect(mine.get('nat/PREROUTING')).toEqual([
      '-A PREROUTING -m comment --comment "kubernetes service portals" -j KUBE-SERVICES',
    ]);
    expect(mine.get('nat/POSTROUTING')).toEqual([
      '-A POSTROUTING -m comment --comment "kubernetes postrouting rules" -j KUBE-POSTROUTING',
    ]);
  });
});
