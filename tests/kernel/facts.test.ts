// The kernel facts the simulator models, each checked with a small scenario against the real
// kernel. FINDINGS.md says what each one means for the simulator.
// Rules that only probe state are target-less rules with a comment: they show in the trace when
// they match and change nothing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kernelEnvironment, kernelSuiteTitle } from './environment.ts';
import { runKernelScenario, type KernelPacket } from './scenario.ts';
import { stepLines } from './step-lines.ts';
import { defaultTopology, type TopologySpec } from './topology.ts';

const env = kernelEnvironment();
const rules = (name: string): string =>
  readFileSync(new URL(`./captures/${name}`, import.meta.url), 'utf8');

const tcp = (
  from: string,
  src: string,
  dst: string,
  sport: number,
  dport: number,
  tcpFlags = 'SYN',
  reply = false,
): KernelPacket => ({
  from,
  proto: 'tcp',
  src,
  dst,
  sport,
  dport,
  tcpFlags,
  ...(reply ? { reply } : {}),
});
const udp = (
  from: string,
  src: string,
  dst: string,
  sport: number,
  dport: number,
): KernelPacket => ({ from, proto: 'udp', src, dst, sport, dport });

const hookTables = (steps: readonly { hook: string | null; table: string }[]): string[] => {
  const seen: string[] = [];
  for (const s of steps) {
    const key = `${s.hook} ${s.table}`;
    if (seen.at(-1) !== key) seen.push(key);
  }
  return seen;
};

const SERVICE_RULES = `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.5:8080
-A PREROUTING -d 10.96.0.11/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.6:8080
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A FORWARD -m conntrack --ctstate NEW -m comment --comment fwd-new
-A FORWARD -m conntrack --ctstate INVALID -m comment --comment fwd-invalid
COMMIT
`;

function topology(change: (spec: TopologySpec) => void): TopologySpec {
  const spec = defaultTopology();
  change(spec);
  return spec;
}

