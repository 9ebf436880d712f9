/** The example scenarios shipped with the app, in the order a lesson would take them. */
import { clusterip4pods } from './clusterip-4pods.ts';
import { dualStack } from './dual-stack.ts';
import { etpLocalDropped, etpLocalKept } from './etp-local.ts';
import { hairpin } from './hairpin.ts';
import { loadBalancerSourceRanges } from './loadbalancer-source-ranges.ts';
import { netpolAfterDnat } from './netpol-after-dnat.ts';
import { netpolKubeRouter } from './netpol-kube-router.ts';
import { noEndpoints } from './no-endpoints.ts';
import { nodeportOtherNode } from './nodeport-other-node.ts';
import { scale4to2 } from './scale-4-to-2.ts';
import { sessionAffinity } from './session-affinity.ts';
import type { Scenario } from './types.ts';

export type { FlowDoc, Scenario, ScenarioCluster, Text } from './types.ts';
export { dumpScenarios, type DumpScenario } from './docker-published-port.ts';

export const scenarios: readonly Scenario[] = [
  clusterip4pods,
  scale4to2,
  nodeportOtherNode,
  etpLocalDropped,
  etpLocalKept,
  loadBalancerSourceRanges,
  noEndpoints,
  sessionAffinity,
  hairpin,
  netpolAfterDnat,
  netpolKubeRouter,
  dualStack,
];

export function scenarioById(id: string): Scenario | undefined {
  return scenarios.find((s) => s.id === id);
}
