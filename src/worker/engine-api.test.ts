import { describe, expect, it } from 'vitest';
import GOLDEN from '../engine/cluster/__golden__/clusterip-4pods.yaml?raw';
import { engineApi } from './engine-api.ts';
import type { TraceRequest } from './protocol.ts';

// the compiler's golden ClusterIP example (4 pods on 2 nodes) with a client pod added
const DEFAULT_NODE = 'ip-10-32-11-62.ap-northeast-2.compute.internal';
const DEFAULT_CLUSTER_YAML =
  GOLDEN.replace(
    'serviceCIDR: 10.43.0.0/16',
    'serviceCIDR: 10.43.0.0/16\nexternalClients: [{name: laptop, address: 203.0.113.7}]',
  ) +
  `---
apiVersion: v1
kind: Pod
metadata: {name: client, labels: {app: client}}
spec: {nodeName: ${DEFAULT_NODE}, containers: [{name: shell, image: nicolaka/netshoot}]}
status: {podIP: 10.42.0.10}
`;

const CLIENT = {
  in: '',
  proto: 'tcp' as const,
  src: '10.42.0.10',
  sport: 40000,
  dst: '10.43.62.130',
  dport: 80,
  tcpFlags: 'SYN',
};

function request(extra: Partial<TraceRequest> = {}): TraceRequest {
  const { summary } = engineApi.compileCluster(DEFAULT_CLUSTER_YAML);
  const veth = summary.pods.find((p) => p.name === 'client')?.veth ?? '';
  return {
    source: { kind: 'cluster', yaml: DEFAULT_CLUSTER_YAML, node: DEFAULT_NODE },
    packets: [{ ...CLIENT, in: veth }],
    ...extra,
  };
}

describe('engine API (what the worker exposes)', () => {
  it('compiles the default scenario without errors, every node, with provenance pairs', () => {
    const r = engineApi.compileCluster(DEFAULT_CLUSTER_YAML);
    expect(r.hasErrors).toBe(false);
    expect(r.nodes.map((n) => n.name)).toEqual([
      'ip-10-32-11-62.ap-northeast-2.compute.internal',
      'ip-10-32-7-224.ap-northeast-2.compute.internal',
    ]);
    const node = r.nodes[0]!;
    expect(node.rulesetText).toContain(
      '-A KUBE-SVC-GBTMB5ZTD56ECL5F -m comment --comment "default/service-test -> 10.42.1.42:8080" -j KUBE-SEP-KYPXHCLNNXAPFHUW',
    );
    expect(node.provenance.length).toBeGreaterThan(10);
    expect(r.summary.pods.map((p) => p.ip)).toEqual([
      '10.42.0.44',
      '10.42.0.43',
      '10.42.1.42',
      '10.42.1.41',
      '10.42.0.10',
    ]);
    expect(r.summary.clients).toEqual([{ name: 'laptop', address: '203.0.113.7' }]);
    // everything crosses the worker boundary by structured clone
    expect(structuredClone(r)).toEqual(r);
  });

  it('reports a YAML syntax error with its line', () => {
    const broken = DEFAULT_CLUSTER_YAML.replace('kind: Service', 'kind: Service\n  - : [');
    const r = engineApi.compileCluster(broken);
    expect(r.hasErrors).toBe(true);
    const syntax = r.diagnostics.find((d) => d.code === 'yaml-syntax');
    // the value "Service" now starts a mapping that cannot go on
    const line = broken.split('\n').indexOf('kind: Service') + 1;
    expect(line).toBeGreaterThan(50);
    expect(syntax).toMatchObject({ line, column: 7 });
  });

  it('traces the client pod to the ClusterIP: DNAT to one of the four pods', () => {
    const r = engineApi.trace(request({ seed: 1 }));
    expect(r.problems).toEqual([]);
    const p = r.result?.packets[0];
    expect(p?.result.verdict).toBe('ACCEPT');
    expect(['10.42.0.44', '10.42.0.43', '10.42.1.42', '10.42.1.41']).toContain(
      p?.result.packet.dst,
    );
    expect(p?.result.packet.dport).toBe(8080);
    expect(p?.steps.some((s) => s.kind === 'nat' && s.type === 'DNAT')).toBe(true);
  });

  it('adds the reply in the same call: it is un-NATed from the conntrack entry', () => {
    const r = engineApi.trace(request({ seed: 1, withReply: true }));
    expect(r.problems).toEqual([]);
    expect(r.packets).toHaveLength(2);
    const [fwd, reply] = r.result?.packets ?? [];
    expect(reply?.result.packet.src).toBe('10.43.62.130');
    expect(reply?.result.packet.sport).toBe(80);
    expect(reply?.result.packet.dst).toBe('10.42.0.10');
    expect(r.packets[1]?.src).toBe(fwd?.result.packet.dst);
    expect(r.packets[1]?.tcpFlags).toBe('SYN,ACK');
  });

  it('gives each endpoint its exact share, and samples a histogram', () => {
    const paths = engineApi.allPaths(request());
    const shares = paths.result?.outcomes.map((o) => [o.results[0]?.packet.dst, o.exact]);
    expect(shares).toHaveLength(4);
    expect(paths.result?.outcomes.map((o) => o.probability).reduce((a, b) => a + b, 0)).toBeCloseTo(
      1,
    );
    const sample = engineApi.sample(request({ seed: 7 }), 200);
    expect(sample.outcomes.reduce((a, o) => a + o.count, 0)).toBe(200);
  });

  it('prints the node as iptables -S and says what is wrong with a bad packet', () => {
    const s = engineApi.print(request().source, 'S');
    expect(s).toContain('# iptables -t nat -S');
    const bad = engineApi.trace({
      ...request(),
      packets: [{ proto: 'tcp', dst: 'x', in: 'eth0' }],
    });
    expect(bad.result).toBeNull();
    expect(bad.problems[0]?.where).toBe('packet');
  });

  it('parses and traces a pasted dump on the default host', () => {
    const dump = '*filter\n:INPUT DROP [0:0]\n-A INPUT -p tcp --dport 22 -j ACCEPT\nCOMMIT\n';
    expect(engineApi.parseDump(dump).diagnostics).toEqual([]);
    const r = engineApi.trace({
      source: { kind: 'dump', text: dump },
      packets: [{ in: 'eth0', proto: 'tcp', src: '198.51.100.20', dst: '192.168.1.10', dport: 22 }],
    });
    expect(r.result?.packets[0]?.result.fate).toBe('local');
  });
});
