import { describe, expect, it } from 'vitest';
import { findTable } from '../../../engine/rules/index.ts';
import { clusterIpTrace } from '../shared/test-traces.ts';
import { probabilityLabel } from './edge-label.ts';
import { chainGraph, neighbourhood, tracedPath, type ChainGraphModel } from './graph-model.ts';

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
      .map((e) => (e.probability ? probabilityLabel(e.probability, 'rest') : ''));
    expect(labels).toEqual(['25.0%', '33.3% (25.0%)', '50.0% (25.0%)', 'rest (25.0%)']);
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

describe('neighbourhood of a big graph', () => {
  const star: ChainGraphModel = {
    nodes: [
      { id: 'PREROUTING', builtin: true, policy: 'ACCEPT', rules: 1 },
      { id: 'HUB', builtin: false, policy: null, rules: 20 },
      ...Array.from({ length: 20 }, (_, i) => ({
        id: `LEAF-${i}`,
        builtin: false,
        policy: null,
        rules: 0,
      })),
    ],
    edges: [
      {
        id: 'PREROUTING>HUB',
        from: 'PREROUTING',
        to: 'HUB',
        kind: 'jump',
        rules: [1],
        probability: null,
      },
      ...Array.from({ length: 20 }, (_, i) => ({
        id: `HUB>LEAF-${i}`,
        from: 'HUB',
        to: `LEAF-${i}`,
        kind: 'jump' as const,
        rules: [i + 1],
        probability: null,
      })),
    ],
  };

  it('keeps the path, its neighbours up to a cap, and counts the rest', () => {
    const n = neighbourhood(star, ['PREROUTING', 'HUB', 'LEAF-15']);
    expect(n.nodes.map((x) => x.id)).toEqual([
      'PREROUTING',
      'HUB',
      ...Array.from({ length: 8 }, (_, i) => `LEAF-${i}`),
      'LEAF-15',
    ]);
    expect(n.nodes.find((x) => x.id === 'HUB')?.hidden).toBe(11);
    expect(n.edges.length).toBe(10);
  });

  it('starts from the built-in chains when there is no trace', () => {
    const n = neighbourhood(star, []);
    expect(n.nodes.map((x) => x.id)).toEqual(['PREROUTING', 'HUB']);
  });
});
