import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -j NFLOG
-A INPUT -j NFLOG --nflog-group 0
-A INPUT -j NFLOG --nflog-group 5
-A INPUT -j NFLOG --nflog-group 65535
-A INPUT -j NFLOG --nflog-prefix "my prefix"
-A INPUT -j NFLOG --nflog-prefix abc
-A INPUT -j NFLOG --nflog-size 0
-A INPUT -j NFLOG --nflog-size 256
-A INPUT -j NFLOG --nflog-threshold 1
-A INPUT -j NFLOG --nflog-threshold 10
-A INPUT -j NFLOG --nflog-threshold 0
-A INPUT -j NFLOG --nflog-threshold 20 --nflog-size 100 --nflog-group 2 --nflog-prefix "p q"
-A INPUT -j NFLOG --nflog-prefix xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -j NFLOG
-A INPUT -j NFLOG
-A INPUT -j NFLOG --nflog-group 5
-A INPUT -j NFLOG --nflog-group 65535
-A INPUT -j NFLOG --nflog-prefix "my prefix"
-A INPUT -j NFLOG --nflog-prefix abc
-A INPUT -j NFLOG --nflog-size 0
-A INPUT -j NFLOG --nflog-size 256
-A INPUT -j NFLOG --nflog-threshold 1
-A INPUT -j NFLOG --nflog-threshold 10
-A INPUT -j NFLOG
-A INPUT -j NFLOG --nflog-prefix "p q" --nflog-group 2 --nflog-size 100 --nflog-threshold 20
-A INPUT -j NFLOG --nflog-prefix xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain INPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0           
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0           
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0            nflog-group 5
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0            nflog-group 65535
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0            nflog-prefix "my prefix"
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0            nflog-prefix abc
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0            nflog-size 0
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0            nflog-size 256
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0            nflog-threshold 1
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0            nflog-threshold 10
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0           
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0            nflog-prefix "p q" nflog-group 2 nflog-size 100 nflog-threshold 20
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0            nflog-prefix xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx

Chain FORWARD (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
`;

/** Fed to iptables-legacy-restore (1.8.9) by scripts/iptables-oracle.sh --legacy: legacy keeps --nflog-range. */
const LEGACY_INPUT = String.raw`*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -j NFLOG --nflog-range 128
-A INPUT -j NFLOG --nflog-group 2 --nflog-range 64 --nflog-threshold 5
COMMIT
`;
/** What iptables-save printed back. */
const LEGACY_SAVED = String.raw`*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -j NFLOG --nflog-range 128
-A INPUT -j NFLOG --nflog-group 2 --nflog-range 64 --nflog-threshold 5
COMMIT
`;
/** What iptables -L -n -v printed. */
const LEGACY_LISTED = String.raw`Chain INPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0            nflog-range 128
    0     0 NFLOG      0    --  *      *       0.0.0.0/0            0.0.0.0/0            nflog-group 2 nflog-range 64 nflog-threshold 5

Chain FORWARD (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
`;

describe('NFLOG against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('NFLOG against the real iptables (iptables-legacy)', () => {
  it('prints every form as iptables-save does', () =>
    expect(printed(LEGACY_INPUT, 'ipv4')).toBe(LEGACY_SAVED));
  it('reads that output back to the same text', () =>
    expect(printed(LEGACY_SAVED, 'ipv4')).toBe(LEGACY_SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(LEGACY_INPUT, 'ipv4')).toEqual(trailingColumns(LEGACY_LISTED)));
});

describe('NFLOG data and problems', () => {
  it('keeps the options as plain data', () => {
    const t = targets(
      '*filter\n-A INPUT -j NFLOG --nflog-group 2 --nflog-prefix "p q" --nflog-size 100\nCOMMIT\n',
    );
    expect(t[0]?.data).toEqual({ group: 2, prefix: 'p q', size: 100, range: null, threshold: 0 });
  });

  it('warns about --nflog-range, and refuses it with --nflog-size or out-of-range numbers', () => {
    const text = [
      '*filter',
      '-A INPUT -j NFLOG --nflog-range 1',
      '-A INPUT -j NFLOG --nflog-range 1 --nflog-size 2',
      '-A INPUT -j NFLOG --nflog-group 65536',
      '-A INPUT -j NFLOG --nflog-size 10 --nflog-threshold 65536',
      '-A INPUT -j NFLOG --nflog-prefix ""',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'bad-value', severity: 'warning', line: 2, column: 19 },
      { code: 'bad-value', severity: 'warning', line: 3, column: 19 },
      { code: 'syntax', severity: 'error', line: 3, column: 35 },
      { code: 'bad-value', severity: 'error', line: 4, column: 19 },
      { code: 'bad-value', severity: 'error', line: 5, column: 35 },
      { code: 'bad-value', severity: 'error', line: 6, column: 19 },
    ]);
  });

  it('explains in English and Korean', () => {
    const text = '*filter\n-A INPUT -j NFLOG --nflog-group 5 --nflog-prefix dropped\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      'sends the packet to userspace loggers on NFLOG group 5, prefix "dropped" and goes on to the next rule',
    ]);
    expect(explained(text, 'ko')).toEqual([
      '패킷을 NFLOG 그룹 5(으)로 사용자 공간 로거에 보내고 다음 규칙으로 계속, 접두어 "dropped"',
    ]);
  });
});
