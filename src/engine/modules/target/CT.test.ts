import { describe, expect, it } from 'vitest';
import { explained, listed, printed, problems, targets, trailingColumns } from './test-kit.ts';

/** Fed to iptables-restore (1.8.9, nf_tables) by scripts/iptables-oracle.sh. */
const INPUT = String.raw`*raw
:PREROUTING ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A PREROUTING -j CT --notrack
-A PREROUTING -j CT
-A PREROUTING -j CT --zone 5
-A PREROUTING -j CT --zone 0
-A PREROUTING -j CT --zone mark
-A PREROUTING -j CT --zone-orig 7
-A PREROUTING -j CT --zone-reply 8
-A PREROUTING -j CT --zone-reply mark
-A PREROUTING -j CT --ctevents new,related,destroy,reply,assured,protoinfo,helper,mark,natseqinfo,secmark
-A PREROUTING -j CT --ctevents mark,new
-A PREROUTING -j CT --expevents new
-A PREROUTING -p tcp -j CT --helper ftp
-A OUTPUT -j CT --notrack --zone 3 --ctevents new
-A PREROUTING -j CT --zone MARK
-A PREROUTING -j CT --zone 0x10
-A PREROUTING -j CT --zone 1 --zone-orig 2
-A PREROUTING -j CT --zone-orig 2 --zone-reply 3
COMMIT
`;
/** What iptables-save printed back. */
const SAVED = String.raw`*raw
:PREROUTING ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
-A PREROUTING -j CT --notrack
-A PREROUTING -j CT
-A PREROUTING -j CT --zone 5
-A PREROUTING -j CT
-A PREROUTING -j CT --zone mark
-A PREROUTING -j CT --zone-orig 7
-A PREROUTING -j CT --zone-reply 8
-A PREROUTING -j CT --zone-reply mark
-A PREROUTING -j CT --ctevents new,related,destroy,reply,assured,protoinfo,helper,mark,natseqinfo,secmark
-A PREROUTING -j CT --ctevents new,mark
-A PREROUTING -j CT --expevents new
-A PREROUTING -p tcp -j CT --helper ftp
-A PREROUTING -j CT --zone mark
-A PREROUTING -j CT --zone 16
-A PREROUTING -j CT --zone-orig 2
-A PREROUTING -j CT --zone 3
-A OUTPUT -j CT --notrack --ctevents new --zone 3
COMMIT
`;
/** What iptables -L -n -v printed. */
const LISTED = String.raw`Chain PREROUTING (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT notrack
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT zone 5
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT zone mark
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT zone-orig 7
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT zone-reply 8
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT zone-reply mark
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT ctevents new,related,destroy,reply,assured,protoinfo,helper,mark,natseqinfo,secmark
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT ctevents new,mark
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT expevents new
    0     0 CT         6    --  *      *       0.0.0.0/0            0.0.0.0/0            CT helper ftp
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT zone mark
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT zone 16
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT zone-orig 2
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT zone 3

Chain OUTPUT (policy ACCEPT 0 packets, 0 bytes)
 pkts bytes target     prot opt in     out     source               destination         
    0     0 CT         0    --  *      *       0.0.0.0/0            0.0.0.0/0            CT notrack ctevents new zone 3
`;

describe('CT against the real iptables', () => {
  it('prints every form as iptables-save does', () => expect(printed(INPUT)).toBe(SAVED));
  it('reads that output back to the same text', () => expect(printed(SAVED)).toBe(SAVED));
  it('lists every rule as iptables -L -n -v does', () =>
    expect(listed(INPUT)).toEqual(trailingColumns(LISTED)));
  it('reports no error for what iptables accepted', () =>
    expect(problems(INPUT).filter((p) => p.severity === 'error')).toEqual([]));
});

describe('CT data and problems', () => {
  it('keeps every option as plain data', () => {
    const t = targets(
      '*raw\n-A PREROUTING -p udp -j CT --notrack --helper tftp --timeout short --ctevents mark,new --zone-reply mark\nCOMMIT\n',
    );
    expect(t[0]?.data).toEqual({
      notrack: true,
      helper: 'tftp',
      timeout: 'short',
      ctEvents: ['new', 'mark'],
      expEvents: [],
      zone: { id: 0, mark: true, direction: 'reply' },
    });
  });

  it('keeps no zone id beside mark, which iptables neither prints nor reads back', () => {
    // iptables-restore 1.8.9 printed both rules back as `-j CT --zone-reply mark`
    const rules =
      '-A PREROUTING -j CT --zone mark --zone-reply 3\n-A PREROUTING -j CT --zone-reply 3 --zone mark';
    const t = targets(`*raw\n${rules}\nCOMMIT\n`);
    for (const r of t)
      expect(r.data).toMatchObject({ zone: { id: 0, mark: true, direction: 'reply' } });
    expect(targets(printed(`*raw\n${rules}\nCOMMIT\n`)).map((r) => r.data)).toEqual(
      t.map((r) => r.data),
    );
  });

  it('prints --timeout between --helper and --ctevents (taken from libxt_CT.c: the kernel needs an nfct policy to load it)', () => {
    const text =
      '*raw\n-A OUTPUT -j CT --zone 4 --ctevents new --timeout slow-udp --helper tftp\nCOMMIT\n';
    expect(printed(text)).toBe(
      '*raw\n:OUTPUT ACCEPT [0:0]\n-A OUTPUT -j CT --helper tftp --timeout slow-udp --ctevents new --zone 4\nCOMMIT\n',
    );
    expect(listed(text)).toEqual(['CT helper tftp timeout slow-udp ctevents new zone 4']);
  });

  it('reports bad zones, unknown events, repeats and tables other than raw', () => {
    const text = [
      '*raw',
      '-A PREROUTING -j CT --zone 65536',
      '-A PREROUTING -j CT --ctevents new,bogus',
      '-A PREROUTING -j CT --expevents related',
      '-A PREROUTING -j CT --zone 1 --zone 2',
      '-A PREROUTING -j CT --helper ""',
      'COMMIT',
      '*mangle',
      '-A PREROUTING -j CT --notrack',
      'COMMIT',
      '',
    ].join('\n');
    expect(problems(text)).toEqual([
      { code: 'bad-value', severity: 'error', line: 2, column: 21 },
      { code: 'bad-value', severity: 'error', line: 3, column: 21 },
      { code: 'bad-value', severity: 'error', line: 4, column: 21 },
      { code: 'syntax', severity: 'error', line: 5, column: 30 },
      { code: 'bad-value', severity: 'error', line: 6, column: 21 },
      { code: 'target-not-allowed', severity: 'error', line: 9, column: 15 },
    ]);
  });

  it('explains in English and Korean', () => {
    const text =
      '*raw\n-A PREROUTING -j CT --notrack\n-A PREROUTING -p tcp -j CT --helper ftp --zone 5\nCOMMIT\n';
    expect(explained(text, 'en')).toEqual([
      'sets how conntrack handles this connection: no connection tracking (CT)',
      'sets how conntrack handles this connection: helper ftp, zone 5 (CT)',
    ]);
    expect(explained(text, 'ko')).toEqual([
      '이 연결의 conntrack 설정: 연결 추적 안 함 (CT)',
      '이 연결의 conntrack 설정: 헬퍼 ftp, zone 5 (CT)',
    ]);
  });
});
