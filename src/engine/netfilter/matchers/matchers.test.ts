import { describe, expect, it } from 'vitest';
import { simulate } from '../simulate.ts';
import { hostOf, NODE_HOST, packetsOf, rules } from '../test-kit.ts';
import { addressType } from '../host-queries.ts';
import { parseIPv4 } from '../ipv4.ts';
import { interfaceMatches } from '../../modules/evaluate.ts';

const host = hostOf({
  ...NODE_HOST,
  ipsets: [
    {
      name: 'KUBE-LOOP-BACK',
      type: 'hash:ip,port,ip',
      members: ['10.244.1.5,tcp:8080,10.244.1.5'],
    },
    { name: 'NETS', type: 'hash:net', members: ['203.0.113.0/24'] },
    { name: 'SVC', type: 'hash:ip,port', members: ['10.96.0.10,udp:53'] },
  ],
});

/** Which rules of a filter INPUT chain matched for each packet. */
function matched(
  ruleText: string,
  packets: unknown,
  table = 'filter',
  chain = 'INPUT',
): number[][] {
  const chains =
    table === 'nat'
      ? ':PREROUTING ACCEPT [0:0]\n:INPUT ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\n:POSTROUTING ACCEPT [0:0]'
      : `:${chain} ACCEPT [0:0]`;
  const rs = rules(`*${table}\n${chains}\n${ruleText.trim()}\nCOMMIT\n`);
  return simulate(rs, host, packetsOf(packets)).packets.map((p) =>
    p.steps.flatMap((s) => (s.kind === 'rule' && s.matched && s.chain === chain ? [s.rule] : [])),
  );
}

const tcpIn = (over: Record<string, unknown> = {}) => ({
  in: 'eth0',
  proto: 'tcp',
  src: '203.0.113.9',
  sport: 40000,
  dst: '192.168.1.10',
  dport: 80,
  ...over,
});

describe('core criteria', () => {
  it('tests -s -d -i -p with negation and interface wildcards', () => {
    const r = matched(
      `
      -A INPUT -s 203.0.113.0/24
      -A INPUT ! -s 203.0.113.0/24
      -A INPUT -d 192.168.1.10/32 -i eth+
      -A INPUT -i cni+
      -A INPUT ! -p udp
      -A INPUT -p tcp -f
      -A INPUT -p tcp ! -f
    `,
      [tcpIn()],
    );
    expect(r).toEqual([[1, 3, 5, 7]]);
  });

  it('matches `+` for every interface and `eth+` by prefix only', () => {
    expect([
      interfaceMatches('+', null),
      interfaceMatches('eth+', 'eth0'),
      interfaceMatches('eth+', 'veth0'),
      interfaceMatches('eth0', 'eth01'),
    ]).toEqual([true, true, false, false]);
  });
});

describe('port and protocol matches', () => {
  it('tests tcp ports and flags, multiport, udp, icmp and length', () => {
    const r = matched(
      `
      -A INPUT -p tcp -m tcp --dport 80 --tcp-flags SYN,ACK SYN
      -A INPUT -p tcp -m tcp --sport 1024:65535 ! --dport 22
      -A INPUT -p tcp -m multiport --dports 22,80:90
      -A INPUT -p tcp -m multiport ! --ports 1,2,3
      -A INPUT -p udp -m udp --dport 53
      -A INPUT -p icmp -m icmp --icmp-type 8
      -A INPUT -m length --length 0:100
      -A INPUT -p tcp -m tcp --syn
    `,
      [
        tcpIn(),
        tcpIn({ tcpFlags: 'SYN,ACK', dport: 22 }),
        { in: 'eth0', proto: 'icmp', src: '203.0.113.9', dst: '192.168.1.10', length: 1000 },
      ],
    );
    expect(r).toEqual([[1, 2, 3, 4, 7, 8], [3, 4, 7], [6]]);
  });
});

describe('address matches', () => {
  it("addrtype LOCAL comes from the host's addresses, 127.0.0.0/8 included, and limit-iface narrows it", () => {
    const ip = (s: string) => parseIPv4(s)!;
    expect([
      addressType(host, ip('192.168.1.10')),
      addressType(host, ip('127.0.0.53')),
      addressType(host, ip('10.244.1.5')),
      addressType(host, ip('10.244.1.255')),
      addressType(host, ip('224.0.0.1')),
    ]).toEqual(['LOCAL', 'LOCAL', 'UNICAST', 'BROADCAST', 'MULTICAST']);
    expect(addressType(host, ip('10.244.1.1'), 'eth0')).toBe('UNICAST');
    const r = matched(
      `
      -A INPUT -m addrtype --dst-type LOCAL
      -A INPUT -m addrtype --src-type LOCAL
      -A INPUT -m addrtype --dst-type LOCAL --limit-iface-in
      -A INPUT -m addrtype ! --dst-type LOCAL
    `,
      [tcpIn(), tcpIn({ dst: '10.244.1.1' })],
    );
    expect(r).toEqual([[1, 3], [1]]);
  });

  it('finds the packet in ipsets by the dimensions the flags name', () => {
    const r = matched(
      `
      -A POSTROUTING -m set --match-set KUBE-LOOP-BACK dst,dst,src -j MASQUERADE
      -A POSTROUTING -m set --match-set NETS src
      -A POSTROUTING -m set ! --match-set NETS dst
      -A POSTROUTING -m set --match-set SVC dst,dst
      -A POSTROUTING -m set --match-set NOPE src
    `,
      [
        {
          local: true,
          proto: 'tcp',
          src: '10.244.1.5',
          sport: 5000,
          dst: '10.244.1.5',
          dport: 8080,
        },
      ],
      'nat',
      'POSTROUTING',
    );
    expect(r).toEqual([[1]]);
    const r2 = matched(
      `
      -A INPUT -m set --match-set KUBE-LOOP-BACK dst,dst,src
      -A INPUT -m set --match-set NETS src
      -A INPUT -m set ! --match-set NETS dst
      -A INPUT -m set --match-set SVC dst,dst
      -A INPUT -m set --match-set SVC dst
    `,
      [tcpIn(), { in: 'eth0', proto: 'udp', src: '203.0.113.9', dst: '10.96.0.10', dport: 53 }],
    );
    // the second packet is forwarded, so INPUT does not see it
    expect(r2).toEqual([[2, 3], []]);
  });

  it('tests iprange inclusive at both ends', () => {
    const r = matched(
      '-A INPUT -m iprange --src-range 203.0.113.1-203.0.113.9\n-A INPUT -m iprange ! --dst-range 192.168.1.11-192.168.1.20',
      [tcpIn(), tcpIn({ src: '203.0.113.10' })],
    );
    expect(r).toEqual([[1, 2], [2]]);
  });
});

