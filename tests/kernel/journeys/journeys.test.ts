// The journeys' proof against the kernel: each shipped scenario's cluster is built in network
// namespaces (tests/kernel/cluster-topology.ts, from the engine's own host model), every node gets
// the rules the compiler writes for it (compileModelNode(...).rulesetText, via iptables-nft-restore),
// every pod runs a TCP server that answers with the address it was reached at and the peer it saw,
// and real TCP connections go from the client, pod or node the flow names. Each connection must end
// the way the engine's journey (all paths) says: reach one of the endpoints the engine allows, with
// the source address the engine predicts; or fail — a timeout where the engine drops, "refused"
// where it rejects. A dual-stack cluster gets both rule sets (ip6tables-nft-restore for IPv6) and
// its flows are followed over each family.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileModelNode, loadCluster } from '../../../src/engine/cluster/index.ts';
import { journey, type JourneyResult } from '../../../src/engine/cluster/journey/index.ts';
import type { ClusterModel } from '../../../src/engine/cluster/model/model.ts';
import { scenarioById, type FlowDoc } from '../../../src/engine/scenarios/index.ts';
import { buildClusterLab, type ClusterLab, type ConnectAttempt } from '../cluster-topology.ts';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';

const env = kernelEnvironment();

interface Lab {
  model: ClusterModel;
  lab: ClusterLab;
  clients: { name: string; address: string }[];
}

async function bringUp(
  yaml: string,
  clients: { name: string; address: string }[] = [],
  families: readonly ('ipv4' | 'ipv6')[] = ['ipv4'],
): Promise<Lab> {
  const { model } = loadCluster(yaml);
  const lab = buildClusterLab(model, clients);
  try {
    for (const n of model.nodes)
      for (const f of families)
        lab.loadRules(n.name, compileModelNode(model, n.name, undefined, f).rulesetText, f);
    await lab.startServers();
  } catch (e) {
    lab.teardown();
    throw e;
  }
  return { model, lab, clients };
}

/** The namespace the flow starts in, and the address:port it connects to. */
function endsOf(
  l: Lab,
  flow: FlowDoc,
  r: JourneyResult,
): { ns: string; address: string; port: number } {
  const from = flow.from;
  const ns = from.startsWith('pod/')
    ? l.lab.podNs(...(from.slice(4).split('/') as [string, string]))
    : from.startsWith('node/')
      ? l.lab.nodeNs(from.slice(5))
      : from.startsWith('client/')
        ? l.lab.clientNs(from.slice(7))
        : l.lab.clientNs(l.clients.find((c) => c.address === from)!.name);
  const hop = r.journey!.hops[0]!;
  return { ns, address: hop.before.dst, port: hop.before.dport! };
}

interface Check {
  engine: JourneyResult;
  kernel: ConnectAttempt[];
}

/** Runs the engine (all paths) and `count` real connections for the same flow. */
function both(l: Lab, flow: FlowDoc, count: number, timeoutS = 2): Check {
  const engine = journey(l.model, flow, { allPaths: true });
  expect(engine.flowDiagnostics).toEqual([]);
  const { ns, address, port } = endsOf(l, flow, engine);
  return { engine, kernel: l.lab.connect(ns, address, port, count, timeoutS) };
}

/** The address of "ADDR:PORT" or "[ADDR]:PORT". */
function hostOf(endpoint: string): string {
  return endpoint.startsWith('[')
    ? endpoint.slice(1, endpoint.indexOf(']'))
    : endpoint.split(':')[0]!;
}

/** Every connection reached an endpoint the engine allows, seeing the source the engine predicts. */
function expectReached(c: Check): Set<string> {
  const allowed = new Map(
    c.engine
      .outcomes!.filter((o) => o.outcome === 'delivered' && o.replyMatches && o.probability > 0)
      .map((o) => [o.delivered!, o]),
  );
  expect(allowed.size).toBeGreaterThan(0);
  const reached = new Set<string>();
  for (const a of c.kernel) {
    expect(a).toMatchObject({ ok: true });
    if (!a.ok) continue;
    const [local, localPort, peer] = a.reply.split(' ');
    const endpoint = `${local!.includes(':') ? `[${local}]` : local}:${localPort}`;
    const predicted = allowed.get(endpoint);
    expect(
      predicted,
      `the kernel reached ${endpoint}, which the engine does not allow`,
    ).toBeDefined();
    // ports aside: MASQUERADE --random-fully picks the source port at random
    expect(peer).toBe(hostOf(predicted!.sourceSeen!));
    reached.add(endpoint);
  }
  return reached;
}

