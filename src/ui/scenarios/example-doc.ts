/**
 * A shipped example as the scenario document the app opens: its cluster YAML, its packet (sent
 * at once, so the trace is there), the node the packet starts on, the views at their defaults.
 * The pasted dump is not part of an example and stays as it is.
 */
import { compileDockerHost } from '../../engine/docker/index.ts';
import type { DumpScenario, Scenario } from '../../engine/scenarios/index.ts';
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

/**
 * An example opened as a pasted dump: the rules compiled from its DockerHost with its one
 * hand-written INPUT rule, the compiled host as the dump's host document, and its packet sent.
 */
export function dumpExampleDoc(s: DumpScenario): ScenarioDoc {
  const compiled = compileDockerHost(s.dockerHost);
  const header = `# ${s.header.en}\n# ${s.header.ko}\n`;
  const dump =
    header +
    compiled.rulesetText.replace(
      ':DOCKER-USER - [0:0]\n',
      `:DOCKER-USER - [0:0]\n${s.inputRule}\n`,
    );
  return {
    version: SCENARIO_VERSION,
    mode: 'dump',
    dump,
    dumpHost: compiled.host,
    node: compiled.spec?.name ?? s.id,
    form: s.packet,
    sent: { form: s.packet, withReply: false, seed: 1 },
    packetIndex: 0,
    step: -1,
    view: { table: 'auto', selectedChain: null, rulesView: 'table', rulesFormat: 'save' },
  };
}
