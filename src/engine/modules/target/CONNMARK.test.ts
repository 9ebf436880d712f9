import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -j CONNMARK --set-xmark 0x10/0xff
-A PREROUTING -j CONNMARK --set-xmark 0x10
-A PREROUTING -j CONNMARK --set-mark 0x10
-A PREROUTING -j CONNMARK --set-mark 0x10/0xff
-A PREROUTING -j CONNMARK --set-mark 0
-A PREROUTING -j CONNMARK --and-mark 0xff
-A PREROUTING -j CONNMARK --or-mark 0x4
-A PREROUTING -j CONNMARK --xor-mark 0x4
-A PREROUTING -j CONNMARK --save-mark
-A PREROUTING -j CONNMARK --save-mark --mask 0xff
-A PREROUTING -j CONNMARK --save-mark --nfmask 0xff
-A PREROUTING -j CONNMARK --save-mark --ctmask 0xff
-A PREROUTING -j CONNMARK --save-mark --nfmask 0xf0 --ctmask 0x0f
-A PREROUTING -j CONNMARK --restore-mark
-A PREROUTING -j CONNMARK --restore-mark --mask 0xff00
-A PREROUTING -j CONNMARK --restore-mark --ctmask 0xf0 --nfmask 0x0f
-A PREROUTING -j CONNMARK --restore-mark --nfmask 0xffffffff --ctmask 0xffffffff
-A PREROUTING -j CONNMARK --save-mark --left-shift-mark 8
-A PREROUTING -j CONNMARK --restore-mark --right-shift-mark 4 --mask 0xff
-A PREROUTING -j CONNMARK --set-xmark 0x1/0x1 --left-shift-mark 2
-A PREROUTING -j CONNMARK --set-mark 0x1 --mask 0xf
-A OUTPUT -j CONNMARK --mask 0xf --set-mark 0x1
-A OUTPUT -j CONNMARK --restore-mark --ctmask 0xff
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*mangle
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
-A PREROUTING -j CONNMARK --set-xmark 0x10/0xff
-A PREROUTING -j CONNMARK --set-xmark 0x10/0xffffffff
-A PREROUTING -j CONNMARK --set-xmark 0x10/0xffffffff
-A PREROUTING -j CONNMARK --set-xmark 0x10/0xff
-A PREROUTING -j CONNMARK --set-xmark 0x0/0xffffffff
-A PREROUTING -j CONNMARK --set-xmark 0x0/0xffffff00
-A PREROUTING -j CONNMARK --set-xmark 0x4/0x4
-A PREROUTING -j CONNMARK --set-xmark 0x4/0x0
-A PREROUTING -j CONNMARK --save-mark --nfmask 0xffffffff --ctmask 0xffffffff
-A PREROUTING -j CONNMARK --save-mark --nfmask 0xff --ctmask 0xff
-A PREROUTING -j CONNMARK --save-mark --nfmask 0xff --ctmask 0xffffffff
-A PREROUTING -j CONNMARK --save-mark --nfmask 0xffffffff --ctmask 0xff
-A PREROUTING -j CONNMARK --save-mark --nfmask 0xf0 --ctmask 0xf
-A PREROUTING -j CONNMARK --restore-mark --nfmask 0xffffffff --ctmask 0xffffffff
-A PREROUTING -j CONNMARK --restore-mark --nfmask 0xff00 --ctmask 0xff00
-A PREROUTING -j CONNMARK --restore-mark --nfmask 0xf --ctmask 0xf0
-A PREROUTING -j CONNMARK --restore-mark --nfmask 0xffffffff --ctmask 0xffffffff
-A PREROUTING -j CONNMARK --save-mark --nfmask 0xffffffff --ctmask 0xffffffff --left-shift-mark 8
-A PREROUTING -j CONNMARK --restore-mark --nfmask 0xff --ctmask 0xff --right-shift-mark 4
-A PREROUTING -j CONNMARK --set-xmark 0x1/0x1 --left-shift-mark 2
-A PREROUTING -j CONNMARK --set-xmark 0x1/0xf
-A OUTPUT -j CONNMARK --set-xmark 0x1/0xffffffff
-A OUTPUT -j CONNMARK --restore-mark --nfmask 0xffffffff --ctmask 0xff
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain PREROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK xset 0x10/0xff
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK set 0x10
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK set 0x10
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK xset 0x10/0xff
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK and 0x0
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK and 0xff
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK or 0x4
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK xor 0x4
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK save
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK save mask 0xff
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK save nfmask 0xff ctmask ~0xffffffff
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK save nfmask 0xffffffff ctmask ~0xff
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK save nfmask 0xf0 ctmask ~0xf
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK restore
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK restore mask 0xff00
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK restore ctmask 0xf0 nfmask ~0xf
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK restore
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK save left-shift-mark 8
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK restore mask 0xff right-shift-mark 4
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK or 0x1 left-shift-mark 2
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK xset 0x1/0xf

