/**
 * Real traces for the views' tests, made by the engine from the cluster compiler's golden
 * scenarios (tests only: the app never runs the engine on the main thread).
 */
import clusterIpYaml from '../../../engine/cluster/__golden__/clusterip-4pods.yaml?raw';
import noEndpointsYaml from '../../../engine/cluster/__golden__/no-endpoints.yaml?raw';
import { compileNode, hosts } from '../../../engine/cluster/index.ts';
import { readHost, readPackets, simulate } from '../../../engine/netfilter/index.ts';
import type { SimulationResult } from '../../../engine/netfilter/index.ts';
import type { CompiledNode } from '../../../engine/cluster/index.ts';

export interface TestTrace {
  compiled: CompiledNode;
  sim: SimulationResult;
}

function traceOf(yaml: string, node: string, packet: Record<string, unknown>): TestTrace {
  const compiled = compileNode(yaml, node);
  const hostFile = hosts(yaml).hosts[node];
  if (!hostFile) throw new Error(`no host ${node}`);
  const { packets } = readPackets(packet);
  const sim = simulate(compiled.ruleset, readHost(hostFile).host, packets, { allPaths: true });
  return { compiled, sim };
}

/** A pod on the node reaching the 4-pod ClusterIP Service: DNAT to 10.42.0.43:8080, bridged. */
export function clusterIpTrace(): TestTrace {
  return traceOf(clusterIpYaml, 'ip-10-32-11-62.ap-northeast-2.compute.internal', {
    in: 'veth86567624',
    proto: 'tcp',
    src: '10.42.0.44',
    sport: 40000,
    dst: '10.43.62.130',
    dport: 80,
    tcpFlags: 'SYN',
  });
}

/** A client on the node's link reaching a Service without endpoints: REJECT in filter. */
export function rejectTrace(): TestTrace {
  return traceOf(noEndpointsYaml, 'node-a', {
    in: 'eth0',
    proto: 'tcp',
    src: '192.168.1.50',
    sport: 40000,
    dst: '10.96.30.30',
    dport: 80,
    tcpFlags: 'SYN',
  });
}
