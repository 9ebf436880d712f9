import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, root } from './test-kit.ts';

const f = (name: string) => `tests/fixtures/cli/${name}`;
const base = ['trace', '--rules', f('svc-two-endpoints.rules'), '--host', f('node-host.yaml')];

interface JsonStep {
  kind: string;
  chain?: string;
  rule?: number | null;
  ruleText?: string;
  matched?: boolean;
}

describe('netfilter-lab trace', () => {
  it('prints the trace JSON (docs/formats.md#trace-json): one entry per packet, matched rules with their text', () => {
    const r = cli([...base, '--packet', f('syn-and-reply.json'), '--seed', '1', '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.packets).toHaveLength(2);
    const matched = (doc.packets[0].steps as JsonStep[]).filter(
      (s) => s.kind === 'rule' && s.matched,
    );
    expect(matched.map((s) => [s.chain, s.rule, s.ruleText])).toEqual([
      ['PREROUTING', 1, '-A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j KUBE-SVC-X'],
      [
        'KUBE-SVC-X',
        1,
        '-A KUBE-SVC-X -p tcp -m statistic --mode random --probability 0.50000000000 -m tcp -j DNAT --to-destination 10.244.1.5:8080',
      ],
    ]);
    expect(doc.packets[0].result).toMatchObject({
      verdict: 'ACCEPT',
      fate: 'forward',
      outInterface: 'cni0',
      packet: { src: '192.168.1.100', sport: 40000, dst: '10.244.1.5', dport: 8080, proto: 'tcp' },
    });
    // the reply is un-DNATed from the conntrack entry and walks no nat chain
    expect(doc.packets[1].result.packet).toMatchObject({
      src: '10.96.0.10',
      sport: 80,
      dst: '192.168.1.100',
    });
    expect(
      (doc.packets[1].steps as JsonStep[]).some(
        (s) => s.kind === 'rule' && s.chain === 'KUBE-SVC-X',
      ),
    ).toBe(false);
  });

  it('gives the same trace for the same seed and enumerates both endpoints with --all-paths', () => {
    const a = cli([...base, '--packet', f('syn-and-reply.json'), '--seed', '7', '--json']);
    const b = cli([...base, '--packet', f('syn-and-reply.json'), '--seed', '7', '--json']);
    expect(a.stdout).toBe(b.stdout);
    const all = cli([...base, '--packet', f('syn-and-reply.json'), '--all-paths']);
    expect(all.status).toBe(0);
    expect(all.stdout).toMatch(/50\.0000 %.*10\.244\.1\.5:8080/);
    expect(all.stdout).toMatch(/50\.0000 %.*10\.244\.2\.7:8080/);
  });

  it('points at the field of a bad host or packet file with FILE:LINE:COL and exits 1', () => {
    const r = cli([
      'trace',
      '--rules',
      f('svc-two-endpoints.rules'),
      '--host',
      f('bad-host.yaml'),
      '--packet',
      f('bad-packet.json'),
    ]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([
      'tests/fixtures/cli/bad-host.yaml:5:9: error: interfaces[1].addresses[0]: "10.244.1.300/24" is not an address/prefix (expected e.g. 10.0.0.1/24 or fd00::1/64)',
      'tests/fixtures/cli/bad-packet.json:1:65: error: sport: 70000 is not a port (expected a whole number 0-65535)',
    ]);
  });

  it('points at a misspelled packet key by its own line and column, with the field meant', () => {
    const r = cli([...base, '--packet', f('misspelled-packet.yaml')]);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      'tests/fixtures/cli/misspelled-packet.yaml:8:3: error: [1].tcpflags: unknown field "tcpflags": did you mean "tcpFlags"?',
    ]);
  });

  it('reports YAML syntax errors with their position', () => {
    const r = cli(
      [...base.slice(0, 3), '--host', '-', '--packet', f('syn-and-reply.json')],
      'interfaces: [\n',
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^<stdin>:\d+:\d+: error: /);
  });

  it('treats missing options and conflicting ones as usage errors (exit 2)', () => {
    expect(cli(['trace', '--rules', f('svc-two-endpoints.rules')]).status).toBe(2);
    const r = cli([...base, '--packet', f('syn-and-reply.json'), '--seed', '1', '--all-paths']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--seed and --all-paths exclude each other');
  });
});

describe('netfilter-lab compile', () => {
  const cluster = 'src/engine/cluster/__golden__/nodeport-30080.yaml';

  it("prints the node's rules as iptables-save does (the compiler's golden)", () => {
    const r = cli(['compile', cluster, '--node', 'node-a']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      readFileSync(`${root}src/engine/cluster/__golden__/nodeport-30080.node-a.save`, 'utf8'),
    );
  });

  it('compiles plain manifests on an assumed node, said as info lines, and exits 0', () => {
    const r = cli(['compile', f('plain-deployment.yaml')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('-j DNAT --to-destination 10.244.1.2:80');
    expect(r.stdout).toContain('-j DNAT --to-destination 10.244.2.2:80');
    const lines = r.stderr.split('\n');
    expect(lines).toContain(
      'tests/fixtures/cli/plain-deployment.yaml:3:7: info: no Node objects: assuming a small cluster of two nodes, node-1 (InternalIP 192.168.10.11, pods 10.244.1.0/24) and node-2 (InternalIP 192.168.10.12, pods 10.244.2.0/24). To choose your own, add Node objects such as:',
    );
    expect(lines).toContain('metadata: {name: node-2}');
    expect(lines.filter((l) => /: (error|warning): /.test(l))).toEqual([]);
    expect(r.stderr).toContain('info: compiling node-1, the first assumed node');
  });

  it('prints host models that trace --host reads back, and names the nodes when --node is wrong', () => {
    const hosts = cli(['compile', cluster, '--hosts', '--json']);
    expect(hosts.status).toBe(0);
    expect(Object.keys(JSON.parse(hosts.stdout))).toEqual(['node-a', 'node-b']);
    const bad = cli(['compile', cluster, '--node', 'nope']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('no node "nope" (nodes: node-a, node-b)');
  });

  it('gives trace --host one node: --hosts --node prints its host, or trace --node picks it from the map', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hosts-'));
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const rules = file('node-a.rules', cli(['compile', cluster, '--node', 'node-a']).stdout);
    const one = cli(['compile', cluster, '--hosts', '--node', 'node-a']);
    expect(one.status).toBe(0);
    expect(one.stdout).toMatch(/^interfaces:/);
    const map = file('hosts.yaml', cli(['compile', cluster, '--hosts']).stdout);
    const host = file('node-a.yaml', one.stdout);
    // an outside client reaches the NodePort on node-a's address
    const packet = file(
      'syn.json',
      JSON.stringify({
        in: 'eth0',
        proto: 'tcp',
        src: '203.0.113.7',
        sport: 40000,
        dst: '10.32.11.62',
        dport: 30080,
        tcpFlags: 'SYN',
      }),
    );
    const alone = cli(['trace', '--rules', rules, '--host', host, '--packet', packet, '--json']);
    const picked = cli([
      'trace',
      '--rules',
      rules,
      '--host',
      map,
      '--node',
      'node-a',
      '--packet',
      packet,
      '--json',
    ]);
    expect([alone.status, picked.status]).toEqual([0, 0]);
    expect(picked.stdout).toBe(alone.stdout);
    const result = (JSON.parse(picked.stdout) as { packets: { result: { fate: string } }[] })
      .packets[0]!.result;
    expect(result.fate).toBe('forward');

    const unpicked = cli(['trace', '--rules', rules, '--host', map, '--packet', packet]);
    expect(unpicked.status).toBe(2);
    expect(unpicked.stderr).toContain(
      'holds the hosts of 2 nodes (node-a, node-b): pick one with --node NAME',
    );
    const wrong = cli([
      'trace',
      '--rules',
      rules,
      '--host',
      map,
      '--node',
      'x',
      '--packet',
      packet,
    ]);
    expect(wrong.stderr).toContain('no node "x"');
    const needless = cli([
      'trace',
      '--rules',
      rules,
      '--host',
      host,
      '--node',
      'node-a',
      '--packet',
      packet,
    ]);
    expect([needless.status, needless.stderr]).toEqual([2, expect.stringContaining('is one host')]);
    expect(cli(['compile', cluster, '--hosts', '--node', 'nope']).status).toBe(2);
  }, 60_000);
});
