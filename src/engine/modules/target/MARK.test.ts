import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -j MARK --set-mark 0x10
-A PREROUTING -j MARK --set-mark 0x10/0xff
-A PREROUTING -j MARK --set-mark 0
-A PREROUTING -j MARK --set-mark 0/0xff
-A PREROUTING -j MARK --set-mark 5/0
-A PREROUTING -j MARK --set-xmark 0x10/0xff
-A PREROUTING -j MARK --set-xmark 0x10
-A PREROUTING -j MARK --set-xmark 0
-A PREROUTING -j MARK --set-xmark 0x1/0x0
-A PREROUTING -j MARK --or-mark 0x4000
-A PREROUTING -j MARK --or-mark 0
-A PREROUTING -j MARK --and-mark 0xffff
-A PREROUTING -j MARK --and-mark 0xffffffff
-A PREROUTING -j MARK --xor-mark 0x8
-A PREROUTING -j MARK --xor-mark 0
-A PREROUTING -j MARK --set-mark 16
-A PREROUTING -j MARK --set-xmark 0xffffffff/0xffffffff
-A OUTPUT -j MARK --set-xmark 0x4000/0x4000
-A OUTPUT -j MARK --set-mark 010
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -j MARK --set-xmark 0x10/0xffffffff
-A PREROUTING -j MARK --set-xmark 0x10/0xff
-A PREROUTING -j MARK --set-xmark 0x0/0xffffffff
-A PREROUTING -j MARK --set-xmark 0x0/0xff
-A PREROUTING -j MARK --set-xmark 0x5/0x5
-A PREROUTING -j MARK --set-xmark 0x10/0xff
-A PREROUTING -j MARK --set-xmark 0x10/0xffffffff
-A PREROUTING -j MARK --set-xmark 0x0/0xffffffff
-A PREROUTING -j MARK --set-xmark 0x1/0x0
-A PREROUTING -j MARK --set-xmark 0x4000/0x4000
-A PREROUTING -j MARK --set-xmark 0x0/0x0
-A PREROUTING -j MARK --set-xmark 0x0/0xffff0000
-A PREROUTING -j MARK --set-xmark 0x0/0x0
-A PREROUTING -j MARK --set-xmark 0x8/0x0
-A PREROUTING -j MARK --set-xmark 0x0/0x0
-A PREROUTING -j MARK --set-xmark 0x10/0xffffffff
-A PREROUTING -j MARK --set-xmark 0xffffffff/0xffffffff
-A OUTPUT -j MARK --set-xmark 0x4000/0x4000
-A OUTPUT -j MARK --set-xmark 0x8/0xffffffff
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain PREROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK set 0x10
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK xset 0x10/0xff
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK and 0x0
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK and 0xffffff00
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK or 0x5
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK xset 0x10/0xff
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK set 0x10
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK and 0x0
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK xor 0x1
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK or 0x4000
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK and 0xffffffff
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK and 0xffff
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK and 0xffffffff
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK xor 0x8
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK and 0xffffffff
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK set 0x10
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK or 0xffffffff

Chain INPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain FORWARD (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK or 0x4000
    0     0 MARK       0    --  *      *       0.0.0.0/0            0.0.0.0/0            MARK set 0x8

Chain POSTROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
`;

describe('MARK against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('MARK data and problems', () => {
  it('stores every form as the kernel does: value and mask', () => {
    const text = [
      '*mangle',
      '-A PREROUTING -j MARK --set-mark 0x10/0xff',
      '-A PREROUTING -j MARK --or-mark 0x4000',
      '-A PREROUTING -j MARK --and-mark 0xffff',
      '-A PREROUTING -j MARK --xor-mark 0x8',
      'COMMIT',
      '',
    ].join('\n');
    expect(targets(text).map((t) => t.data)).toEqual([
      { value: 0x10, mask: 0xff },
      { value: 0x4000, mask: 0x4000 },
      { value: 0, mask: 0xffff0000 },
      { value: 0x8, mask: 0 },
    ]);
  });

  it('reports a missing operation, two operations, masks where none belong and bad numbers', () => {
    const text = [
      '*mangle',
      '-A PREROUTING -j MARK',
      '-A PREROUTING -j MARK --set-mark 1 --or-mark 2',
      '-A PREROUTING -j MARK --or-mark 1/2',
      '-A PREROUTING -j MARK --set-xmark 0x100000000',
      '-A PREROUTING -j MARK --set-mark 08',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'missing-argument', severity: 'error', line: 2, column: 15 },
      { code: 'syntax', severity: 'error', line: 3, column: 36 },
      { code: 'bad-value', severity: 'error', line: 4, column: 23 },
      { code: 'bad-value', severity: 'error', line: 5, column: 23 },
      { code: 'bad-value', severity: 'error', line: 6, column: 23 },
    ]);
  });

  it('explains in English and Korean', () => {
    const text = '*mangle\n-A PREROUTING -j MARK --or-mark 0x4000\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      'changes the packet mark: or 0x4000 (mark = (mark & ~0x4000) ^ 0x4000)',
    ]);
    expect(explained(text, 'ko')).toEqual([
      '패킷 마크 변경: or 0x4000 (mark = (mark & ~0x4000) ^ 0x4000)',
    ]);
  });
});