describe('conntrack and marks', () => {
  it('NOTRACK in raw leaves the packet UNTRACKED and nat alone', () => {
    const rs = rules(`
      *raw
      :PREROUTING ACCEPT [0:0]
      -A PREROUTING -p udp -j NOTRACK
      COMMIT
      *nat
      :PREROUTING ACCEPT [0:0]
      -A PREROUTING -p udp -j DNAT --to-destination 10.244.1.5
      COMMIT
      *filter
      :INPUT DROP [0:0]
      -A INPUT -m state --state UNTRACKED -j ACCEPT
      COMMIT
    `);
    const t = simulate(
      rs,
      host,
      packetsOf([{ in: 'eth0', proto: 'udp', src: '203.0.113.9', dst: '192.168.1.10', dport: 53 }]),
    ).packets[0]!;
    expect(t.result).toMatchObject({
      verdict: 'ACCEPT',
      fate: 'local',
      ctState: 'UNTRACKED',
      packet: { dst: '192.168.1.10' },
    });
    expect(
      t.steps
        .filter((s) => s.kind === 'table-skip')
        .map((s) => (s.kind === 'table-skip' ? s.reason : '')),
    ).toEqual(['untracked']);
    expect(t.steps.some((s) => s.kind === 'conntrack')).toBe(false);
  });

  it('CONNMARK saves the packet mark on the connection and restores it on the next packet', () => {
    const rs = rules(`
      *mangle
      :PREROUTING ACCEPT [0:0]
      -A PREROUTING -j CONNMARK --restore-mark --nfmask 0xffffffff --ctmask 0xffffffff
      -A PREROUTING -m mark --mark 0x0 -j MARK --set-xmark 0x7/0xffffffff
      -A PREROUTING -j CONNMARK --save-mark --nfmask 0xffffffff --ctmask 0xffffffff
      -A PREROUTING -m connmark --mark 0x7 -m conntrack --ctstate ESTABLISHED --ctorigdst 192.168.1.0/24 --ctdir ORIGINAL -j ACCEPT
      COMMIT
    `);
    const p = {
      in: 'eth0',
      proto: 'udp',
      src: '203.0.113.9',
      sport: 5000,
      dst: '192.168.1.10',
      dport: 53,
    };
    const reply = {
      local: true,
      proto: 'udp',
      src: '192.168.1.10',
      sport: 53,
      dst: '203.0.113.9',
      dport: 5000,
    };
    const sim = simulate(rs, host, packetsOf([p, reply, p]));
    const marks = sim.packets.map((t) =>
      t.steps
        .filter((s) => s.kind === 'mark')
        .map((s) => (s.kind === 'mark' ? `${s.what}:${s.to}` : '')),
    );
    expect(marks[0]).toEqual(['mark:7', 'connmark:7']);
    expect(marks[2]).toEqual(['mark:7']);
    expect(sim.packets[2]!.steps.some((s) => s.kind === 'verdict' && s.target === 'ACCEPT')).toBe(
      true,
    );
    expect(sim.conntrack[0]!.mark).toBe(7);
  });
});

describe('physdev', () => {
  it('sees bridge ports only for traffic that crossed the bridge', () => {
    const text = `
      -A FORWARD -m physdev --physdev-in veth1
      -A FORWARD -m physdev --physdev-is-bridged
      -A FORWARD -m physdev ! --physdev-is-bridged
      -A FORWARD -m physdev --physdev-out veth2
    `;
    const bridged = { in: 'veth1', proto: 'tcp', src: '10.244.1.5', dst: '10.244.1.6', dport: 80 };
    const routed = { in: 'veth1', proto: 'tcp', src: '10.244.1.5', dst: '8.8.8.8', dport: 80 };
    const plain = { in: 'eth0', proto: 'tcp', src: '8.8.8.8', dst: '10.244.1.6', dport: 80 };
    expect(matched(text, [bridged, routed, plain], 'filter', 'FORWARD')).toEqual([
      [1, 2, 4],
      [1, 3],
      [3],
    ]);
  });
});
