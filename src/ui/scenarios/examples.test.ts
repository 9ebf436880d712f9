/**
 * Every shipped example opens as a valid scenario document whose packet is the scenario's flow:
 * it resolves on the example's own cluster, starts on the example's node, and follows the same
 * journey as the flow the engine's golden files hold. Opening one over the user's work keeps
 * that work for an Undo.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { loadCluster } from '../../engine/cluster/index.ts';
import { journey } from '../../engine/cluster/journey/index.ts';
import { validateScenario } from '../../engine/scenario/validate.ts';
import { scenarios, scenarioById } from '../../engine/scenarios/index.ts';
import { summarize } from '../../worker/cluster-cache.ts';
import { resolvePacket } from '../packet/packet-form.ts';
import { useShareStore } from '../share/share-store.ts';
import { applySnapshot, exampleDoc } from '../share/snapshot.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { flowOf } from '../views/journey/flow-of.ts';
import { exampleScenarioDoc } from './example-doc.ts';
import { openExample } from './open-example.ts';

const cases = scenarios.flatMap((s) => s.clusters.map((_, i) => [s.id, i] as const));

describe('shipped examples as the app opens them', () => {
  it.each(cases)('%s (cluster %i): a valid document whose packet is the flow', (id, i) => {
    const s = scenarioById(id)!;
    const doc = exampleScenarioDoc(s, i);
    expect(validateScenario(JSON.parse(JSON.stringify(doc)))).toEqual({ ok: true, doc });

    const yaml = s.clusters[i]!.yaml;
    const summary = summarize(loadCluster(yaml).model);
    const resolved = resolvePacket(s.packet, summary);
    expect(resolved.ok && resolved.node).toBe(s.node);

    const flow = flowOf(s.packet, summary);
    if (!flow.ok) throw new Error(`no flow: ${flow.why}`);
    const outcomes = (f: Parameters<typeof journey>[1]) =>
      (journey(yaml, f, { allPaths: true }).outcomes ?? []).map((o) => [
        o.verdict,
        o.delivered,
        o.sourceSeen,
        o.exact,
      ]);
    expect(outcomes(flow.flow)).toEqual(outcomes(s.flow));
  });
});

describe('opening an example', () => {
  beforeEach(() => {
    applySnapshot(exampleDoc());
    useShareStore.setState({ asking: null, notice: null, pendingStep: null });
  });

  it('puts its YAML, packet and node on screen, and Undo brings the edited text back', () => {
    useScenario.setState({ yaml: 'mine: true\n', dump: '*filter\nCOMMIT\n' });
    const s = scenarioById('hairpin')!;
    openExample(s, 0);
    const now = useScenario.getState();
    expect(now.yaml).toBe(s.clusters[0]!.yaml);
    expect(now.form).toEqual(s.packet);
    expect(now.sent?.form).toEqual(s.packet);
    expect(now.node).toBe('node-a');
    // the pasted dump is not the example's to replace
    expect(now.dump).toBe('*filter\nCOMMIT\n');
    const n = useShareStore.getState().notice;
    expect(n?.kind === 'undo' && n.what).toBe('example');
    if (n?.kind === 'undo') applySnapshot(n.previous);
    expect(useScenario.getState().yaml).toBe('mine: true\n');
  });

  it('opens the version asked for', () => {
    const s = scenarioById('scale-4-3-2')!;
    openExample(s, 2);
    expect(useScenario.getState().yaml).toBe(s.clusters[2]!.yaml);
  });
});

describe('the session affinity example', () => {
  it('opens as two connections from the same client, so the second shows the affinity', () => {
    const doc = exampleScenarioDoc(scenarioById('session-affinity')!, 0);
    expect(doc.sent?.twice).toBe(true);
    expect(exampleScenarioDoc(scenarioById('clusterip-4pods')!, 0).sent?.twice).toBeUndefined();
  });
});
