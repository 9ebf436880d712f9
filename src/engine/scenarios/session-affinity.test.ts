/**
 * ClientIP session affinity through the `-m recent` lists: the second connection of a client
 * goes where its first went, a different client is balanced afresh, and the exact outcomes of
 * two connections are three (a third each), not nine.
 */
import { describe, expect, it } from 'vitest';
import { compileModelNode, hostsOf, loadCluster } from '../cluster/index.ts';
import { vethName } from '../cluster/node/hosts.ts';
import { readHost, simulate, simulateAllPaths } from '../netfilter/index.ts';
import type { Packet } from '../netfilter/packet.ts';
import type { PacketTrace, RecentStep } from '../netfilter/trace.ts';
import { SESSION_AFFINITY_YAML } from './session-affinity.ts';

const { model } = loadCluster(SESSION_AFFINITY_YAML);
const { ruleset } = compileModelNode(model, 'node-a');
const host = readHost(hostsOf(model)['node-a']!).host;

function syn(src: string, sport: number): Packet {
  return {
    proto: 'tcp',
    src,
    dst: '10.96.0.80',
    sport,
    dport: 80,
    tcpFlags: 'SYN',
    icmpType: null,
    icmpCode: null,
    length: 60,
    mark: 0,
    ttl: 64,
    tos: 0,
    in: vethName('default', 'client'),
    local: false,
  };
}

const CLIENT = '10.244.0.50';
const OTHER = '10.244.0.60';

const endpointOf = (t: PacketTrace) => `${t.result.packet.dst}:${t.result.packet.dport}`;
const recentSteps = (t: PacketTrace) => t.steps.filter((s): s is RecentStep => s.kind === 'recent');

describe('ClientIP session affinity (-m recent)', () => {
  it('sends a second connection from the same client to the same endpoint, for every seed', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const r = simulate(ruleset, host, [syn(CLIENT, 40000), syn(CLIENT, 40001)], { seed });
      const [first, second] = r.packets;
      expect(first!.result.dependsOn).toBeUndefined();
      expect(endpointOf(second!)).toBe(endpointOf(first!));
      // the second one took no random branch: a list check sent it
      expect(second!.steps.some((s) => s.kind === 'random')).toBe(false);
    }
  });

  it('says in the trace which list was checked and which was set', () => {
    const r = simulate(ruleset, host, [syn(CLIENT, 40000), syn(CLIENT, 40001)]);
    const [first, second] = r.packets.map(recentSteps);
    // three checks that find nothing, then the chosen endpoint's list records the client
    expect(first!.map((s) => [s.command, s.found, s.address])).toEqual([
      ['rcheck', false, CLIENT],
      ['rcheck', false, CLIENT],
      ['rcheck', false, CLIENT],
      ['set', false, CLIENT],
    ]);
    const chosen = first![3]!.list;
    expect(chosen).toMatch(/^KUBE-SEP-/);
    const hit = second!.find((s) => s.command === 'rcheck' && s.found);
    expect(hit?.list).toBe(chosen);
    expect(hit?.matched).toBe(true);
    expect(r.recent).toEqual([{ name: chosen, address: CLIENT, hits: 2 }]);
  });

  it('balances a different client afresh', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const r = simulate(ruleset, host, [syn(CLIENT, 40000), syn(OTHER, 40000)], { seed });
      const [a, b] = r.packets;
      expect(recentSteps(b!).every((s) => s.command === 'set' || !s.found)).toBe(true);
      seen.add(`${endpointOf(a!)} ${endpointOf(b!)}`);
    }
    // the other client is not tied to the first one's pod
    expect([...seen].some((pair) => pair.split(' ')[0] !== pair.split(' ')[1])).toBe(true);
  });

  it('gives two connections of one client three outcomes of a third each, both on one pod', () => {
    const all = simulateAllPaths(ruleset, host, [syn(CLIENT, 40000), syn(CLIENT, 40001)]);
    expect(all.complete).toBe(true);
    expect(all.outcomes).toHaveLength(3);
    for (const o of all.outcomes) {
      expect(o.probability).toBeCloseTo(1 / 3, 9);
      expect(o.results[1]!.packet.dst).toBe(o.results[0]!.packet.dst);
    }
  });
});
