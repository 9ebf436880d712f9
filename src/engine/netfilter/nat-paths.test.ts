import { describe, expect, it } from 'vitest';
import { simulate } from './simulate.ts';
import type { TraceStep } from './trace.ts';
import { hostOf, NODE_HOST, packetsOf, rules } from './test-kit.ts';

/** The steps a kernel trace would show: matched rules and applied policies, plus hooks entered. */
function path(steps: TraceStep[]): string[] {
  return steps.flatMap((s) => {
    if (s.kind === 'hook-enter')
      return [`${s.loopback ? 'lo:' : ''}${s.hook} in=${s.in ?? ''} out=${s.out ?? ''}`];
    if (s.kind === 'rule' && s.matched) return [`${s.table} ${s.ruleText}`];
    if (s.kind === 'policy') return [`${s.table} ${s.chain} policy ${s.verdict}`];
    return [];
  });
}

const SERVICE = rules(`
*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:KUBE-SERVICES - [0:0]
-A PREROUTING -j KUBE-SERVICES
-A OUTPUT -j KUBE-SERVICES
-A POSTROUTING -o eth0 -j MASQUERADE
-A KUBE-SERVICES -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.2.7:8080
-A KUBE-SERVICES -d 10.96.0.20/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.1.5:8080
COMMIT
*filter
:INPUT ACCEPT [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
-A FORWARD -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
-A FORWARD -d 10.244.0.0/16 -j ACCEPT
-A OUTPUT -o eth0 -j LOG --log-prefix "out-eth0 "
COMMIT
`);
const host = hostOf(NODE_HOST);
const syn = {
  in: 'eth0',
  proto: 'tcp',
  src: '192.168.1.100',
  sport: 40000,
  dst: '10.96.0.10',
  dport: 80,
};

describe('DNAT in PREROUTING, FORWARD, MASQUERADE in POSTROUTING', () => {
  const sim = simulate(SERVICE, host, packetsOf([syn]));
  const trace = sim.packets[0]!;

  it('walks the hooks and tables in order with the rules the kernel would show', () => {
    expect(path(trace.steps)).toEqual([
      'PREROUTING in=eth0 out=',
      'nat -A PREROUTING -j KUBE-SERVICES',
      'nat -A KUBE-SERVICES -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.244.2.7:8080',
      'FORWARD in=eth0 out=eth0',
      'filter -A FORWARD -d 10.244.0.0/16 -j ACCEPT',
      'POSTROUTING in= out=eth0',
      'nat -A POSTROUTING -o eth0 -j MASQUERADE',
    ]);
  });

  it('masquerades to the address of the interface the packet leaves by', () => {
    expect(trace.result).toEqual({
      verdict: 'ACCEPT',
      fate: 'forward',
      outInterface: 'eth0',
      packet: { src: '192.168.1.10', sport: 40000, dst: '10.244.2.7', dport: 8080, proto: 'tcp' },
      ctState: 'NEW',
    });
    const nats = trace.steps.filter((s) => s.kind === 'nat');
    expect(nats.map((s) => (s.kind === 'nat' ? [s.type, s.target, s.after] : []))).toEqual([
      ['DNAT', 'DNAT', { addr: '10.244.2.7', port: 8080 }],
      ['SNAT', 'MASQUERADE', { addr: '192.168.1.10', port: 40000 }],
    ]);
  });

  it('confirms one conntrack entry with both mappings', () => {
    expect(sim.conntrack).toEqual([
      {
        id: 1,
        original: 'tcp src=192.168.1.100 dst=10.96.0.10 sport=40000 dport=80',
        reply: 'tcp src=10.244.2.7 dst=192.168.1.10 sport=8080 dport=40000',
        status: ['CONFIRMED', 'SRC_NAT', 'DST_NAT', 'SRC_NAT_DONE', 'DST_NAT_DONE'],
        mark: 0,
        tcpState: 'SYN_SENT',
      },
    ]);
  });
});

