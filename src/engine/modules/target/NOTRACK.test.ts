import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*raw
:PREROUTING ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:NOTRACK-CHAIN - [0:0]
-A PREROUTING -p udp -j NOTRACK
-A OUTPUT -j NOTRACK
-A NOTRACK-CHAIN -j NOTRACK
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*raw
:PREROUTING ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:NOTRACK-CHAIN - [0:0]
-A PREROUTING -p udp -j NOTRACK
-A OUTPUT -j NOTRACK
-A NOTRACK-CHAIN -j NOTRACK
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain PREROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 CT         17   --  *      *       0.0.0.0/0            0.0.0.0/0            NOTRACK

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            NOTRACK

Chain NOTRACK-CHAIN (0 references)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            NOTRACK
`;

describe('NOTRACK against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('NOTRACK data and problems', () => {
  it('has no options and empty data', () => {
    expect(targets('*raw\n-A PREROUTING -j NOTRACK\nCOMMIT\n').map((t) => t.data)).toEqual([{}]);
  });

  it('reports options and tables other than raw', () => {
    const text =
      '*raw\n-A PREROUTING -j NOTRACK --notrack\nCOMMIT\n*filter\n-A INPUT -j NOTRACK\nCOMMIT\n';
    expect(problems(text)).toEqual([
      { code: 'unknown-option', severity: 'error', line: 2, column: 26 },
      { code: 'target-not-allowed', severity: 'error', line: 5, column: 10 },
    ]);
  });

  it('explains in English and Korean', () => {
    const text = '*raw\n-A PREROUTING -j NOTRACK\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      'exempts the packet from connection tracking (it becomes UNTRACKED)',
    ]);
    expect(explained(text, 'ko')).toEqual([
      '이 패킷은 연결 추적을 하지 않음 (UNTRACKED 상태가 됨)',
    ]);
  });
});
