import { describe, expect, it } from 'vitest';
import { DEFAULT_CLUSTER_YAML, DEFAULT_NODE } from '../engine/scenarios/default-cluster.ts';
import { DUAL_STACK_YAML } from '../engine/scenarios/dual-stack.ts';
import { engineApi } from './engine-api.ts';
import type { JourneyRequest, PacketInput } from './protocol.ts';

const PACKET: PacketInput = {
  in: 'vetha1d4b674',
  proto: 'tcp',
  src: '10.42.0.10',
  sport: 40000,
  dst: '10.43.62.130',
  dport: 80,
  tcpFlags: 'SYN',
};
const FLOW = {
  from: 'pod/default/client',
  to: 'svc/default/service-test:80',
  proto: 'tcp',
  sport: 40000,
  tcpFlags: 'SYN',
} as const;

function request(seed: number): JourneyRequest {
  return {
    yaml: DEFAULT_CLUSTER_YAML,
    flow: FLOW,
    seed,
    entry: { node: DEFAULT_NODE, packet: PACKET },
  };
}

describe('engineApi.journey', () => {
  it.each([1, 2, 3, 4, 5])(
    'seed %i: the journey reaches the endpoint the entry trace chose',
    (seed) => {
      const traced = engineApi.trace({
        source: { kind: 'cluster', yaml: DEFAULT_CLUSTER_YAML, node: DEFAULT_NODE },
        packets: [PACKET],
        seed,
      });
      const endpoint = traced.result?.packets[0]?.result.packet.dst;
      const r = engineApi.journey(request(seed));
      expect(r.problems).toEqual([]);
      expect(r.followsTrace).toBe(true);
      expect(r.journey?.request.packet.dst).toBe(endpoint);
      expect(r.journey?.hops[0]?.node).toBe(DEFAULT_NODE);
      // the reply comes back to the client from the ClusterIP it asked
      const back = r.journey?.hops.filter((h) => h.direction === 'reply').at(-1);
      expect(back?.after).toEqual({
        proto: 'tcp',
        src: '10.43.62.130',
        sport: 80,
        dst: '10.42.0.10',
        dport: 40000,
      });
      expect(r.journey?.replyMatches).toBe(true);
      expect(r.journey?.sourceSeen).toBe('10.42.0.10:40000');
    },
  );

  it('without an entry trace the seeded draw is shown; a bad flow is a problem, not a throw', () => {
    const { entry: _e, ...plain } = request(1);
    const r = engineApi.journey(plain);
    expect(r.followsTrace).toBe(false);
    expect(r.journey?.verdict).toBe('ACCEPT');
    const bad = engineApi.journey({ ...plain, flow: { ...FLOW, to: 'svc/default/nope:80' } });
    expect(bad.journey).toBeNull();
    expect(bad.problems).toEqual([
      {
        where: 'packet',
        message: expect.stringContaining('there is no Service default/nope'),
        code: 'unknown-reference',
        path: 'to',
      },
    ]);
  });

  it('follows an IPv6 flow of a dual-stack cluster, its family and addresses passed as written', () => {
    const r = engineApi.journey({
      yaml: DUAL_STACK_YAML,
      flow: {
        from: 'pod/default/client',
        to: 'svc/default/web:80',
        proto: 'tcp',
        sport: 40000,
        family: 'ipv6',
      },
      seed: 1,
      entry: {
        node: 'node-b',
        packet: { ...PACKET, src: 'fd00:10:244:1::20', dst: 'fd00:10:96::80' },
      },
    });
    expect(r.problems).toEqual([]);
    expect(r.flow?.from.address).toBe('fd00:10:244:1::20');
    expect(r.journey?.hops[0]?.before.dst).toBe('fd00:10:96::80');
    expect(r.journey?.sourceSeen).toBe('[fd00:10:244:1::20]:40000');
    expect(r.journey?.reply?.packet.src).toBe('fd00:10:96::80');
    expect(r.journey?.replyMatches).toBe(true);
    const literal = engineApi.journey({
      yaml: DUAL_STACK_YAML,
      flow: { from: 'fd00:10:244:1::20', to: '[fd00:10:96::80]:80', proto: 'tcp', sport: 40000 },
      seed: 1,
    });
    expect(literal.problems).toEqual([]);
    expect(literal.flow?.toRole).toBe('cluster IP of default/web');
  });

  it.each([1, 2, 3, 4, 5])(
    'seed %i: an IPv6 journey reaches the endpoint the entry node’s ip6tables trace chose',
    (seed) => {
      const summary = engineApi.compileCluster(DUAL_STACK_YAML).summary;
      const client = summary.pods.find((p) => p.name === 'client')!;
      const packet = { ...PACKET, in: client.veth, src: client.ipv6!, dst: 'fd00:10:96::80' };
      const traced = engineApi.trace({
        source: { kind: 'cluster', yaml: DUAL_STACK_YAML, node: client.node },
        packets: [packet],
        seed,
      });
      const endpoint = traced.result?.packets[0]?.result.packet.dst;
      expect(endpoint).toMatch(/^fd00:10:244:/);
      const r = engineApi.journey({
        yaml: DUAL_STACK_YAML,
        flow: { from: client.ipv6!, to: '[fd00:10:96::80]:80', proto: 'tcp', sport: 40000 },
        seed,
        entry: { node: client.node, packet },
      });
      expect(r.problems).toEqual([]);
      expect(r.followsTrace).toBe(true);
      expect(r.journey?.request.packet.dst).toBe(endpoint);
    },
  );
});
