import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -p tcp -j TCPMSS --set-mss 1400
-A FORWARD -p tcp -j TCPMSS --clamp-mss-to-pmtu
-A OUTPUT -p tcp -j TCPMSS --clamp-mss-to-pmtu
-A POSTROUTING -p tcp -j TCPMSS --clamp-mss-to-pmtu
-A POSTROUTING -p tcp -j TCPMSS --set-mss 0
-A POSTROUTING -p tcp -j TCPMSS --set-mss 65515
-A FORWARD -p tcp -j TCPMSS --set-mss 1400 --clamp-mss-to-pmtu
-A FORWARD -p tcp -j TCPMSS --clamp-mss-to-pmtu --set-mss 1300
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -p tcp -j TCPMSS --set-mss 1400
-A FORWARD -p tcp -j TCPMSS --clamp-mss-to-pmtu
-A FORWARD -p tcp -j TCPMSS --clamp-mss-to-pmtu
-A FORWARD -p tcp -j TCPMSS --set-mss 1300
-A OUTPUT -p tcp -j TCPMSS --clamp-mss-to-pmtu
-A POSTROUTING -p tcp -j TCPMSS --clamp-mss-to-pmtu
-A POSTROUTING -p tcp -j TCPMSS --set-mss 0
-A POSTROUTING -p tcp -j TCPMSS --set-mss 65515
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain PREROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 TCPMSS     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TCPMSS set 1400

Chain INPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain FORWARD (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 TCPMSS     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TCPMSS clamp to PMTU
    0     0 TCPMSS     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TCPMSS clamp to PMTU
    0     0 TCPMSS     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TCPMSS set 1300

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 TCPMSS     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TCPMSS clamp to PMTU

Chain POSTROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 TCPMSS     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TCPMSS clamp to PMTU
    0     0 TCPMSS     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TCPMSS set 0
    0     0 TCPMSS     6    --  *      *       0.0.0.0/0            0.0.0.0/0            TCPMSS set 65515
`;

describe('TCPMSS against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('TCPMSS data and problems', () => {
  it('keeps the value or the clamp as plain data; the last option written wins', () => {
    const text =
      '*mangle\n-A FORWARD -p tcp -j TCPMSS --set-mss 1400\n-A FORWARD -p tcp -j TCPMSS --set-mss 1400 --clamp-mss-to-pmtu\nCOMMIT\n';
    expect(targets(text).map((t) => t.data)).toEqual([
      { clampToPmtu: false, mss: 1400 },
      { clampToPmtu: true },
    ]);
  });

  it('prints a rule with the usual SYN match as iptables-save does', () => {
    const text =
      '*mangle\n-A FORWARD -p tcp -m tcp --tcp-flags SYN,RST SYN -j TCPMSS --clamp-mss-to-pmtu\nCOMMIT\n';
    expect(printed(text)).toBe(
      '*mangle\n:FORWARD ACCEPT [0:0]\n-A FORWARD -p tcp -m tcp --tcp-flags SYN,RST SYN -j TCPMSS --clamp-mss-to-pmtu\nCOMMIT\n',
    );
  });

  it('reports a missing option, a missing -p tcp, out-of-range values, repeats and clamping before routing', () => {
    const text = [
      '*mangle',
      '-A FORWARD -p tcp -j TCPMSS',
      '-A FORWARD -j TCPMSS --set-mss 1400',
      '-A FORWARD -p tcp -j TCPMSS --set-mss 65516',
      '-A FORWARD -p tcp -j TCPMSS --set-mss 1400 --set-mss 1300',
      '-A INPUT -p tcp -j TCPMSS --clamp-mss-to-pmtu',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'missing-argument', severity: 'error', line: 2, column: 19 },
      { code: 'target-not-allowed', severity: 'error', line: 3, column: 12 },
      { code: 'bad-value', severity: 'error', line: 4, column: 29 },
      { code: 'syntax', severity: 'error', line: 5, column: 44 },
      { code: 'target-not-allowed', severity: 'error', line: 6, column: 27 },
    ]);
  });

  it('explains in English and Korean', () => {
    const text =
      '*mangle\n-A FORWARD -p tcp -j TCPMSS --clamp-mss-to-pmtu\n-A FORWARD -p tcp -j TCPMSS --set-mss 1360\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      'clamps the MSS of TCP SYN packets to the path MTU',
      'sets the MSS of TCP SYN packets to 1360',
    ]);
    expect(explained(text, 'ko')).toEqual([
      'TCP SYN의 MSS를 경로 MTU에 맞게 줄임',
      'TCP SYN의 MSS를 1360(으)로 설정',
    ]);
  });
});
