import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:KUBE-POSTROUTING - [0:0]
-A POSTROUTING -j MASQUERADE
-A POSTROUTING -p tcp -j MASQUERADE --to-ports 1024
-A POSTROUTING -p tcp -j MASQUERADE --to-ports 1024-65535
-A POSTROUTING -j MASQUERADE --random
-A POSTROUTING -j MASQUERADE --random-fully
-A POSTROUTING -p udp -j MASQUERADE --to-ports 1000-2000 --random-fully --random
-A KUBE-POSTROUTING -j MASQUERADE
-A POSTROUTING -o eth0 -p tcp -j MASQUERADE --to-ports 80-90/100
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:KUBE-POSTROUTING - [0:0]
-A POSTROUTING -j MASQUERADE
-A POSTROUTING -p tcp -j MASQUERADE --to-ports 1024
-A POSTROUTING -p tcp -j MASQUERADE --to-ports 1024-65535
-A POSTROUTING -j MASQUERADE --random
-A POSTROUTING -j MASQUERADE --random-fully
-A POSTROUTING -p udp -j MASQUERADE --to-ports 1000-2000 --random --random-fully
-A POSTROUTING -o eth0 -p tcp -j MASQUERADE --to-ports 80-90/0
-A KUBE-POSTROUTING -j MASQUERADE
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain PREROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain INPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain POSTROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 MASQUERADE  0    --  *      *       0.0.0.0/0            0.0.0.0/0           
    0     0 MASQUERADE  6    --  *      *       0.0.0.0/0            0.0.0.0/0            masq ports: 1024
    0     0 MASQUERADE  6    --  *      *       0.0.0.0/0            0.0.0.0/0            masq ports: 1024-65535
    0     0 MASQUERADE  0    --  *      *       0.0.0.0/0            0.0.0.0/0            random
    0     0 MASQUERADE  0    --  *      *       0.0.0.0/0            0.0.0.0/0            random-fully
    0     0 MASQUERADE  17   --  *      *       0.0.0.0/0            0.0.0.0/0            masq ports: 1000-2000 random random-fully
    0     0 MASQUERADE  6    --  *      eth0    0.0.0.0/0            0.0.0.0/0            masq ports: 80-90/0

Chain KUBE-POSTROUTING (0 references)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 MASQUERADE  0    --  *      *       0.0.0.0/0            0.0.0.0/0           
`;

describe('MASQUERADE against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('MASQUERADE data and problems', () => {
  it('keeps ports and flags as plain data', () => {
    const t = targets(
      '*nat\n-A POSTROUTING -p tcp -j MASQUERADE --to-ports 1024-65535 --random\nCOMMIT\n',
    );
    expect(t[0]?.data).toEqual({
      ports: { minPort: 1024, maxPort: 65535 },
      random: true,
      randomFully: false,
    });
  });

  it('reports bad ports, ports without a protocol and chains other than POSTROUTING', () => {
    const text = [
      '*nat',
      '-A POSTROUTING -p tcp -j MASQUERADE --to-ports 80:90',
      '-A POSTROUTING -j MASQUERADE --to-ports 80',
      '-A POSTROUTING -p tcp -j MASQUERADE --to-ports 70000',
      '-A INPUT -j MASQUERADE',
      '-A OUTPUT -j MASQUERADE',
      'COMMIT',
      '*filter',
      '-A FORWARD -j MASQUERADE',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'bad-port', severity: 'error', line: 2, column: 37 },
      { code: 'bad-port', severity: 'error', line: 3, column: 30 },
      { code: 'bad-port', severity: 'error', line: 4, column: 37 },
      { code: 'target-not-allowed', severity: 'error', line: 5, column: 10 },
      { code: 'target-not-allowed', severity: 'error', line: 6, column: 11 },
      { code: 'target-not-allowed', severity: 'error', line: 9, column: 12 },
    ]);
  });

  it('explains in English and Korean', () => {
    const text =
      '*nat\n-A POSTROUTING -j MASQUERADE\n-A POSTROUTING -p tcp -j MASQUERADE --to-ports 2000-3000\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      'rewrites the source to the address of the outgoing interface (MASQUERADE)',
      'rewrites the source to the address of the outgoing interface, ports 2000-3000 (MASQUERADE)',
    ]);
    expect(explained(text, 'ko')).toEqual([
      '출발지를 나가는 인터페이스의 주소로 바꿈 (MASQUERADE)',
      '출발지를 나가는 인터페이스의 주소로 바꿈 (포트 2000-3000) (MASQUERADE)',
    ]);
  });
});
