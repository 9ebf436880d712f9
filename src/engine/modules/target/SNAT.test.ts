import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:KUBE-POSTROUTING - [0:0]
-A POSTROUTING -j SNAT --to-source 1.2.3.4
-A POSTROUTING -p tcp -j SNAT --to-source 1.2.3.4:1000
-A POSTROUTING -p udp -j SNAT --to-source 1.2.3.4-1.2.3.8:1000-2000
-A POSTROUTING -p tcp -j SNAT --to-source :2000-3000
-A POSTROUTING -j SNAT --to-source 1.2.3.4 --random
-A POSTROUTING -j SNAT --to-source 1.2.3.4 --random-fully
-A POSTROUTING -j SNAT --to-source 1.2.3.4 --persistent
-A POSTROUTING -j SNAT --to-source 1.2.3.4 --persistent --random-fully --random
-A INPUT -j SNAT --to-source 1.2.3.5
-A KUBE-POSTROUTING -j SNAT --to-source 1.1.1.1
-A POSTROUTING -p tcp -j SNAT --to-source 1.2.3.4:80-90/100
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:KUBE-POSTROUTING - [0:0]
-A INPUT -j SNAT --to-source 1.2.3.5
-A POSTROUTING -j SNAT --to-source 1.2.3.4
-A POSTROUTING -p tcp -j SNAT --to-source 1.2.3.4:1000
-A POSTROUTING -p udp -j SNAT --to-source 1.2.3.4-1.2.3.8:1000-2000
-A POSTROUTING -p tcp -j SNAT --to-source :2000-3000
-A POSTROUTING -j SNAT --to-source 1.2.3.4 --random
-A POSTROUTING -j SNAT --to-source 1.2.3.4 --random-fully
-A POSTROUTING -j SNAT --to-source 1.2.3.4 --persistent
-A POSTROUTING -j SNAT --to-source 1.2.3.4 --random --random-fully --persistent
-A POSTROUTING -p tcp -j SNAT --to-source 1.2.3.4:80-90/0
-A KUBE-POSTROUTING -j SNAT --to-source 1.1.1.1
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain PREROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain INPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 SNAT       0    --  *      *       0.0.0.0/0            0.0.0.0/0            to:1.2.3.5

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain POSTROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 SNAT       0    --  *      *       0.0.0.0/0            0.0.0.0/0            to:1.2.3.4
    0     0 SNAT       6    --  *      *       0.0.0.0/0            0.0.0.0/0            to:1.2.3.4:1000
    0     0 SNAT       17   --  *      *       0.0.0.0/0            0.0.0.0/0            to:1.2.3.4-1.2.3.8:1000-2000
    0     0 SNAT       6    --  *      *       0.0.0.0/0            0.0.0.0/0            to::2000-3000
    0     0 SNAT       0    --  *      *       0.0.0.0/0            0.0.0.0/0            to:1.2.3.4 random
    0     0 SNAT       0    --  *      *       0.0.0.0/0            0.0.0.0/0            to:1.2.3.4 random-fully
    0     0 SNAT       0    --  *      *       0.0.0.0/0            0.0.0.0/0            to:1.2.3.4 persistent
    0     0 SNAT       0    --  *      *       0.0.0.0/0            0.0.0.0/0            to:1.2.3.4 random random-fully persistent
    0     0 SNAT       6    --  *      *       0.0.0.0/0            0.0.0.0/0            to:1.2.3.4:80-90/0

Chain KUBE-POSTROUTING (0 references)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 SNAT       0    --  *      *       0.0.0.0/0            0.0.0.0/0            to:1.1.1.1
`;

describe('SNAT against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('SNAT data and problems', () => {
  it('keeps the range and flags as plain data', () => {
    const t = targets(
      '*nat\n-A POSTROUTING -p udp -j SNAT --to-source 1.2.3.4-1.2.3.8:1000-2000 --random-fully\nCOMMIT\n',
    );
    expect(t[0]?.data).toEqual({
      to: { minIp: '1.2.3.4', maxIp: '1.2.3.8', minPort: 1000, maxPort: 2000 },
      random: false,
      randomFully: true,
      persistent: false,
    });
  });

  it('warns that a shifted port range loses its base, as iptables prints /0', () => {
    const text = '*nat\n-A POSTROUTING -p tcp -j SNAT --to-source 1.2.3.4:80-90/100\nCOMMIT\n';
    expect(problems(text)).toEqual([
      { code: 'bad-port', severity: 'warning', line: 2, column: 31 },
    ]);
  });

  it('reports a missing --to-source, ports without a protocol, repeats and the wrong chain', () => {
    const text = [
      '*nat',
      '-A POSTROUTING -j SNAT',
      '-A POSTROUTING -j SNAT --to-source 1.2.3.4:1000',
      '-A POSTROUTING -o eth0 -j SNAT --to-source 1.2.3.4 --random --to-source 1.2.3.5',
      '-A PREROUTING -j SNAT --to-source 1.2.3.4',
      '-A OUTPUT -j SNAT --to-source 1.2.3.4',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'missing-argument', severity: 'error', line: 2, column: 16 },
      { code: 'bad-port', severity: 'error', line: 3, column: 24 },
      { code: 'syntax', severity: 'error', line: 4, column: 61 },
      { code: 'target-not-allowed', severity: 'error', line: 5, column: 15 },
      { code: 'target-not-allowed', severity: 'error', line: 6, column: 11 },
    ]);
  });

  it('explains in English and Korean', () => {
    const text = '*nat\n-A POSTROUTING -j SNAT --to-source 192.168.1.10\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      "rewrites the source to 192.168.1.10 (SNAT, on a connection's first packet)",
    ]);
    expect(explained(text, 'ko')).toEqual([
      '출발지를 192.168.1.10(으)로 바꿈 (SNAT, 새 연결의 첫 패킷에서)',
    ]);
  });
});