describe.skipIf(!env.ok)(kernelSuiteTitle('kernel facts'), () => {
  it('tables run in priority order at every hook; under nft security comes after nat at INPUT', async () => {
    const { packets } = await runKernelScenario({
      rules: rules('all-tables.rules'),
      packets: [
        tcp('peer', '192.168.50.100', '10.96.0.10', 40000, 80),
        udp('peer', '192.168.50.100', '192.168.50.10', 5353, 53),
        { from: 'host', proto: 'icmp', src: '192.168.50.10', dst: '192.168.50.100' },
      ],
    });
    expect(packets.map((p) => hookTables(p.steps))).toEqual([
      [
        'PREROUTING raw',
        'PREROUTING mangle',
        'PREROUTING nat',
        'FORWARD mangle',
        'FORWARD filter',
        'FORWARD security',
        'POSTROUTING mangle',
        'POSTROUTING nat',
      ],
      [
        'PREROUTING raw',
        'PREROUTING mangle',
        'PREROUTING nat',
        'INPUT mangle',
        'INPUT filter',
        'INPUT nat',
        'INPUT security',
      ],
      [
        'OUTPUT raw',
        'OUTPUT mangle',
        'OUTPUT nat',
        'OUTPUT filter',
        'OUTPUT security',
        'POSTROUTING mangle',
        'POSTROUTING nat',
      ],
    ]);
  });

  it('nat sees only the first packet; the reply and the next packet are translated from the entry', async () => {
    const { packets } = await runKernelScenario({
      rules: rules('masq.rules'),
      packets: [
        tcp('pod1', '10.244.1.5', '172.16.9.9', 41000, 443),
        tcp('peer', '172.16.9.9', '192.168.50.10', 443, 41000, 'SYN,ACK', true),
        tcp('pod1', '10.244.1.5', '172.16.9.9', 41000, 443, 'ACK'),
      ],
    });
    const [syn, synAck, ack] = packets;
    expect(
      syn?.steps.filter((s) => s.table === 'nat').map((s) => s.ruleText ?? `${s.chain} policy`),
    ).toEqual(['PREROUTING policy', '-A POSTROUTING -j MASQUERADE']);
    expect(synAck?.steps.filter((s) => s.table === 'nat')).toEqual([]);
    expect(ack?.steps.filter((s) => s.table === 'nat')).toEqual([]);
    expect(stepLines(synAck?.steps ?? []).filter((l) => l.includes('ctstate'))).toEqual([
      'FORWARD filter/FORWARD #2 -A FORWARD -m conntrack --ctstate ESTABLISHED -m comment --comment fwd-est => CONTINUE',
    ]);
    expect(synAck?.result.packet).toEqual({
      proto: 'tcp',
      src: '172.16.9.9',
      sport: 443,
      dst: '10.244.1.5',
      dport: 41000,
    });
    expect(ack?.result.packet).toEqual({
      proto: 'tcp',
      src: '192.168.50.10',
      sport: 41000,
      dst: '172.16.9.9',
      dport: 443,
    });
  });

  it('an ACK after a SYN that got no reply is INVALID: no NAT at all, routed as addressed', async () => {
    const { packets } = await runKernelScenario({
      rules: SERVICE_RULES,
      packets: [
        tcp('peer', '192.168.50.100', '10.96.0.10', 40001, 80),
        tcp('peer', '192.168.50.100', '10.96.0.10', 40001, 80, 'ACK'),
      ],
    });
    expect(stepLines(packets[1]?.steps ?? [])).toEqual([
      'FORWARD filter/FORWARD #2 -A FORWARD -m conntrack --ctstate INVALID -m comment --comment fwd-invalid => CONTINUE',
      'FORWARD filter/FORWARD policy ACCEPT',
    ]);
    expect(packets[1]?.result).toMatchObject({
      fate: 'forward',
      outInterface: 'eth0',
      packet: { dst: '10.96.0.10', dport: 80 },
    });
  });

  it('after a DNAT in nat OUTPUT, filter OUTPUT still sees -o eth0; POSTROUTING sees cni0', async () => {
    const { packets } = await runKernelScenario({
      rules: rules('probes.rules'),
      packets: [tcp('host', '192.168.50.10', '10.96.0.10', 40003, 80)],
    });
    expect(stepLines(packets[0]?.steps ?? [], true)).toEqual([
      'OUTPUT nat/OUTPUT #1 -A OUTPUT -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.6:8080 => ACCEPT [->eth0 192.168.50.10:40003>10.96.0.10:80]',
      'OUTPUT filter/OUTPUT #1 -A OUTPUT -o eth0 -m comment --comment out-eth0 => CONTINUE [->eth0 192.168.50.10:40003>10.244.1.6:8080]',
      'OUTPUT filter/OUTPUT #4 -A OUTPUT -m conntrack --ctstate NEW -m comment --comment out-new => CONTINUE [->eth0 192.168.50.10:40003>10.244.1.6:8080]',
      'OUTPUT filter/OUTPUT policy ACCEPT [->eth0 192.168.50.10:40003>10.244.1.6:8080]',
      'POSTROUTING nat/POSTROUTING #1 -A POSTROUTING -m comment --comment nat-post => CONTINUE [->cni0 192.168.50.10:40003>10.244.1.6:8080]',
      'POSTROUTING nat/POSTROUTING policy ACCEPT [->cni0 192.168.50.10:40003>10.244.1.6:8080]',
    ]);
    expect(packets[0]?.result).toMatchObject({ fate: 'output', outInterface: 'cni0' });
  });

  it('MASQUERADE takes the address of the interface the packet leaves by', async () => {
    const { packets } = await runKernelScenario({
      rules: rules('masq.rules'),
      packets: [
        tcp('pod1', '10.244.1.5', '172.16.9.9', 41000, 443),
        tcp('peer', '192.168.50.100', '10.96.0.10', 41001, 80),
      ],
    });
    expect(packets.map((p) => [p.result.outInterface, p.result.packet?.src])).toEqual([
      ['eth0', '192.168.50.10'],
      ['cni0', '10.244.1.1'],
    ]);
  });

  it('local to local: OUTPUT → POSTROUTING out lo, then a new trace PREROUTING in lo → INPUT with no nat walk', async () => {
    const { packets } = await runKernelScenario({
      rules: rules('probes.rules'),
      packets: [udp('host', '192.168.50.10', '192.168.50.10', 40004, 53)],
    });
    const p = packets[0];
    expect(p?.runs.map((r) => [r.relation, r.origin])).toEqual([
      ['primary', 'OUTPUT'],
      ['loopback', 'PREROUTING'],
    ]);
    expect(stepLines(p?.steps ?? [], true)).toEqual([
      'OUTPUT nat/OUTPUT #2 -A OUTPUT -m comment --comment nat-out => CONTINUE [->lo 192.168.50.10:40004>192.168.50.10:53]',
      'OUTPUT nat/OUTPUT policy ACCEPT [->lo 192.168.50.10:40004>192.168.50.10:53]',
      'OUTPUT filter/OUTPUT #3 -A OUTPUT -o lo -m comment --comment out-lo => CONTINUE [->lo 192.168.50.10:40004>192.168.50.10:53]',
      'OUTPUT filter/OUTPUT #4 -A OUTPUT -m conntrack --ctstate NEW -m comment --comment out-new => CONTINUE [->lo 192.168.50.10:40004>192.168.50.10:53]',
      'OUTPUT filter/OUTPUT policy ACCEPT [->lo 192.168.50.10:40004>192.168.50.10:53]',
      'POSTROUTING nat/POSTROUTING #1 -A POSTROUTING -m comment --comment nat-post => CONTINUE [->lo 192.168.50.10:40004>192.168.50.10:53]',
      'POSTROUTING nat/POSTROUTING policy ACCEPT [->lo 192.168.50.10:40004>192.168.50.10:53]',
      'INPUT filter/INPUT #1 -A INPUT -m conntrack --ctstate NEW -m comment --comment in-new => CONTINUE [lo>- 192.168.50.10:40004>192.168.50.10:53]',
      'INPUT filter/INPUT policy ACCEPT [lo>- 192.168.50.10:40004>192.168.50.10:53]',
    ]);
    expect(p?.result).toMatchObject({ fate: 'local', verdict: 'ACCEPT' });
  });

  it('a bare ACK with no entry starts a connection when nf_conntrack_tcp_loose=1 (NEW, nat runs), is INVALID when 0', async () => {
    const ack = tcp('peer', '192.168.50.100', '10.96.0.10', 42000, 80, 'ACK');
    const loose = await runKernelScenario({ rules: SERVICE_RULES, packets: [ack] });
    expect(stepLines(loose.packets[0]?.steps ?? []).slice(0, 2)).toEqual([
      'PREROUTING nat/PREROUTING #1 -A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.5:8080 => ACCEPT',
      'FORWARD filter/FORWARD #1 -A FORWARD -m conntrack --ctstate NEW -m comment --comment fwd-new => CONTINUE',
    ]);
    const strict = await runKernelScenario({
      rules: SERVICE_RULES,
      topology: topology((t) => (t.sysctls = { 'net.netfilter.nf_conntrack_tcp_loose': '0' })),
      packets: [ack],
    });
    expect(stepLines(strict.packets[0]?.steps ?? [])).toEqual([
      'FORWARD filter/FORWARD #2 -A FORWARD -m conntrack --ctstate INVALID -m comment --comment fwd-invalid => CONTINUE',
      'FORWARD filter/FORWARD policy ACCEPT',
    ]);
  });

  it('a declared table applies its policies at every hook even with no rules; an undeclared one leaves no trace', async () => {
    const { packets } = await runKernelScenario({
      rules: rules('masq.rules'),
      packets: [
        udp('host', '192.168.50.10', '192.168.50.100', 41003, 53),
        tcp('peer', '192.168.50.100', '10.96.0.10', 41001, 80),
      ],
    });
    expect(stepLines(packets[0]?.steps ?? []).filter((l) => l.includes(' mangle/'))).toEqual([
      'OUTPUT mangle/OUTPUT policy ACCEPT',
      'POSTROUTING mangle/POSTROUTING policy ACCEPT',
    ]);
    expect(stepLines(packets[1]?.steps ?? []).filter((l) => l.includes(' mangle/'))).toEqual([
      'PREROUTING mangle/PREROUTING policy ACCEPT',
      'FORWARD mangle/FORWARD policy ACCEPT',
      'POSTROUTING mangle/POSTROUTING policy ACCEPT',
    ]);
    expect(
      packets.flatMap((p) => p.steps).filter((s) => s.table === 'raw' || s.table === 'security'),
    ).toEqual([]);
  });

  it('verdicts: JUMP, RETURN, GOTO, MARK/LOG continue, a user chain falls off silently, REJECT reports DROP', async () => {
    const { packets } = await runKernelScenario({
      rules: rules('chains.rules'),
      packets: [4, 1, 2].map((port) =>
        tcp('peer', '192.168.50.100', '192.168.50.10', 43000 + port, port),
      ),
    });
    expect(stepLines(packets[0]?.steps ?? [])).toEqual([
      'INPUT filter/INPUT #1 -A INPUT -p tcp -j SUB => JUMP:SUB',
      'INPUT filter/SUB #3 -A SUB -m comment --comment fallthrough => CONTINUE',
      'INPUT filter/INPUT #2 -A INPUT -p tcp -g SUB2 => GOTO:SUB2',
      'INPUT filter/SUB2 #1 -A SUB2 -p tcp -m tcp --dport 4 -j MARK --set-xmark 0x7/0xffffffff => CONTINUE',
      'INPUT filter/SUB2 #2 -A SUB2 -p tcp -m tcp --dport 4 -j LOG --log-prefix "nlk " => CONTINUE',
      'INPUT filter/INPUT policy ACCEPT',
    ]);
    expect(stepLines(packets[1]?.steps ?? []).slice(0, 2)).toEqual([
      'INPUT filter/INPUT #1 -A INPUT -p tcp -j SUB => JUMP:SUB',
      'INPUT filter/SUB #1 -A SUB -p tcp -m tcp --dport 1 -j RETURN => RETURN',
    ]);
    expect(packets[2]?.result).toMatchObject({ verdict: 'DROP', fate: 'dropped' });

    const rejected = await runKernelScenario({
      rules: rules('masq.rules'),
      packets: [tcp('peer', '192.168.50.100', '192.168.50.10', 41002, 9)],
    });
    const r = rejected.packets[0];
    expect(stepLines(r?.steps ?? []).at(-1)).toBe(
      'INPUT filter/INPUT #2 -A INPUT -p tcp -m tcp --dport 9 -j REJECT --reject-with tcp-reset => DROP',
    );
    expect(r?.result).toMatchObject({ verdict: 'REJECT', fate: 'rejected' });
    // The RST it sends is traced as a packet of its own, leaving by OUTPUT and POSTROUTING.
    const rst = r?.runs.find((run) => run.relation === 'other');
    expect(rst?.steps[0]?.packet).toMatchObject({
      out: 'eth0',
      src: '192.168.50.10',
      sport: 9,
      dst: '192.168.50.100',
      dport: 41002,
    });
  });

  it('bridge netfilter: a pod reaching a pod on its bridge through a Service is bridged (POSTROUTING has no in), itself only with hairpin', async () => {
    const packets = [
      tcp('pod1', '10.244.1.5', '10.96.0.11', 42002, 80),
      tcp('pod1', '10.244.1.5', '10.96.0.10', 42001, 80),
    ];
    const plain = await runKernelScenario({ rules: SERVICE_RULES, packets });
    expect(plain.bridgeNetfilter).toEqual({ available: true, enabled: true });
    expect(stepLines(plain.packets[0]?.steps ?? [], true).slice(1)).toEqual([
      'FORWARD filter/FORWARD #1 -A FORWARD -m conntrack --ctstate NEW -m comment --comment fwd-new => CONTINUE [cni0>cni0 10.244.1.5:42002>10.244.1.6:8080]',
      'FORWARD filter/FORWARD policy ACCEPT [cni0>cni0 10.244.1.5:42002>10.244.1.6:8080]',
      'POSTROUTING nat/POSTROUTING policy ACCEPT [->cni0 10.244.1.5:42002>10.244.1.6:8080]',
    ]);
    expect(plain.packets[0]?.result).toMatchObject({ fate: 'forward', outInterface: 'cni0' });
    // To itself without hairpin the bridge will not send the frame back out the port it came in by:
    // the trace stops after PREROUTING.
    expect(stepLines(plain.packets[1]?.steps ?? []).length).toBe(1);
    expect(plain.packets[1]?.result.fate).toBe('unknown');

    const hairpin = await runKernelScenario({
      rules: SERVICE_RULES,
      topology: topology((t) => t.bridges[0] && (t.bridges[0].hairpin = true)),
      packets: packets.slice(1),
    });
    expect(hairpin.packets[0]?.result).toMatchObject({
      fate: 'forward',
      outInterface: 'cni0',
      packet: { dst: '10.244.1.5', dport: 8080 },
    });
  });

  it('ip_forward=0: after PREROUTING a forwarded packet vanishes (the trace just stops)', async () => {
    const { packets } = await runKernelScenario({
      rules: SERVICE_RULES,
      topology: topology((t) => (t.ipForward = false)),
      packets: [tcp('peer', '192.168.50.100', '10.96.0.10', 42000, 80)],
    });
    expect(stepLines(packets[0]?.steps ?? [])).toEqual([
      'PREROUTING nat/PREROUTING #1 -A PREROUTING -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.5:8080 => ACCEPT',
    ]);
    expect(packets[0]?.result).toMatchObject({ verdict: null, fate: 'unknown' });
  });
});
