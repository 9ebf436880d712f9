import { describe, expect, it } from 'vitest';
import { findTable } from '../../../engine/rules/index.ts';
import { clusterIpTrace } from '../shared/test-traces.ts';
import { edgeText } from './edge-label.ts';
import { strings } from './strings.ts';
import { chainGraph, tracedPath } from './graph-model.ts';

const { compiled, sim } = clusterIpTrace();
const nat = findTable(compiled.ruleset, 'nat');
const steps = sim.packets[0]?.steps ?? [];
const graph = chainGraph(nat);
const SVC = 'KUBE-SVC-GBTMB5ZTD56ECL5F';

describe('chain graph model', () => {
  it('has a node per chain and one edge per (from, to), built-ins marked', () => {
    expect(graph.nodes.length).toBe(nat?.chains.length);
    expect(graph.nodes.find((n) => n.id === 'PREROUTING')).toEqual({
      id: 'PREROUTING',
      builtin: true,
      policy: 'ACCEPT',
      rules: 1,
    });
    const svcOut = graph.edges.filter((e) => e.from === SVC);
    expect(svcOut.map((e) => [e.to.slice(0, 9), e.kind, e.rules])).toEqual([
      ['KUBE-MARK', 'jump', [1]],
      ['KUBE-SEP-', 'jump', [2]],
      ['KUBE-SEP-', 'jump', [3]],
      ['KUBE-SEP-', 'jump', [4]],
      ['KUBE-SEP-', 'jump', [5]],
    ]);
  });

  it('reads the statistic thresholds as kube-proxy’s falling probabilities', () => {
    const labels = graph.edges
      .filter((e) => e.from === SVC && e.probability)
      .map((e) => edgeText(e, strings.en)?.lines.join(' '));
    expect(labels).toEqual([
      '1/4 · 25%',
      '1/3 · 33.3% → 25% of all',
      '1/2 · 50% → 25% of all',
      'the rest → 25% of all',
    ]);
    const second = graph.edges.find((e) => e.from === SVC && e.rules[0] === 3);
    expect(second && edgeText(second, strings.en)?.title).toContain('--probability 0.33333333349');
    const first = graph.edges.find((e) => e.from === SVC && e.rules[0] === 2);
    expect(first?.probability).toEqual({ conditional: 0.25, share: 0.25, rest: false });
    expect(graph.edges.find((e) => e.from === SVC && e.rules[0] === 1)?.probability).toBeNull();
  });

  it('follows the traced path up to the current step', () => {
    const dnat = steps.findIndex((s) => s.kind === 'nat');
    const p = tracedPath(steps, dnat, 'nat');
    expect(p.chains).toEqual(['PREROUTING', 'KUBE-SERVICES', SVC, 'KUBE-SEP-CLPYGNZNNY3PRNQC']);
    expect([...p.edges]).toEqual([
      'PREROUTING>KUBE-SERVICES',
      `KUBE-SERVICES>${SVC}`,
      `${SVC}>KUBE-SEP-CLPYGNZNNY3PRNQC`,
    ]);
    expect(p.current).toBe('KUBE-SEP-CLPYGNZNNY3PRNQC');
    expect(tracedPath(steps, -1, 'nat').chains).toEqual([]);
    // at the routing decision the packet is in no chain
    expect(tracedPath(steps, dnat + 2, 'nat').current).toBeNull();
    const whole = tracedPath(steps, steps.length - 1, 'nat');
    expect(whole.chains.slice(-2)).toEqual(['POSTROUTING', 'KUBE-POSTROUTING']);
    expect(tracedPath(steps, steps.length - 1, 'filter').chains).toEqual([
      'FORWARD',
      'KUBE-PROXY-FIREWALL',
      'KUBE-FORWARD',
      'KUBE-SERVICES',
      'KUBE-EXTERNAL-SERVICES',
    ]);
  });
});