function expectFailed(c: Check, verdict: 'DROP' | 'REJECT', error: 'timeout' | 'refused'): void {
  expect(c.engine.outcomes!.map((o) => [o.verdict, o.exact])).toEqual([[verdict, '1']]);
  for (const a of c.kernel) expect(a).toEqual({ ok: false, error });
}

describe.skipIf(!env.ok)(
  kernelSuiteTitle('cluster journeys: real TCP through compiled rules'),
  () => {
    describe('clusterip-4pods: a ClusterIP Service with 4 pods on 2 nodes', () => {
      const s = scenarioById('clusterip-4pods')!;
      let l: Lab;
      beforeAll(async () => {
        l = await bringUp(s.clusters[0]!.yaml);
      });
      afterAll(() => l?.lab.teardown());

      it('from the client pod: every connection lands on an endpoint the engine allows, the pod sees the client pod', () => {
        const c = both(l, s.flow, 12);
        expect(c.engine.outcomes!.map((o) => o.sourceSeen)).toEqual(
          Array(4).fill('10.42.1.10:40000'),
        );
        const reached = expectReached(c);
        // 12 connections at ~1/4 each: the chance of seeing only one endpoint is below 1e-6
        expect(reached.size).toBeGreaterThan(1);
      });

      it("from a node: a local endpoint sees cni0's address, a remote one the node IP", () => {
        const c = both(
          l,
          {
            from: 'node/ip-10-32-11-62.ap-northeast-2.compute.internal',
            to: 'svc/default/service-test:80',
          },
          12,
        );
        expect(new Set(c.engine.outcomes!.map((o) => o.sourceSeen!.split(':')[0]))).toEqual(
          new Set(['10.42.0.1', '10.32.11.62']),
        );
        expectReached(c);
      });
    });

    describe('scale-4-3-2: the Service with 3 pods', () => {
      const s = scenarioById('scale-4-3-2')!;
      let l: Lab;
      beforeAll(async () => {
        l = await bringUp(s.clusters[1]!.yaml);
      });
      afterAll(() => l?.lab.teardown());

      it("reaches the 3 endpoints the engine allows, with the client pod's address", () => {
        const c = both(l, s.flow, 12);
        expect(c.engine.outcomes).toHaveLength(3);
        expect(expectReached(c).size).toBeGreaterThan(1);
      });
    });

    describe('NodePort 30080 and externalTrafficPolicy Cluster', () => {
      const s = scenarioById('nodeport-other-node')!;
      let l: Lab;
      beforeAll(async () => {
        l = await bringUp(s.clusters[0]!.yaml, [{ name: 'laptop', address: '172.16.0.10' }]);
      });
      afterAll(() => l?.lab.teardown());

      it('on the node without the pod: masqueraded to node-b, forwarded to node-a', () => {
        const c = both(l, s.flow, 3);
        expect(c.engine.outcomes!.map((o) => [o.delivered, o.sourceSeen])).toEqual([
          ['10.42.0.69:8080', '10.32.7.224:40000'],
        ]);
        expectReached(c);
      });

      it("on the node with the pod: masqueraded to cni0's address (MASQUERADE takes the outgoing interface's)", () => {
        const c = both(l, { from: 'client/laptop', to: 'node/node-a:30080' }, 3);
        expect(c.engine.outcomes!.map((o) => o.sourceSeen)).toEqual(['10.42.0.1:40000']);
        expectReached(c);
      });
    });

    describe('externalTrafficPolicy Local', () => {
      const dropped = scenarioById('etp-local-no-endpoint')!;
      const kept = scenarioById('etp-local-source-kept')!;
      let l: Lab;
      beforeAll(async () => {
        l = await bringUp(dropped.clusters[0]!.yaml, [{ name: 'laptop', address: '172.16.0.10' }]);
      });
      afterAll(() => l?.lab.teardown());

      it('on the node with no local endpoint: dropped, the connection times out', () => {
        expectFailed(both(l, dropped.flow, 1, 1), 'DROP', 'timeout');
      });

      it("on the node with the pod: delivered with the laptop's own address", () => {
        const c = both(l, kept.flow, 3);
        expect(c.engine.outcomes!.map((o) => o.sourceSeen)).toEqual(['172.16.0.10:40000']);
        expectReached(c);
      });
    });

    describe('a Service with no endpoints', () => {
      const s = scenarioById('no-endpoints')!;
      let l: Lab;
      beforeAll(async () => {
        l = await bringUp(s.clusters[0]!.yaml);
      });
      afterAll(() => l?.lab.teardown());

      it('is rejected: the client gets "connection refused" at once', () => {
        expectFailed(both(l, s.flow, 2), 'REJECT', 'refused');
      });
    });

    describe('dual-stack: the same Service over IPv4 and IPv6 (ip6tables rules from compile --family ipv6)', () => {
      const s = scenarioById('dual-stack')!;
      const v6 = { ...s.flow, family: 'ipv6' as const };
      let l: Lab;
      beforeAll(async () => {
        l = await bringUp(
          s.clusters[0]!.yaml,
          [{ name: 'laptop6', address: '2001:db8:7::10' }],
          ['ipv4', 'ipv6'],
        );
      });
      afterAll(() => l?.lab.teardown());

      it("to the IPv6 cluster IP: DNAT to [pod]:8080 on either node, the pod sees the client's IPv6 address", () => {
        const c = both(l, v6, 12);
        expect(c.engine.journey!.hops[0]!.before.dst).toBe('fd00:10:96::80');
        expect(c.engine.outcomes!.map((o) => [o.delivered, o.sourceSeen])).toEqual([
          ['[fd00:10:244:1::7]:8080', '[fd00:10:244:1::20]:40000'],
          ['[fd00:10:244::5]:8080', '[fd00:10:244:1::20]:40000'],
        ]);
        expect(expectReached(c).size).toBe(2);
      });

      it('to the IPv4 cluster IP in the same lab: the iptables rules still answer', () => {
        const c = both(l, s.flow, 4);
        expect(c.engine.journey!.hops[0]!.before.dst).toBe('10.96.0.80');
        expectReached(c);
      });

      it("NodePort over IPv6: node-a's IPv6 address port 30080, masqueraded as the engine says", () => {
        const c = both(l, { ...v6, to: 'node/node-a:30080' }, 12);
        expect(c.engine.journey!.hops[0]!.before.dst).toBe('fd00:192:168:10::11');
        // MASQUERADE takes the address of the way out: eth0 towards node-b, cni0 to the local pod
        expect(c.engine.outcomes!.map((o) => [o.delivered, o.sourceSeen])).toEqual([
          ['[fd00:10:244:1::7]:8080', '[fd00:192:168:10::11]:40000'],
          ['[fd00:10:244::5]:8080', '[fd00:10:244::1]:40000'],
        ]);
        expect(expectReached(c).size).toBe(2);
      });

      it('an outside IPv6 client to NodePort 30080 on node-b: masqueraded as the engine says', () => {
        const c = both(l, { ...v6, from: '2001:db8:7::10', to: 'node/node-b:30080' }, 12);
        expect(c.engine.outcomes!.map((o) => [o.delivered, o.sourceSeen])).toEqual([
          ['[fd00:10:244:1::7]:8080', '[fd00:10:244:1::1]:40000'],
          ['[fd00:10:244::5]:8080', '[fd00:192:168:10::12]:40000'],
        ]);
        expect(expectReached(c).size).toBe(2);
      });

      it('from node-a to the IPv6 cluster IP (OUTPUT): the source the engine predicts', () => {
        const c = both(l, { ...v6, from: 'node/node-a' }, 12);
        // the node's socket takes eth0's address; the Service's masquerade rule (source outside the
        // cluster CIDR) then rewrites it for a local pod to cni0's
        expect(c.engine.outcomes!.map((o) => [o.delivered, o.sourceSeen])).toEqual([
          ['[fd00:10:244:1::7]:8080', '[fd00:192:168:10::11]:40000'],
          ['[fd00:10:244::5]:8080', '[fd00:10:244::1]:40000'],
        ]);
        expect(expectReached(c).size).toBe(2);
      });
    });
  },
);
