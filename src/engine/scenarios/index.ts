/** The example scenarios shipped with the app, in the order a lesson would take them. */
import { clusterip4pods } from './clusterip-4pods.ts';
import { etpLocalDropped, etpLocalKept } from './etp-local.ts';
import { noEndpoints } from './no-endpoints.ts';
import { nodeportOtherNode } from './nodeport-other-node.ts';
import { scale2to3 } from './scale-2-to-3.ts';
import type { Scenario } from './types.ts';

export type { FlowDoc, Scenario, ScenarioCluster, Text } from './types.ts';

export const scenarios: readonly Scenario[] = [
  clusterip4pods,
  scale2to3,
  nodeportOtherNode,
  etpLocalDropped,
  etpLocalKept,
  noEndpoints,
];

export function scenarioById(id: string): Scenario | undefined {
  return scenarios.find((s) => s.id === id);
}
