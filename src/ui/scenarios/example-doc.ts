/**
 * A shipped example as the scenario document the app opens: its cluster YAML, its packet (sent
 * at once, so the trace is there), the node the packet starts on, the views at their defaults.
 * The pasted dump is not part of an example and stays as it is.
 */
import type { Scenario } from '../../engine/scenarios/index.ts';
import { SCENARIO_VERSION, type ScenarioDoc } from '../../engine/scenario/doc.ts';

export function exampleScenarioDoc(s: Scenario, cluster: number): ScenarioDoc {
  const c = s.clusters[cluster] ?? s.clusters[0]!;
  return {
    version: SCENARIO_VERSION,
    mode: 'cluster',
    yaml: c.yaml,
    dumpHost: null,
    node: s.node,
    form: s.packet,
    sent: { form: s.packet, withReply: false, seed: 1, ...(s.connectTwice ? { twice: true } : {}) },
    packetIndex: 0,
    step: -1,
    view: { table: 'auto', selectedChain: null, rulesView: 'table', rulesFormat: 'save' },
  };
}
