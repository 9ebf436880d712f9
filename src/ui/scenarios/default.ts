/**
 * What the app opens with: the default cluster (src/engine/scenarios/default-cluster.ts) and a
 * packet from its client pod to the Service's ClusterIP.
 */
export { DEFAULT_CLUSTER_YAML, DEFAULT_NODE } from '../../engine/scenarios/default-cluster.ts';
export { DEFAULT_PACKET, DUMP_PACKET } from '../../engine/scenario/default-packets.ts';
