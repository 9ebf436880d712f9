import { describe, expect, it } from 'vitest';
import { readIpsetText } from './ipset-text.ts';
import { simulate } from './simulate.ts';
import { hostOf, NODE_HOST, packetsOf, rules } from './test-kit.ts';

const SETS = `create WIDE hash:net family inet
add WIDE 10.0.0.0/8
add WIDE 10.1.0.0/16 nomatch
add WIDE 10.1.2.0/24
create PODS hash:ip family inet
add PODS 203.0.113.9
create SVC hash:net,port family inet
add SVC 192.168.1.0/24,tcp:80
create ANY hash:ip family inet
create EITHER list:set size 8
add EITHER ANY
add EITHER PODS
add EITHER SVC
create V6 hash:ip family inet6
add V6 fd00::1
create PORTS bitmap:port range 0-1023
add PORTS 53
create IFACE hash:net,iface family inet
add IFACE 0.0.0.0/0,eth0
create PING hash:ip,port family inet
add PING 203.0.113.9,icmp:echo-request
create COUNTED hash:ip family inet counters
add COUNTED 203.0.113.9 packets 4 bytes 336
`;

const read = readIpsetText(SETS);
const host = hostOf(NODE_HOST);
host.ipsets = read.sets;

/** The rules of a filter INPUT chain that matched each packet, and each packet's dependsOn. */
function run(ruleText: string, packets: Record<string, unknown>[]) {
  const rs = rules(`*filter\n:INPUT ACCEPT [0:0]\n${ruleText.trim()}\nCOMMIT\n`);
  return simulate(rs, host, packetsOf(packets)).packets.map((p) => ({
    matched: p.steps.flatMap((s) => (s.kind === 'rule' && s.matched ? [s.rule] : [])),
    dependsOn: p.result.dependsOn ?? [],
  }));
}

const tcpIn = (src: string, over: Record<string, unknown> = {}) => ({
  in: 'eth0',
  proto: 'tcp',
  src,
  sport: 40000,
  dst: '192.168.1.10',
  dport: 80,
  ...over,
});

describe('-m set against set contents', () => {
  it('reads the fixture without errors', () => {
    expect(read.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('lets the most specific member decide: a nomatch member cuts an exception out', () => {
    const r = run(
      `
      -A INPUT -m set --match-set WIDE src
      -A INPUT -m set --match-set WIDE src --return-nomatch
      -A INPUT -m set ! --match-set WIDE src
    `,
      [tcpIn('10.2.0.1'), tcpIn('10.1.9.9'), tcpIn('10.1.2.3'), tcpIn('11.0.0.1')],
    );
    expect(r.map((p) => p.matched)).toEqual([[1], [2, 3], [1], [3]]);
  });

  it('matches a list:set when one of its sets does, with the rule flags passed on', () => {
    const r = run(
      `
      -A INPUT -m set --match-set EITHER src,dst
      -A INPUT -m set --match-set EITHER dst,dst
    `,
      [tcpIn('203.0.113.9'), tcpIn('198.51.100.1'), tcpIn('198.51.100.1', { dport: 81 })],
    );
    expect(r.map((p) => p.matched)).toEqual([[1, 2], [2], []]);
  });

  it('never matches with fewer flags than the set has dimensions, nor an IPv6 set', () => {
    const r = run(
      `
      -A INPUT -m set --match-set SVC dst
      -A INPUT -m set --match-set V6 src
      -A INPUT -m set ! --match-set V6 src
    `,
      [tcpIn('203.0.113.9')],
    );
    expect(r.map((p) => p.matched)).toEqual([[3]]);
  });

  it('tests bitmap:port on any protocol with ports, and an interface by the flag', () => {
    const r = run(
      `
      -A INPUT -m set --match-set PORTS dst
      -A INPUT -m set --match-set IFACE src,src
      -A INPUT -m set --match-set IFACE src,dst
    `,
      [tcpIn('203.0.113.9', { dport: 53 }), tcpIn('203.0.113.9', { proto: 'udp', dport: 53 })],
    );
    expect(r.map((p) => p.matched)).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });

  it('compares the counters of the member found, in a set made with counters', () => {
    const r = run(
      `
      -A INPUT -m set --match-set COUNTED src --packets-gt 3
      -A INPUT -m set --match-set COUNTED src --packets-lt 3
      -A INPUT -m set --match-set COUNTED src ! --bytes-eq 336
      -A INPUT -m set --match-set COUNTED src --bytes-eq 336
    `,
      [tcpIn('203.0.113.9')],
    );
    expect(r.map((p) => p.matched)).toEqual([[1, 4]]);
  });

  it('says the outcome depends on a set no text defines, or one it cannot test', () => {
    const r = run(
      `
      -A INPUT -m set --match-set NOPE src
      -A INPUT -m set --match-set PING src,dst
      -A INPUT -m set --match-set PODS src
    `,
      [tcpIn('203.0.113.9')],
    );
    expect(r).toEqual([{ matched: [3], dependsOn: ['set NOPE', 'set PING'] }]);
  });
});
