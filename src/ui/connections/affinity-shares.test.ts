/**
 * The distribution view for two connections of one client to a ClientIP-affinity Service:
 * three rows of a third, each naming the same pod twice, never nine rows of a ninth.
 */
import { describe, expect, it } from 'vitest';
import { compileModelNode, hostsOf, loadCluster } from '../../engine/cluster/index.ts';
import { vethName } from '../../engine/cluster/node/hosts.ts';
import { readHost, readPackets, simulateAllPaths } from '../../engine/netfilter/index.ts';
import { SESSION_AFFINITY_YAML } from '../../engine/scenarios/session-affinity.ts';
import { outcomeRows, shareText } from '../views/probabilities/outcome-rows.ts';
import { packetsToSend } from './again.ts';

describe('shares of two connections with session affinity', () => {
  it("are a third per pod, the second connection on the first one's pod", () => {
    const { model } = loadCluster(SESSION_AFFINITY_YAML);
    const { ruleset } = compileModelNode(model, 'node-a');
    const host = readHost(hostsOf(model)['node-a']!).host;
    const first = {
      in: vethName('default', 'client'),
      proto: 'tcp' as const,
      src: '10.244.0.50',
      sport: 40000,
      dst: '10.96.0.80',
      dport: 80,
      tcpFlags: 'SYN',
    };
    const { packets } = readPackets(packetsToSend(first, true));
    const { rows } = outcomeRows(simulateAllPaths(ruleset, host, packets).outcomes, undefined);
    expect(rows.map((r) => [r.label, shareText(r.exact)])).toEqual([
      ['10.244.0.11:8080 → 10.244.0.11:8080', '33.3%'],
      ['10.244.0.12:8080 → 10.244.0.12:8080', '33.3%'],
      ['10.244.0.13:8080 → 10.244.0.13:8080', '33.3%'],
    ]);
  });
});