describe('one connection, several packets', () => {
  const reply = {
    in: 'eth0',
    proto: 'tcp',
    src: '10.244.2.7',
    sport: 8080,
    dst: '192.168.1.10',
    dport: 40000,
    tcpFlags: 'SYN,ACK',
  };
  const ack = { ...syn, tcpFlags: 'ACK' };
  const sim = simulate(SERVICE, host, packetsOf([syn, reply, ack]));
  const [first, second, third] = sim.packets;

  it('un-NATs the reply from the entry without walking nat', () => {
    expect(second!.result.packet).toEqual({
      src: '10.96.0.10',
      sport: 80,
      dst: '192.168.1.100',
      dport: 40000,
      proto: 'tcp',
    });
    expect(second!.result.ctState).toBe('ESTABLISHED');
    expect(second!.steps.filter((s) => s.kind === 'table-enter' && s.table === 'nat')).toEqual([]);
    expect(path(second!.steps)).toEqual([
      'PREROUTING in=eth0 out=',
      'FORWARD in=eth0 out=eth0',
      'filter -A FORWARD -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT',
      'POSTROUTING in= out=eth0',
    ]);
  });

  it('translates a later packet of the same tuple from the entry, with no nat chain walked', () => {
    expect(first!.result.ctState).toBe('NEW');
    expect(third!.result.ctState).toBe('ESTABLISHED');
    expect(third!.result.packet).toEqual(first!.result.packet);
    const natSteps = third!.steps.filter(
      (s) =>
        s.kind === 'nat' ||
        s.kind === 'table-skip' ||
        (s.kind === 'table-enter' && s.table === 'nat'),
    );
    expect(
      natSteps.map((s) =>
        s.kind === 'nat'
          ? `${s.hook} nat ${s.type} fromConntrack=${s.fromConntrack}`
          : s.kind === 'table-skip'
            ? `${s.hook} skip ${s.reason}`
            : 'walked',
      ),
    ).toEqual([
      'PREROUTING skip not-new',
      'PREROUTING nat DNAT fromConntrack=true',
      'POSTROUTING skip not-new',
      'POSTROUTING nat SNAT fromConntrack=true',
    ]);
    expect(sim.conntrack).toHaveLength(1);
    expect(sim.conntrack[0]!.tcpState).toBe('ESTABLISHED');
  });

  it('keeps a repeated first packet NEW (no reply yet) but still skips nat', () => {
    const again = simulate(SERVICE, host, packetsOf([syn, syn])).packets[1]!;
    expect(again.result.ctState).toBe('NEW');
    expect(again.steps.some((s) => s.kind === 'table-enter' && s.table === 'nat')).toBe(false);
    expect(again.result.packet.dst).toBe('10.244.2.7');
  });

  it('leaves no entry behind for a first packet that was dropped', () => {
    const s = simulate(SERVICE, host, packetsOf([{ ...syn, dst: '8.8.8.8' }]));
    expect(s.packets[0]!.result).toMatchObject({ verdict: 'DROP', fate: 'dropped' });
    expect(s.conntrack).toEqual([]);
  });
});

describe('conntrack is active only when something needs it', () => {
  it('does not walk nat chains for a ruleset without NAT targets or state matches', () => {
    const rs = rules(`
      *nat
      :PREROUTING ACCEPT [0:0]
      :POSTROUTING ACCEPT [0:0]
      -A PREROUTING -j LOG
      COMMIT
    `);
    const sim = simulate(rs, host, packetsOf([syn]));
    expect(sim.conntrackActive).toBe(false);
    expect(
      sim.packets[0]!.steps.filter((s) => s.kind === 'table-enter' || s.kind === 'conntrack'),
    ).toEqual([]);
  });

  it('picks up a bare ACK with no entry as a new connection (nf_conntrack_tcp_loose)', () => {
    const sim = simulate(SERVICE, host, packetsOf([{ ...syn, tcpFlags: 'ACK' }]));
    expect(sim.packets[0]!.result.ctState).toBe('NEW');
    expect(sim.packets[0]!.result.packet.dst).toBe('10.244.2.7');
    expect(sim.conntrack[0]!.tcpState).toBe('ESTABLISHED');
  });

  it('calls a SYN,ACK with no entry INVALID and walks no nat', () => {
    const sim = simulate(SERVICE, host, packetsOf([{ ...syn, tcpFlags: 'SYN,ACK' }]));
    expect(sim.packets[0]!.result).toMatchObject({
      verdict: 'DROP',
      ctState: 'INVALID',
      packet: { dst: '10.96.0.10' },
    });
  });
});

