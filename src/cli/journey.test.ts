import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { cli } from './test-kit.ts';

const f = (name: string) => `tests/fixtures/cli/${name}`;
const TRANSLATIONS = new URL(
  '../engine/cluster/journey/__golden__/nodeport-cluster.translations.json',
  import.meta.url,
);
const INFO =
  /^tests\/fixtures\/cli\/journey-\w+\.yaml:\d+:1: info: no clusterCIDR in a KubeProxyConfiguration; using 10\.42\.0\.0\/16, which holds every node's podCIDR\n$/;

interface JsonHop {
  direction: string;
  node: string;
  in: string | null;
  out: string | null;
  translations: unknown[];
  verdict: string;
  trace: { steps: { kind: string }[]; result: { verdict: string } };
}

// each case runs the CLI a few times; a child process takes most of a second on a busy machine
describe('netfilter-lab journey', { timeout: 30_000 }, () => {
  it('prints the journey as JSON: hops with NAT, the source the pod sees, the reply', () => {
    const r = cli([
      'journey',
      f('journey-nodeport.yaml'),
      '--flow',
      f('journey-nodeport.json'),
      '--json',
    ]);
    expect(r.stderr).toMatch(INFO);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.flow).toMatchObject({
      to: 'node/node-b:30080',
      entry: 'node-b',
      from: { kind: 'client', name: 'laptop' },
    });
    expect(doc.podNetwork).toMatch(/^Pod networking is modelled plainly/);
    const hops = doc.journey.hops as JsonHop[];
    expect(hops.map((h) => [h.direction, h.node, h.in, h.out, h.verdict])).toEqual([
      ['request', 'node-b', 'eth0', 'eth0', 'ACCEPT'],
      ['request', 'node-a', 'eth0', 'cni0', 'ACCEPT'],
      ['reply', 'node-a', 'cni0', 'eth0', 'ACCEPT'],
      ['reply', 'node-b', 'eth0', 'eth0', 'ACCEPT'],
    ]);
    // every translation on each node, as the engine's golden file has them
    expect(
      hops.map((h) => ({ direction: h.direction, node: h.node, translations: h.translations })),
    ).toEqual(JSON.parse(readFileSync(TRANSLATIONS, 'utf8')));
    // each hop carries that node's own trace in the trace --json shape
    expect(hops[0]!.trace.steps[0]!.kind).toBe('hook-enter');
    expect(hops[0]!.trace.result.verdict).toBe('ACCEPT');
    expect(doc.journey.sourceSeen).toBe('10.32.7.224:40000');
    expect(doc.journey.replyMatches).toBe(true);
    expect(doc.outcomes).toBeUndefined();
    expect(doc.diagnostics).toBeUndefined();
  });

  it('enumerates every endpoint with its exact probability with --all-paths', () => {
    const r = cli([
      'journey',
      f('journey-clusterip.yaml'),
      '--flow',
      f('journey-clusterip.json'),
      '--all-paths',
    ]);
    expect(r.status).toBe(0);
    const endings = r.stdout.slice(r.stdout.indexOf('endings (4):')).split('\n').slice(1, 5);
    expect(endings.map((l) => l.replace(/ +/g, ' ').trim())).toEqual([
      '25.0000 % delivered to pod default/service-test-cd79b78bd-pq8bz at 10.42.0.43:8080, source seen 10.42.1.10:41000 (exact 1/4)',
      '25.0000 % delivered to pod default/service-test-cd79b78bd-wtc49 at 10.42.0.44:8080, source seen 10.42.1.10:41000 (exact 2147483649/8589934592)',
      '25.0000 % delivered to pod default/service-test-cd79b78bd-82rpx at 10.42.1.41:8080, source seen 10.42.1.10:41000 (exact 4294967295/17179869184)',
      '25.0000 % delivered to pod default/service-test-cd79b78bd-bkr52 at 10.42.1.42:8080, source seen 10.42.1.10:41000 (exact 4294967295/17179869184)',
    ]);
    const json = JSON.parse(
      cli([
        'journey',
        f('journey-clusterip.yaml'),
        '--flow',
        f('journey-clusterip.json'),
        '--all-paths',
        '--json',
      ]).stdout,
    );
    expect(json.complete).toBe(true);
    expect(json.outcomes.map((o: { exact: string }) => o.exact)).toEqual([
      '1/4',
      '2147483649/8589934592',
      '4294967295/17179869184',
      '4294967295/17179869184',
    ]);
  });

  it('prints the hops for people, and every step with --steps; the same seed gives the same journey', () => {
    const a = cli([
      'journey',
      f('journey-clusterip.yaml'),
      '--flow',
      f('journey-clusterip.json'),
      '--seed',
      '3',
    ]);
    const b = cli([
      'journey',
      f('journey-clusterip.yaml'),
      '--flow',
      f('journey-clusterip.json'),
      '--seed',
      '3',
    ]);
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toMatch(
      /^journey: tcp from pod default\/client \(10\.42\.1\.10:41000\) to svc\/default\/service-test:80 \(cluster IP of default\/service-test\), entering at ip-10-32-7-224/,
    );
    expect(a.stdout).toMatch(
      /\n {7}request DNAT at PREROUTING by KUBE-SEP-\w+#2: 10\.42\.1\.10:41000 → 10\.43\.62\.130:80 ⇒ 10\.42\.1\.10:41000 → 10\.42\.\d\.4\d:8080\n/,
    );
    expect(a.stdout).toMatch(
      /\n {7}reply un-DNAT at POSTROUTING by conntrack: 10\.42\.\d\.4\d:8080 → 10\.42\.1\.10:41000 ⇒ 10\.43\.62\.130:80 → 10\.42\.1\.10:41000\n/,
    );
    expect(a.stdout).toMatch(/the connection works\n$/);
    const steps = cli([
      'journey',
      f('journey-clusterip.yaml'),
      '--flow',
      f('journey-clusterip.json'),
      '--steps',
    ]);
    expect(steps.stdout).toMatch(
      /\| +match KUBE-SERVICES#1 -A KUBE-SERVICES -d 10\.43\.62\.130\/32 /,
    );
  });

  it('reports flow problems as FILE:LINE:COL and exits 1', () => {
    const r = cli(['journey', f('journey-clusterip.yaml'), '--flow', f('journey-bad-flow.json')]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n').slice(1)).toEqual([
      'tests/fixtures/cli/journey-bad-flow.json:5:3: error: dport: unknown field "dport" (expected one of: from, to, proto, sport, tcpFlags, via, family)',
      'tests/fixtures/cli/journey-bad-flow.json:2:11: error: from: there is no pod default/nobody',
      'tests/fixtures/cli/journey-bad-flow.json:3:9: error: to: Service default/service-test has no port "81" (ports: 80)',
      '',
    ]);
  });

  it('reports a flow that is not YAML/JSON, and a cluster with errors, with positions', () => {
    const bad = cli(
      ['journey', f('journey-clusterip.yaml'), '--flow', '-'],
      '{"from": "node/x",\n  "to": [\n',
    );
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^<stdin>:3:1: error: /m);
    const cluster = cli(
      ['journey', '-', '--flow', f('journey-nodeport.json')],
      'apiVersion: v1\nkind: Node\nmetadata: {name: [}\n',
    );
    expect(cluster.status).toBe(1);
    expect(cluster.stderr).toMatch(/^<stdin>:3:\d+: error: /m);
  });

  it('treats command-line mistakes as usage errors (exit 2)', () => {
    const cases: [string[], string][] = [
      [['journey', f('journey-clusterip.yaml')], 'missing --flow FILE'],
      [
        ['journey', '--flow', f('journey-clusterip.json')],
        'missing FILE (a path, or - for standard input)',
      ],
      [
        [
          'journey',
          f('journey-clusterip.yaml'),
          '--flow',
          f('journey-clusterip.json'),
          '--seed',
          '1',
          '--all-paths',
        ],
        '--seed and --all-paths exclude each other',
      ],
      [
        [
          'journey',
          f('journey-clusterip.yaml'),
          '--flow',
          f('journey-clusterip.json'),
          '--seed',
          'x',
        ],
        '--seed takes a whole number, not "x"',
      ],
      [['journey', '-', '--flow', '-'], 'only one of CLUSTER and --flow can be - (standard input)'],
    ];
    for (const [args, message] of cases) {
      const r = cli(args);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(
        `netfilter-lab journey: ${message} (see netfilter-lab journey --help)\n`,
      );
    }
    const help = cli(['--help']);
    expect(help.stdout).toMatch(/\n {2}journey {2}follow a connection across the cluster/);
    expect(cli(['journey', '--help']).stdout).toMatch(
      /^Usage: netfilter-lab journey CLUSTER\.yaml\|- --flow FLOW\.json/,
    );
  });

  it('follows an IPv6 flow of a dual-stack cluster, and says at its field when the cluster has no IPv6', () => {
    const r = cli([
      'journey',
      f('journey-dual-stack.yaml'),
      '--flow',
      f('journey-ipv6.json'),
      '--all-paths',
    ]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const golden = new URL(
      '../engine/cluster/journey/__golden__/dual-stack.ipv6.txt',
      import.meta.url,
    );
    expect(r.stdout).toBe(readFileSync(golden, 'utf8'));
    const json = JSON.parse(
      cli(['journey', f('journey-dual-stack.yaml'), '--flow', f('journey-ipv6.json'), '--json'])
        .stdout,
    );
    expect(json.flow.from.address).toBe('fd00:10:244:1::20');
    expect(json.journey.replyMatches).toBe(true);
    const v4 = cli(['journey', f('journey-clusterip.yaml'), '--flow', f('journey-ipv6.json')]);
    expect(v4.status).toBe(1);
    expect(v4.stderr).toMatch(
      /\ntests\/fixtures\/cli\/journey-ipv6\.json:1:\d+: error: family: the cluster has no IPv6 \(its serviceCIDR gives IPv4\)/,
    );
  });
});
