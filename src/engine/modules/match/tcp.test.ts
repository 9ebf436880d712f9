import type { DiagnosticCode } from '../../rules/index.ts';
import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables and legacy agree unless noted).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-p tcp --dport 80', '-p tcp -m tcp --dport 80', 'tcp dpt:80'],
  [
    '-p tcp --sport 1024:65535 --dport 22',
    '-p tcp -m tcp --sport 1024:65535 --dport 22',
    'tcp spts:1024:65535 dpt:22',
  ],
  ['-p tcp -m tcp --dport 0:65535', '-p tcp -m tcp', 'tcp'],
  ['-p tcp -m tcp --sport 0:65535', '-p tcp -m tcp', 'tcp'],
  ['-p tcp -m tcp --dport :1024', '-p tcp -m tcp --dport 0:1024', 'tcp dpts:0:1024'],
  ['-p tcp -m tcp --dport 1024:', '-p tcp -m tcp --dport 1024:65535', 'tcp dpts:1024:65535'],
  ['-p tcp -m tcp ! --dport 80', '-p tcp -m tcp ! --dport 80', 'tcp dpt:!80'],
  ['-p tcp -m tcp --syn', '-p tcp -m tcp --tcp-flags FIN,SYN,RST,ACK SYN', 'tcp flags:0x17/0x02'],
  [
    '-p tcp -m tcp ! --syn',
    '-p tcp -m tcp ! --tcp-flags FIN,SYN,RST,ACK SYN',
    'tcp flags:!0x17/0x02',
  ],
  [
    '-p tcp -m tcp --tcp-flags SYN,ACK SYN',
    '-p tcp -m tcp --tcp-flags SYN,ACK SYN',
    'tcp flags:0x12/0x02',
  ],
  [
    '-p tcp -m tcp --tcp-flags ALL NONE',
    '-p tcp -m tcp --tcp-flags FIN,SYN,RST,PSH,ACK,URG NONE',
    'tcp flags:0x3F/0x00',
  ],
  [
    '-p tcp -m tcp --tcp-flags FIN,SYN,RST,PSH,ACK,URG FIN,PSH,URG',
    '-p tcp -m tcp --tcp-flags FIN,SYN,RST,PSH,ACK,URG FIN,PSH,URG',
    'tcp flags:0x3F/0x29',
  ],
  [
    '-p tcp -m tcp ! --tcp-flags SYN,RST SYN',
    '-p tcp -m tcp ! --tcp-flags SYN,RST SYN',
    'tcp flags:!0x06/0x02',
  ],
  ['-p tcp -m tcp --tcp-option 2', '-p tcp -m tcp --tcp-option 2', 'tcp option=2'],
  ['-p tcp -m tcp ! --tcp-option 8', '-p tcp -m tcp ! --tcp-option 8', 'tcp option=!8'],
  [
    '-p tcp -m tcp --tcp-option 2 --dport 80 --sport 1000 --syn',
    '-p tcp -m tcp --sport 1000 --dport 80 --tcp-option 2 --tcp-flags FIN,SYN,RST,ACK SYN',
    'tcp spt:1000 dpt:80 option=2 flags:0x17/0x02',
  ],
  ['-p tcp -m tcp --dport http', '-p tcp -m tcp --dport 80', 'tcp dpt:80'],
  ['-p tcp -m tcp --dport 0', '-p tcp -m tcp --dport 0', 'tcp dpt:0'],
  ['-p tcp -m tcp --sport 0:0', '-p tcp -m tcp --sport 0', 'tcp spt:0'],
  ['-p tcp -m tcp --dport 65535:65535', '-p tcp -m tcp --dport 65535', 'tcp dpt:65535'],
  ['-p tcp -m tcp --dport 1:65535', '-p tcp -m tcp --dport 1:65535', 'tcp dpts:1:65535'],
  ['-p tcp -m tcp --dport 0:1', '-p tcp -m tcp --dport 0:1', 'tcp dpts:0:1'],
  // a negated full range is forgotten, as iptables-save forgets it (legacy prints these; iptables-nft
  // drops the whole match when nothing else is left in it)
  ['-p tcp -m tcp ! --dport 0:65535', '-p tcp -m tcp', 'tcp'],
  ['-p tcp -m tcp ! --sport 0:65535', '-p tcp -m tcp', 'tcp'],
  ['-p tcp -m tcp ! --sport 0:65535 ! --dport 0:65535', '-p tcp -m tcp', 'tcp'],
  ['-p tcp -m tcp ! --dport 0:65535 --sport 53', '-p tcp -m tcp --sport 53', 'tcp spt:53'],
];

describe('-m tcp', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('keeps the parsed ports and flags as plain data', () => {
    expect(
      one('-p tcp -m tcp ! --sport 1024: --syn --tcp-option 0x10').rule?.matches[0]?.data,
    ).toEqual({
      sport: { value: { from: 1024, to: 65535 }, negated: true },
      flags: { value: { mask: 0x17, comp: 0x02 }, negated: false },
      option: { value: 16, negated: false },
    });
  });

  it('reports bad values at the option', () => {
    const cases: [string, DiagnosticCode, string][] = [
      ['-p tcp -m tcp --dport 65536', 'bad-port', '--dport 65536'],
      ['-p tcp -m tcp --dport 2000:1000', 'bad-port', '--dport 2000:1000'],
      ['-p tcp -m tcp --sport x', 'bad-port', '--sport x'],
      ['-p tcp -m tcp --tcp-flags SYN,FOO SYN', 'bad-value', '--tcp-flags SYN,FOO SYN'],
      ['-p tcp -m tcp --tcp-option 256', 'bad-value', '--tcp-option 256'],
      ['-p tcp -m tcp --dport 80 --dport 81', 'syntax', '--dport 81'],
      ['-p tcp -m tcp --syn --tcp-flags SYN SYN', 'syntax', '--tcp-flags SYN SYN'],
    ];
    for (const [body, code, text] of cases)
      expect(one(body).diagnostics, body).toEqual([diag(body, code, text)]);
  });

  it('wants -p tcp, as iptables does ("TCP match requires -p tcp")', () => {
    expect(one('-m tcp --dport 80').diagnostics).toEqual([
      diag('-m tcp --dport 80', 'bad-protocol', '-m tcp'),
    ]);
    expect(one('! -p tcp -m tcp --dport 80').diagnostics).toEqual([
      diag('! -p tcp -m tcp --dport 80', 'bad-protocol', '-m tcp'),
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-p tcp --dport 80 ! --sport 1024:65535 --syn')).toEqual({
      en: 'TCP: destination port 80, source port not 1024-65535, TCP flags: of FIN,SYN,RST,ACK only SYN set',
      ko: 'TCP: 목적지 포트 80, 출발지 포트 1024-65535 제외, TCP 플래그 FIN,SYN,RST,ACK 중 SYN만 켜짐',
    });
    expect(explainFirst('-p tcp -m tcp ! --tcp-flags ALL NONE ! --tcp-option 8')).toEqual({
      en: 'TCP: not (TCP flags: none of FIN,SYN,RST,PSH,ACK,URG set), TCP option 8 absent',
      ko: 'TCP: TCP 플래그 FIN,SYN,RST,PSH,ACK,URG 모두 꺼짐 아님, TCP 옵션 8 없음',
    });
    expect(explainFirst('-p tcp -m tcp')).toEqual({ en: 'any TCP segment', ko: 'TCP 세그먼트' });
  });
});