describe('locally generated packets', () => {
  it('re-routes after a DNAT in OUTPUT while the OUTPUT tables keep the first interface', () => {
    // 10.96.0.10 goes by the default route (eth0); the DNAT sends it to a pod on cni0
    const rs = rules(`
      *nat
      :OUTPUT ACCEPT [0:0]
      :POSTROUTING ACCEPT [0:0]
      -A OUTPUT -d 10.96.0.10/32 -p tcp -j DNAT --to-destination 10.244.1.5:8080
      -A POSTROUTING -o cni0 -j MASQUERADE
      COMMIT
      *filter
      :OUTPUT ACCEPT [0:0]
      -A OUTPUT -o eth0 -j MARK --set-xmark 0x1/0xffffffff
      COMMIT
    `);
    const t = simulate(
      rs,
      host,
      packetsOf([{ local: true, proto: 'tcp', dst: '10.96.0.10', dport: 80 }]),
    ).packets[0]!;
    expect(path(t.steps)).toEqual([
      'OUTPUT in= out=eth0',
      'nat -A OUTPUT -d 10.96.0.10/32 -p tcp -j DNAT --to-destination 10.244.1.5:8080',
      'filter -A OUTPUT -o eth0 -j MARK --set-xmark 0x1/0xffffffff',
      'filter OUTPUT policy ACCEPT',
      'POSTROUTING in= out=cni0',
      'nat -A POSTROUTING -o cni0 -j MASQUERADE',
    ]);
    expect(
      t.steps
        .filter((s) => s.kind === 'route')
        .map((s) => (s.kind === 'route' ? `${s.decision} ${s.outInterface}` : '')),
    ).toEqual(['output eth0', 'reroute cni0']);
    expect(t.result).toMatchObject({
      verdict: 'ACCEPT',
      fate: 'output',
      outInterface: 'cni0',
      packet: { src: '10.244.1.1', dst: '10.244.1.5', dport: 8080 },
    });
  });

  it("sends a packet to the host's own address out lo and back in, with no second nat walk", () => {
    const rs = rules(`
      *nat
      :PREROUTING ACCEPT [0:0]
      :INPUT ACCEPT [0:0]
      :OUTPUT ACCEPT [0:0]
      :POSTROUTING ACCEPT [0:0]
      -A OUTPUT -p tcp -m tcp --dport 30080 -j DNAT --to-destination 192.168.1.10:8080
      COMMIT
      *filter
      :INPUT ACCEPT [0:0]
      :OUTPUT ACCEPT [0:0]
      -A INPUT -i lo -j ACCEPT
      COMMIT
    `);
    const t = simulate(
      rs,
      host,
      packetsOf([{ local: true, proto: 'tcp', dst: '192.168.1.10', dport: 30080 }]),
    ).packets[0]!;
    expect(path(t.steps)).toEqual([
      'OUTPUT in= out=lo',
      'nat -A OUTPUT -p tcp -m tcp --dport 30080 -j DNAT --to-destination 192.168.1.10:8080',
      'filter OUTPUT policy ACCEPT',
      'POSTROUTING in= out=lo',
      'nat POSTROUTING policy ACCEPT',
      'lo:PREROUTING in=lo out=',
      'INPUT in=lo out=',
      'filter -A INPUT -i lo -j ACCEPT',
    ]);
    const natWalks = t.steps
      .filter((s) => s.kind === 'table-enter' && s.table === 'nat')
      .map((s) => s.hook);
    expect(natWalks).toEqual(['OUTPUT', 'POSTROUTING']);
    expect(t.result).toMatchObject({
      verdict: 'ACCEPT',
      fate: 'local',
      packet: { src: '192.168.1.10', dst: '192.168.1.10', dport: 8080 },
    });
  });
});

