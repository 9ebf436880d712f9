import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -j LOG
-A INPUT -j LOG --log-level 4
-A INPUT -j LOG --log-level warning
-A INPUT -j LOG --log-level debug
-A INPUT -j LOG --log-level 7
-A INPUT -j LOG --log-level emerg
-A INPUT -j LOG --log-level alert
-A INPUT -j LOG --log-level crit
-A INPUT -j LOG --log-level error
-A INPUT -j LOG --log-level notice
-A INPUT -j LOG --log-level info
-A INPUT -j LOG --log-level panic
-A INPUT -j LOG --log-prefix "IN: "
-A INPUT -j LOG --log-prefix abc
-A INPUT -j LOG --log-prefix "a \"b\" c'd\\e"
-A INPUT -j LOG --log-tcp-sequence
-A INPUT -j LOG --log-tcp-options
-A INPUT -j LOG --log-ip-options
-A INPUT -j LOG --log-uid
-A INPUT -j LOG --log-macdecode
-A INPUT -j LOG --log-macdecode --log-uid --log-ip-options --log-tcp-options --log-tcp-sequence --log-prefix "x " --log-level 1
-A OUTPUT -j LOG --log-prefix 123456789012345678901234567890
-A OUTPUT -j LOG --log-level 0x7 --log-prefix "[fw] "
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -j LOG
-A INPUT -j LOG
-A INPUT -j LOG
-A INPUT -j LOG --log-level 7
-A INPUT -j LOG --log-level 7
-A INPUT -j LOG --log-level 0
-A INPUT -j LOG --log-level 1
-A INPUT -j LOG --log-level 2
-A INPUT -j LOG --log-level 3
-A INPUT -j LOG --log-level 5
-A INPUT -j LOG --log-level 6
-A INPUT -j LOG --log-level 0
-A INPUT -j LOG --log-prefix "IN: "
-A INPUT -j LOG --log-prefix abc
-A INPUT -j LOG --log-prefix "a \"b\" c\'d\\e"
-A INPUT -j LOG --log-tcp-sequence
-A INPUT -j LOG --log-tcp-options
-A INPUT -j LOG --log-ip-options
-A INPUT -j LOG --log-uid
-A INPUT -j LOG --log-macdecode
-A INPUT -j LOG --log-prefix "x " --log-level 1 --log-tcp-sequence --log-tcp-options --log-ip-options --log-uid --log-macdecode
-A OUTPUT -j LOG --log-prefix 12345678901234567890123456789
-A OUTPUT -j LOG --log-prefix "[fw] " --log-level 7
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain INPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 4
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 4
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 4
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 7
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 7
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 0
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 1
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 2
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 3
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 5
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 6
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 0
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 4 prefix "IN: "
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 4 prefix "abc"
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 4 prefix "a "b" c'd\e"
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 1 level 4
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 2 level 4
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 4 level 4
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 8 level 4
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 32 level 4
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 47 level 1 prefix "x "

Chain FORWARD (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 4 prefix "12345678901234567890123456789"
    0     0 LOG        0    --  *      *       0.0.0.0/0            0.0.0.0/0            LOG flags 0 level 7 prefix "[fw] "
`;

describe('LOG against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('LOG data and problems', () => {
  it('keeps level, prefix and flags as plain data', () => {
    const t = targets(
      '*filter\n-A INPUT -j LOG --log-level debug --log-prefix "IN: " --log-uid\nCOMMIT\n',
    );
    expect(t[0]?.data).toEqual({
      level: 7,
      prefix: 'IN: ',
      tcpSequence: false,
      tcpOptions: false,
      ipOptions: false,
      uid: true,
      macDecode: false,
    });
  });

  it('cuts a long prefix to 29 bytes with a warning, as iptables does', () => {
    const text = '*filter\n-A INPUT -j LOG --log-prefix 123456789012345678901234567890\nCOMMIT\n';
    expect(problems(text)).toEqual([
      { code: 'bad-value', severity: 'warning', line: 2, column: 17 },
    ]);
    expect(printed(text)).toBe(
      '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -j LOG --log-prefix 12345678901234567890123456789\nCOMMIT\n',
    );
  });

  it('reports levels iptables does not know, an empty prefix and repeats', () => {
    const text = [
      '*filter',
      '-A INPUT -j LOG --log-level warn',
      '-A INPUT -j LOG --log-level 8',
      '-A INPUT -j LOG --log-prefix ""',
      '-A INPUT -j LOG --log-level 3 --log-prefix ok --log-level 4',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'bad-value', severity: 'error', line: 2, column: 17 },
      { code: 'bad-value', severity: 'error', line: 3, column: 17 },
      { code: 'bad-value', severity: 'error', line: 4, column: 17 },
      { code: 'syntax', severity: 'error', line: 5, column: 47 },
    ]);
  });

  it('explains in English and Korean', () => {
    const text = '*filter\n-A INPUT -j LOG --log-prefix "DROP: "\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      'logs the packet to the kernel log with prefix "DROP: " at level 4 and goes on to the next rule',
    ]);
    expect(explained(text, 'ko')).toEqual([
      '커널 로그에 패킷을 기록하고 다음 규칙으로 계속 (레벨 4, 접두어 "DROP: ")',
    ]);
  });
});
