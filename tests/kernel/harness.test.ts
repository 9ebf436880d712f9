// End-to-end check of the kernel harness itself: topology, loader, sender, monitor and reader.
// Needs root, iproute2, iptables (nf_tables), nft and python3; otherwise skips, saying why.
import { describe, expect, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from './environment.ts';
import { HARNESS_TABLE, loadRules } from './loader.ts';
import { run, runIn } from './run.ts';
import { runKernelScenario } from './scenario.ts';
import { sendPacket } from './sender.ts';
import { stepLines } from './step-lines.ts';
import { buildTopology, defaultTopology } from './topology.ts';

const env = kernelEnvironment();

const namespaces = (prefix: string): string[] =>
  run(['ip', 'netns', 'list'])
    .stdout.split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((name) => name.startsWith(prefix))
    .sort();

const SERVICE_RULES = `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.5:8080
-A POSTROUTING -s 192.168.50.0/24 -o cni0 -j MASQUERADE
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
-A FORWARD -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
-A FORWARD -d 10.244.1.0/24 -p tcp -m tcp --dport 8080 -j ACCEPT
COMMIT
`;

describe.skipIf(!env.ok)(kernelSuiteTitle('kernel harness'), () => {
  it('builds the namespaces, describes the host, and removes every namespace it made', () => {
    const topology = buildTopology();
    try {
      expect(namespaces(topology.prefix)).toEqual(
        ['host', 'peer', 'pod1', 'pod2'].map((r) => topology.ns(r)).sort(),
      );
      expect(topology.hostFile()).toEqual({
        interfaces: [
          { name: 'eth0', addresses: ['192.168.50.10/24'] },
          { name: 'cni0', addresses: ['10.244.1.1/24'] },
        ],
        routes: [
          { to: 'default', via: '192.168.50.1', dev: 'eth0' },
          { to: '10.244.2.0/24', via: '192.168.50.11', dev: 'eth0' },
        ],
        ipForward: true,
        bridgeNetfilter: topology.bridgeNetfilter.enabled,
        bridges: [
          {
            name: 'cni0',
            ports: [
              { name: 'vethpod1', addresses: ['10.244.1.5'], hairpin: false },
              { name: 'vethpod2', addresses: ['10.244.1.6'], hairpin: false },
            ],
          },
        ],
      });
      const routes = runIn(topology.ns('host'), ['ip', 'route']).stdout;
      expect(routes).toContain('default via 192.168.50.1 dev eth0');
      expect(routes).toContain('10.244.1.0/24 dev cni0 proto kernel scope link src 10.244.1.1');
      expect(
        runIn(topology.ns('host'), ['sysctl', '-n', 'net.ipv4.ip_forward']).stdout.trim(),
      ).toBe('1');
    } finally {
      topology.teardown();
    }
    expect(namespaces(topology.prefix)).toEqual([]);
  });

  it('cleans up when building fails half-way', () => {
    const spec = defaultTopology();
    spec.routes.push({ to: '10.9.0.0/16', via: '10.99.99.99', dev: 'eth0' }); // unreachable gateway: ip refuses
    const ours = `nlk-${process.pid}-`;
    const before = namespaces(ours);
    expect(() => buildTopology(spec)).toThrow(
      /command failed .*ip -n nlk-\d+-\d+-host route add 10\.9\.0\.0\/16/,
    );
    expect(namespaces(ours)).toEqual(before);
  });

  it('loads the rules without its own trace table showing in iptables-save', () => {
    const topology = buildTopology();
    try {
      loadRules(topology, SERVICE_RULES);
      const saved = runIn(topology.ns('host'), ['iptables-save']).stdout;
      const rules = saved.split('\n').filter((l) => l.startsWith('-A ') || l.startsWith('*'));
      // iptables-save prints filter before nat whatever order the input had.
      expect(rules).toEqual([
        '*filter',
        '-A FORWARD -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT',
        '-A FORWARD -d 10.244.1.0/24 -p tcp -m tcp --dport 8080 -j ACCEPT',
        '*nat',
        '-A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.5:8080',
        '-A POSTROUTING -s 192.168.50.0/24 -o cni0 -j MASQUERADE',
      ]);
      expect(saved).not.toContain(HARNESS_TABLE);
      expect(runIn(topology.ns('host'), ['nft', 'list', 'tables']).stdout).toContain(
        `table ip ${HARNESS_TABLE}`,
      );
    } finally {
      topology.teardown();
    }
  });

  it('a locally delivered packet leaves a confirmed conntrack entry (the drop comes after confirm)', () => {
    const topology = buildTopology();
    try {
      loadRules(topology, SERVICE_RULES.replace('*filter', '*filter\n:INPUT ACCEPT [0:0]'));
      sendPacket(topology.ns('peer'), env.python, {
        from: 'peer',
        proto: 'tcp',
        src: '192.168.50.100',
        dst: '192.168.50.10',
        sport: 40999,
        dport: 22,
        tcpFlags: 'SYN',
      });
      const table = runIn(topology.ns('host'), ['cat', '/proc/net/nf_conntrack']).stdout;
      expect(table).toMatch(
        /SYN_SENT src=192\.168\.50\.100 dst=192\.168\.50\.10 sport=40999 dport=22 \[UNREPLIED\]/,
      );
    } finally {
      topology.teardown();
    }
  });

  it('traces a SYN DNATed to a pod and masqueraded, its reply, and the ACK that follows', async () => {
    const started = Date.now();
    const result = await runKernelScenario({
      rules: SERVICE_RULES,
      packets: [
        {
          from: 'peer',
          proto: 'tcp',
          src: '192.168.50.100',
          dst: '10.96.0.10',
          sport: 40000,
          dport: 80,
          tcpFlags: 'SYN',
        },
        {
          from: 'pod1',
          proto: 'tcp',
          src: '10.244.1.5',
          dst: '10.244.1.1',
          sport: 8080,
          dport: 40000,
          tcpFlags: 'SYN,ACK',
          reply: true,
        },
        {
          from: 'peer',
          proto: 'tcp',
          src: '192.168.50.100',
          dst: '10.96.0.10',
          sport: 40000,
          dport: 80,
          tcpFlags: 'ACK',
        },
      ],
    });
    const [syn, synAck, ack] = result.packets;
    expect(stepLines(syn?.steps ?? [], true)).toEqual([
      'PREROUTING nat/PREROUTING #1 -A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.5:8080 => ACCEPT [eth0>- 192.168.50.100:40000>10.96.0.10:80]',
      'FORWARD filter/FORWARD #2 -A FORWARD -d 10.244.1.0/24 -p tcp -m tcp --dport 8080 -j ACCEPT => ACCEPT [eth0>cni0 192.168.50.100:40000>10.244.1.5:8080]',
      'POSTROUTING nat/POSTROUTING #1 -A POSTROUTING -s 192.168.50.0/24 -o cni0 -j MASQUERADE => ACCEPT [eth0>cni0 192.168.50.100:40000>10.244.1.5:8080]',
    ]);
    expect(syn?.result).toEqual({
      verdict: 'ACCEPT',
      fate: 'forward',
      outInterface: 'cni0',
      packet: { proto: 'tcp', src: '10.244.1.1', sport: 40000, dst: '10.244.1.5', dport: 8080 },
    });
    // The reply and the ACK walk no nat chain; conntrack translates them from the entry.
    expect(stepLines(synAck?.steps ?? [])).toEqual([
      'FORWARD filter/FORWARD #1 -A FORWARD -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT => ACCEPT',
    ]);
    expect(synAck?.result).toMatchObject({
      fate: 'forward',
      outInterface: 'eth0',
      packet: { src: '10.96.0.10', sport: 80, dst: '192.168.50.100', dport: 40000 },
    });
    expect(stepLines(ack?.steps ?? [])).toEqual([
      'FORWARD filter/FORWARD #1 -A FORWARD -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT => ACCEPT',
    ]);
    expect(ack?.result.packet).toEqual({
      proto: 'tcp',
      src: '10.244.1.1',
      sport: 40000,
      dst: '10.244.1.5',
      dport: 8080,
    });
    expect(result.packets.flatMap((p) => p.runs.map((r) => r.relation))).toEqual([
      'primary',
      'primary',
      'primary',
    ]);
    expect(result.host.ipForward).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