describe('bridged traffic with bridge netfilter on', () => {
  it('runs PREROUTING, FORWARD and POSTROUTING with the bridge as in and out for a Service DNATed back onto it', () => {
    const rs = rules(`
      *nat
      :PREROUTING ACCEPT [0:0]
      :POSTROUTING ACCEPT [0:0]
      -A PREROUTING -d 10.96.0.20/32 -p tcp -j DNAT --to-destination 10.244.1.6:8080
      COMMIT
      *filter
      :FORWARD DROP [0:0]
      -A FORWARD -i cni0 -o cni0 -m physdev --physdev-is-bridged -j ACCEPT
      COMMIT
    `);
    const t = simulate(
      rs,
      host,
      packetsOf([{ in: 'veth1', proto: 'tcp', src: '10.244.1.5', dst: '10.96.0.20', dport: 80 }]),
    ).packets[0]!;
    expect(path(t.steps)).toEqual([
      'PREROUTING in=cni0 out=',
      'nat -A PREROUTING -d 10.96.0.20/32 -p tcp -j DNAT --to-destination 10.244.1.6:8080',
      'FORWARD in=cni0 out=cni0',
      'filter -A FORWARD -i cni0 -o cni0 -m physdev --physdev-is-bridged -j ACCEPT',
      'POSTROUTING in= out=cni0',
      'nat POSTROUTING policy ACCEPT',
    ]);
    expect(t.result).toMatchObject({ verdict: 'ACCEPT', fate: 'forward', outInterface: 'cni0' });
  });

  it('drops a pod reaching itself through its Service unless its port is in hairpin mode', () => {
    const rs = rules(`
      *nat
      :PREROUTING ACCEPT [0:0]
      -A PREROUTING -d 10.96.0.20/32 -p tcp -j DNAT --to-destination 10.244.1.5:8080
      COMMIT
      *filter
      :FORWARD ACCEPT [0:0]
      -A FORWARD -m comment --comment probe
      COMMIT
    `);
    const pkt = packetsOf([
      { in: 'veth1', proto: 'tcp', src: '10.244.1.5', dst: '10.96.0.20', dport: 80 },
    ]);
    const t = simulate(rs, host, pkt).packets[0]!;
    expect(t.result).toMatchObject({ verdict: 'DROP', fate: 'dropped' });
    // Kernel fact (tests/kernel FINDINGS 10): the bridge refuses the port before its FORWARD
    // hook, so the kernel's trace ends after PREROUTING — no FORWARD, no POSTROUTING.
    expect(path(t.steps)).toEqual([
      'PREROUTING in=cni0 out=',
      'nat -A PREROUTING -d 10.96.0.20/32 -p tcp -j DNAT --to-destination 10.244.1.5:8080',
    ]);
    const hairpin = hostOf({
      ...NODE_HOST,
      bridges: [
        { name: 'cni0', ports: [{ name: 'veth1', addresses: ['10.244.1.5'], hairpin: true }] },
      ],
    });
    expect(simulate(rs, hairpin, pkt).packets[0]!.result).toMatchObject({
      verdict: 'ACCEPT',
      fate: 'forward',
      outInterface: 'cni0',
    });
  });

  it('lets iptables see nothing of a bridged frame when bridge netfilter is off', () => {
    const off = hostOf({ ...NODE_HOST, bridgeNetfilter: false });
    const t = simulate(
      SERVICE,
      off,
      packetsOf([{ in: 'veth1', proto: 'tcp', src: '10.244.1.5', dst: '10.244.1.6', dport: 80 }]),
    ).packets[0]!;
    expect(t.steps.map((s) => s.kind)).toEqual(['route']);
    expect(t.result).toMatchObject({ verdict: 'ACCEPT', fate: 'forward', outInterface: 'cni0' });
  });
});

describe('routing decisions without rules', () => {
  const none = rules('*filter\n:INPUT ACCEPT [0:0]\nCOMMIT\n');
  it('drops forwarded traffic when ip_forward is off', () => {
    const h = hostOf({ ...NODE_HOST, ipForward: false });
    expect(simulate(none, h, packetsOf([syn])).packets[0]!.result).toMatchObject({
      verdict: 'DROP',
      fate: 'dropped',
      reason: 'ip_forward is off',
    });
  });
  it('drops 127.0.0.0/8 arriving from outside unless route_localnet is on', () => {
    const p = packetsOf([{ ...syn, dst: '127.0.0.1' }]);
    expect(simulate(none, host, p).packets[0]!.result.reason).toMatch(/^martian destination/);
    expect(
      simulate(none, hostOf({ ...NODE_HOST, routeLocalnet: true }), p).packets[0]!.result,
    ).toMatchObject({ verdict: 'ACCEPT', fate: 'local' });
  });
});
