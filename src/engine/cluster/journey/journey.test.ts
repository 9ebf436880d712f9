import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { journey } from './index.ts';
import { loadCluster } from '../manifests/load.ts';
import { readFlow } from './flow.ts';
import {
  divideFractions as divide,
  formatFraction,
  fractionToNumber as toNumber,
  multiplyFractions as multiply,
  readFraction as parseFraction,
  SeededRandom as SeededDraw,
} from '../../netfilter/index.ts';
import { CLUSTERIP_4PODS_YAML } from '../../scenarios/clusterip-4pods.ts';
import { NODEPORT_30080_YAML } from '../../scenarios/nodeport-other-node.ts';
import { ETP_LOCAL_YAML } from '../../scenarios/etp-local.ts';

const model4 = loadCluster(CLUSTERIP_4PODS_YAML).model;
const nodeport = loadCluster(NODEPORT_30080_YAML).model;

describe('readFlow', () => {
  it('resolves pods, nodes, clients and addresses', () => {
    const f = readFlow({ from: '10.42.1.10', to: '10.43.62.130:80' }, model4).flow!;
    expect(f.from).toMatchObject({ kind: 'pod', pod: { name: 'client' } });
    expect(f.to).toMatchObject({ port: 80, role: 'cluster IP of default/service-test' });
    expect(f.sport).toBe(40000);
    expect(f.tcpFlags).toBe('SYN');
    const g = readFlow(
      { from: 'client/laptop', to: 'svc/service-test-nodeport:80', tcpFlags: 'ack' },
      nodeport,
    ).flow!;
    expect(g.from).toEqual({ kind: 'client', name: 'laptop', address: 0xac10000a });
    expect(g.to.service?.name).toBe('service-test-nodeport');
    expect(g.tcpFlags).toBe('ACK');
    expect(
      readFlow({ from: '8.8.8.8', to: 'node/node-a:30080', proto: 'UDP' }, nodeport).flow,
    ).toMatchObject({
      from: { kind: 'client', name: null },
      proto: 'udp',
      tcpFlags: null,
    });
  });

  it('names the field of every problem', () => {
    const r = readFlow(
      {
        from: 'pod/default/nobody',
        to: 'svc/default/service-test:81',
        proto: 'icmp',
        sport: 0,
        tcpFlags: 'SYN',
        via: 'node/x',
        extra: 1,
      },
      model4,
    );
    expect(r.flow).toBeNull();
    expect(r.diagnostics.map((d) => [d.path, d.code])).toEqual([
      ['extra', 'unknown-field'],
      ['from', 'unknown-reference'],
      ['to', 'unknown-reference'],
      ['proto', 'bad-value'],
      ['sport', 'bad-value'],
      ['via', 'unknown-reference'],
    ]);
    expect(
      readFlow({ to: 'node/nope:1' }, nodeport).diagnostics.map((d) => [d.path, d.code]),
    ).toEqual([
      ['from', 'missing-field'],
      ['to', 'unknown-reference'],
    ]);
    expect(
      readFlow({ from: 'node/node-a', to: '10.0.0.1' }, nodeport).diagnostics[0]?.message,
    ).toMatch(/has no port/);
    expect(
      readFlow(
        { from: 'node/node-a', to: 'node/node-b:30080', tcpFlags: 'SYNN' },
        nodeport,
      ).diagnostics.map((d) => d.path),
    ).toEqual(['tcpFlags']);
    expect(readFlow([], nodeport).diagnostics[0]?.code).toBe('bad-type');
  });
});

