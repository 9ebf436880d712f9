import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:KUBE-SVC - [0:0]
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1:80
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1-10.0.0.5:80-90
-A PREROUTING -p tcp -j DNAT --to-destination :8080
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1:http
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1:1000-2000/3000
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1 --random --persistent
-A PREROUTING -p udp -j DNAT --to-destination 10.0.0.1:53 --persistent --random
-A PREROUTING -j DNAT --to-destination 10.0.0.9
-A OUTPUT -p tcp -j DNAT --to-destination 10.0.0.2:80
-A KUBE-SVC -j DNAT --to-destination 2.2.2.2
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1-10.0.0.3
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.9-10.0.0.1:80
-A PREROUTING -p udp -j DNAT --to-destination 10.0.0.1:1000-2000/http
-A PREROUTING -p sctp -j DNAT --to-destination 10.0.0.1:0x50
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:KUBE-SVC - [0:0]
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1:80
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1-10.0.0.5:80-90
-A PREROUTING -p tcp -j DNAT --to-destination :8080
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1:80
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1:1000-2000/3000
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1 --random --persistent
-A PREROUTING -p udp -j DNAT --to-destination 10.0.0.1:53 --random --persistent
-A PREROUTING -j DNAT --to-destination 10.0.0.9
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1-10.0.0.3
-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.9-10.0.0.1:80
-A PREROUTING -p udp -j DNAT --to-destination 10.0.0.1:1000-2000/80
-A PREROUTING -p sctp -j DNAT --to-destination 10.0.0.1:80
-A OUTPUT -p tcp -j DNAT --to-destination 10.0.0.2:80
-A KUBE-SVC -j DNAT --to-destination 2.2.2.2
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain PREROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 DNAT       6    --  *      *       0.0.0.0/0            0.0.0.0/0            to:10.0.0.1
    0     0 DNAT       6    --  *      *       0.0.0.0/0            0.0.0.0/0            to:10.0.0.1:80
    0     0 DNAT       6    --  *      *       0.0.0.0/0            0.0.0.0/0            to:10.0.0.1-10.0.0.5:80-90
    0     0 DNAT       6    --  *      *       0.0.0.0/0            0.0.0.0/0            to::8080
    0     0 DNAT       6    --  *      *       0.0.0.0/0            0.0.0.0/0            to:10.0.0.1:80
    0     0 DNAT       6    --  *      *       0.0.0.0/0            0.0.0.0/0            to:10.0.0.1:1000-2000/3000
    0     0 DNAT       6    --  *      *       0.0.0.0/0            0.0.0.0/0            to:10.0.0.1 random persistent
    0     0 DNAT       17   --  *      *       0.0.0.0/0            0.0.0.0/0            to:10.0.0.1:53 random persistent
    0     0 DNAT       0    --  *      *       0.0.0.0/0            0.0.0.0/0            to:10.0.0.9
    0     0 DNAT       6    --  *      *       0.0.0.0/0            0.0.0.0/0            to:10.0.0.1-10.0.0.3
    0     0 DNAT       6    --  *      *       0.0.0.0/0            0.0.0.0/0            to:10.0.0.9-10.0.0.1:80
    0     0 DNAT       17   --  *      *       0.0.0.0/0            0.0.0.0/0            to:10.0.0.1:1000-2000/80
    0     0 DNAT       132  --  *      *       0.0.0.0/0            0.0.0.0/0            to:10.0.0.1:80

Chain INPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 DNAT       6    --  *      *       0.0.0.0/0            0.0.0.0/0            to:10.0.0.2:80

Chain POSTROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain KUBE-SVC (0 references)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 DNAT       0    --  *      *       0.0.0.0/0            0.0.0.0/0            to:2.2.2.2
`;

describe('DNAT against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('DNAT data and problems', () => {
  it('keeps the range as plain data, with the base of a shifted port map', () => {
    const t = targets(
      '*nat\n-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1-10.0.0.5:1000-2000/3000 --random\nCOMMIT\n',
    );
    expect(t[0]?.data).toEqual({
      to: { minIp: '10.0.0.1', maxIp: '10.0.0.5', minPort: 1000, maxPort: 2000, basePort: 3000 },
      random: true,
      persistent: false,
    });
  });

  it('refuses an address with a leading zero, as iptables-restore 1.8.9 does (inet_pton)', () => {
    const text = [
      '*nat',
      '-A PREROUTING -p tcp -j DNAT --to-destination 010.0.0.1',
      '-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.010:80',
      '-A POSTROUTING -j SNAT --to-source 10.0.0.1-10.0.0.09',
      '-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.10:80',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'bad-address', severity: 'error', line: 2, column: 30 },
      { code: 'bad-address', severity: 'error', line: 3, column: 30 },
      { code: 'bad-address', severity: 'error', line: 4, column: 24 },
    ]);
  });

  it('prints IPv6 ranges with brackets when ports follow', () => {
    const text =
      '*nat\n-A PREROUTING -p udp -j DNAT --random --to-destination [fd00:0::1]:53\n-A OUTPUT -j DNAT --to-destination fd00::1-fd00::9\nCOMMIT\n';
    expect(printed(text, 'ipv6')).toBe(
      '*nat\n:PREROUTING ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\n-A PREROUTING -p udp -j DNAT --to-destination [fd00::1]:53 --random\n-A OUTPUT -j DNAT --to-destination fd00::1-fd00::9\nCOMMIT\n',
    );
  });

  it('reports what iptables and the kernel refuse, at the option or the target', () => {
    const text = [
      '*nat',
      '-A PREROUTING -j DNAT --to-destination 10.0.0.1:80',
      '-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1:90-80',
      '-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1:80:90',
      '-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1:80-90/0',
      '-A PREROUTING -p tcp -j DNAT --to-destination 10.0.0.1:http-90',
      '-A PREROUTING -p tcp -j DNAT',
      '-A POSTROUTING -j DNAT --to-destination 10.0.0.1',
      '-A PREROUTING -j DNAT --to-destination 10.0.0.1 --random-fully',
      'COMMIT',
      '*mangle',
      '-A PREROUTING -j DNAT --to-destination 10.0.0.1',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'bad-port', severity: 'error', line: 2, column: 23 },
      { code: 'bad-port', severity: 'error', line: 3, column: 30 },
      { code: 'bad-address', severity: 'error', line: 4, column: 30 },
      { code: 'bad-port', severity: 'error', line: 5, column: 30 },
      { code: 'bad-port', severity: 'error', line: 6, column: 30 },
      { code: 'missing-argument', severity: 'error', line: 7, column: 22 },
      { code: 'target-not-allowed', severity: 'error', line: 8, column: 16 },
      { code: 'unknown-option', severity: 'error', line: 9, column: 49 },
      { code: 'target-not-allowed', severity: 'error', line: 12, column: 15 },
    ]);
  });

  it('explains in English and Korean', () => {
    const text = '*nat\n-A PREROUTING -p tcp -j DNAT --to-destination 10.244.1.5:8080\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      "rewrites the destination to 10.244.1.5:8080 (DNAT, on a connection's first packet)",
    ]);
    expect(explained(text, 'ko')).toEqual([
      '목적지를 10.244.1.5:8080(으)로 바꿈 (DNAT, 새 연결의 첫 패킷에서)',
    ]);
  });
});