Chain INPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain FORWARD (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK set 0x1
    0     0 CONNMARK   0    --  *      *       0.0.0.0/0            0.0.0.0/0            CONNMARK restore ctmask 0xff nfmask ~0xffffffff

Chain POSTROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
`;

describe('CONNMARK against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('CONNMARK data and problems', () => {
  it('keeps the mode and masks as plain data', () => {
    const text = [
      '*mangle',
      '-A PREROUTING -j CONNMARK --set-mark 0x10/0xff',
      '-A PREROUTING -j CONNMARK --save-mark --nfmask 0xf0 --ctmask 0xf',
      '-A PREROUTING -j CONNMARK --restore-mark --mask 0xff --right-shift-mark 4',
      'COMMIT',
      '',
    ].join('\n');
    expect(targets(text).map((t) => t.data)).toEqual([
      { mode: 'set', value: 0x10, mask: 0xff },
      { mode: 'save', nfmask: 0xf0, ctmask: 0xf },
      { mode: 'restore', nfmask: 0xff, ctmask: 0xff, shift: { direction: 'right', bits: 4 } },
    ]);
  });

  it('applies options in the order written, as iptables does', () => {
    const text =
      '*mangle\n-A OUTPUT -j CONNMARK --set-mark 0x1 --mask 0xf\n-A OUTPUT -j CONNMARK --mask 0xf --set-mark 0x1\nCOMMIT\n';
    expect(listed(text)).toEqual(['CONNMARK xset 0x1/0xf', 'CONNMARK set 0x1']);
  });

  it('reports a missing or second operation, clashing masks and bad numbers', () => {
    const text = [
      '*mangle',
      '-A PREROUTING -j CONNMARK',
      '-A PREROUTING -j CONNMARK --save-mark --restore-mark',
      '-A PREROUTING -j CONNMARK --save-mark --mask 1 --ctmask 2',
      '-A PREROUTING -j CONNMARK --set-mark 0x1/ --nfmask zz',
      '-A PREROUTING -j CONNMARK --save-mark --left-shift-mark 33',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'missing-argument', severity: 'error', line: 2, column: 15 },
      { code: 'syntax', severity: 'error', line: 3, column: 39 },
      { code: 'syntax', severity: 'error', line: 4, column: 48 },
      { code: 'bad-value', severity: 'error', line: 5, column: 27 },
      { code: 'bad-value', severity: 'error', line: 5, column: 43 },
      { code: 'bad-value', severity: 'error', line: 6, column: 39 },
    ]);
  });

  it('explains in English and Korean', () => {
    const text =
      '*mangle\n-A PREROUTING -j CONNMARK --restore-mark\n-A POSTROUTING -j CONNMARK --set-xmark 0x4000/0x4000\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      'restores the packet mark from the connection mark (nfmask 0xffffffff, ctmask 0xffffffff)',
      'changes the connection mark: or 0x4000',
    ]);
    expect(explained(text, 'ko')).toEqual([
      '연결 마크를 패킷 마크로 복원 (nfmask 0xffffffff, ctmask 0xffffffff)',
      '연결 마크 변경: or 0x4000',
    ]);
  });
});