// each case follows whole journeys across nodes; the seed case follows over forty of them
describe('journey', { timeout: 30_000 }, () => {
  const flow = { from: 'pod/default/client', to: 'svc/default/service-test:80' };

  it('samples with a seed: the same seed, the same journey; seeds reach every endpoint', () => {
    const a = journey(model4, flow, { seed: 7 });
    const b = journey(model4, flow, { seed: 7 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.outcomes).toBeUndefined();
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++)
      seen.add(journey(model4, flow, { seed }).journey!.request.packet.dst);
    expect([...seen].sort()).toEqual(['10.42.0.43', '10.42.0.44', '10.42.1.41', '10.42.1.42']);
  });

  it('a node reaching a Service: sent by the node, the reply delivered to its own process', () => {
    const r = journey(
      model4,
      { from: 'node/ip-10-32-11-62.ap-northeast-2.compute.internal', to: '10.43.62.130:80' },
      { allPaths: true },
    );
    expect(r.outcomes).toHaveLength(4);
    const local = r.outcomes!.find((o) => o.delivered === '10.42.0.43:8080')!;
    // to a pod on its own bridge the node's packet leaves by cni0, from cni0's address
    expect(local.journey.hops[0]).toMatchObject({ in: null, out: 'cni0' });
    expect(local.sourceSeen).toBe('10.42.0.1:40000');
    expect(local.journey.reply).toMatchObject({ outcome: 'delivered', at: { kind: 'node' } });
    expect(local.replyMatches).toBe(true);
    const far = r.outcomes!.find((o) => o.delivered === '10.42.1.41:8080')!;
    expect(far.sourceSeen).toBe('10.32.11.62:40000');
  });

  it('a pod reaching another pod by its address crosses nodes without NAT', () => {
    const r = journey(
      model4,
      { from: 'pod/default/client', to: '10.42.0.44:8080', sport: 50000 },
      { allPaths: true },
    );
    const j = r.journey!;
    expect(j.hops.map((h) => [h.node.slice(0, 14), h.translations.length])).toEqual([
      ['ip-10-32-7-224', 0],
      ['ip-10-32-11-62', 0],
      ['ip-10-32-11-62', 0],
      ['ip-10-32-7-224', 0],
    ]);
    expect(j.sourceSeen).toBe('10.42.1.10:50000');
    expect(j.replyMatches).toBe(true);
  });

  it('a client sending to a cluster IP enters at the "via" node, or the first node with a note', () => {
    const flowIn = { from: 'client/laptop', to: '10.43.250.102:80' };
    const first = journey(nodeport, flowIn, {});
    expect(first.flow?.entry).toBe('node-a');
    expect(first.notes).toEqual([
      `the packet from outside for 10.43.250.102 reaches node-a, the first node: the load balancer or router in front of the cluster is not modelled (a flow's "via" picks the node)`,
    ]);
    // the same note as data, for the app to word in Korean too
    expect(first.noteData).toEqual([
      { kind: 'entry-assumed', address: '10.43.250.102', node: 'node-a' },
    ]);
    const via = journey(nodeport, { ...flowIn, via: 'node/node-b' }, {});
    expect(via.flow?.entry).toBe('node-b');
    expect(via.notes).toEqual([]);
    expect(via.noteData).toEqual([]);
    // from outside the cluster CIDR: KUBE-SVC marks it for masquerade, so the pod sees node-b
    expect(via.journey!.sourceSeen).toBe('10.32.7.224:40000');
  });

  it('etp Local: the packet for the NodePort on the node without a pod is dropped; UDP too', () => {
    const r = journey(
      ETP_LOCAL_YAML,
      { from: '172.16.0.99', to: 'node/node-b:30081', proto: 'udp' },
      { allPaths: true },
    );
    expect(r.flowDiagnostics.map((d) => [d.path, d.severity])).toEqual([]);
    // the Service port is TCP: UDP meets no Service rule and nothing listens on the node
    expect(r.journey!.request).toMatchObject({
      outcome: 'delivered',
      at: { kind: 'node', name: 'node-b' },
    });
  });

  it('a load-balancer IP with source ranges: kept out by KUBE-FW, let in from inside the range', () => {
    const yaml = readFileSync(
      new URL('../__golden__/lb-source-ranges.yaml', import.meta.url),
      'utf8',
    );
    const out = journey(
      yaml,
      { from: '203.0.113.200', to: '198.51.100.20:443' },
      { allPaths: true },
    );
    expect(out.flow?.toRole).toBe('load-balancer IP of shop/guarded');
    expect(out.notes[0]).toMatch(
      /^the packet from outside for 198\.51\.100\.20 reaches node-a, the first node/,
    );
    expect(out.journey!.request).toMatchObject({
      outcome: 'dropped',
      verdict: 'DROP',
      node: 'node-a',
    });
    expect(out.journey!.request.reason).toBe(
      'by the rule for "shop/guarded:https traffic not accepted by KUBE-FW-TG4CA6UOCWCAC4JU"',
    );
    const inside = journey(
      yaml,
      { from: '203.0.113.5', to: '198.51.100.20:443' },
      { allPaths: true },
    );
    expect(inside.outcomes!.map((o) => [o.delivered, o.sourceSeen, o.replyMatches])).toEqual([
      ['10.244.0.7:8080', '10.244.0.1:40000', true],
    ]);
    expect(inside.journey!.reply!.packet).toMatchObject({ src: '198.51.100.20', sport: 443 });
  });

  it('stops at the hop limit and says so', () => {
    const r = journey(nodeport, { from: 'client/laptop', to: 'node/node-b:30080' }, { maxHops: 1 });
    expect(r.journey!.request).toMatchObject({
      outcome: 'hop-limit',
      verdict: 'DROP',
      node: 'node-a',
    });
    expect(r.journey!.reply).toBeNull();
  });

  it('reports flow problems and cluster errors without throwing', () => {
    const r = journey('kind: [', { from: 'node/a', to: '1.2.3.4:5' });
    expect(r.diagnostics[0]?.code).toBe('yaml-syntax');
    expect(r.journey).toBeNull();
    const f = journey(model4, 'not an object');
    expect(f.flowDiagnostics.map((d) => d.code)).toEqual(['bad-type']);
  });
});

describe('exact fractions', () => {
  it('multiplies, divides and prints', () => {
    const q = parseFraction('1/4');
    expect(formatFraction(multiply(q, parseFraction('2')))).toBe('1/2');
    expect(formatFraction(divide(parseFraction('3/8'), parseFraction('3/4')))).toBe('1/2');
    expect(toNumber(parseFraction('715827883/2147483648'))).toBeCloseTo(0.33333333349, 11);
    expect(formatFraction(divide(q, parseFraction('0')))).toBe('0');
  });

  it('draws the same sequence for the same seed, weighted by probability', () => {
    const a = new SeededDraw(3);
    const b = new SeededDraw(3);
    const picks = Array.from({ length: 50 }, () => a.pick([0.25, 0.75]));
    expect(Array.from({ length: 50 }, () => b.pick([0.25, 0.75]))).toEqual(picks);
    expect(picks.filter((i) => i === 1).length).toBeGreaterThan(25);
    expect(new SeededDraw(1).pick([0, 1])).toBe(1);
  });
});
