import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*raw
:PREROUTING ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:TRACING - [0:0]
-A PREROUTING -p tcp -j TRACE
-A OUTPUT -j TRACE
-A TRACING -j TRACE
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*raw
:PREROUTING ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:TRACING - [0:0]
-A PREROUTING -p tcp -j TRACE
-A OUTPUT -j TRACE
-A TRACING -j TRACE
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain PREROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 TRACE      6    --  *      *       0.0.0.0/0            0.0.0.0/0           

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 TRACE      0    --  *      *       0.0.0.0/0            0.0.0.0/0           

Chain TRACING (0 references)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 TRACE      0    --  *      *       0.0.0.0/0            0.0.0.0/0           
`;

describe('TRACE against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('TRACE data and problems', () => {
  it('has no options and empty data', () => {
    expect(targets('*raw\n-A PREROUTING -j TRACE\nCOMMIT\n').map((t) => t.data)).toEqual([{}]);
  });

  it('warns outside raw (legacy refuses it there, iptables-nft accepts it) and refuses options', () => {
    const text = '*raw\n-A PREROUTING -j TRACE --foo\nCOMMIT\n*filter\n-A INPUT -j TRACE\nCOMMIT\n';
    expect(problems(text)).toEqual([
      { code: 'unknown-option', severity: 'error', line: 2, column: 24 },
      { code: 'target-not-allowed', severity: 'warning', line: 5, column: 10 },
    ]);
    expect(printed('*mangle\n-A PREROUTING -j TRACE\nCOMMIT\n')).toBe(
      '*mangle\n:PREROUTING ACCEPT [0:0]\n-A PREROUTING -j TRACE\nCOMMIT\n',
    );
  });

  it('explains in English and Korean', () => {
    const text = '*raw\n-A PREROUTING -j TRACE\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      'makes the kernel trace every rule this packet meets from here on (TRACE)',
    ]);
    expect(explained(text, 'ko')).toEqual([
      '이후 이 패킷이 지나는 모든 규칙을 커널이 추적 기록하게 함 (TRACE)',
    ]);
  });
});
