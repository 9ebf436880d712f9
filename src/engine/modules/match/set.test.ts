import type { DiagnosticCode } from '../../rules/index.ts';
import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from the real
 * iptables 1.8.9 (nf_tables and legacy agree) in a namespace where the sets A (hash:ip),
 * B (hash:net), C (hash:ip,port), D (hash:ip,port,net) and KUBE-LOOP-BACK (hash:ip,port,ip)
 * existed: iptables refuses a set the kernel does not have.
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m set --match-set A src', '-m set --match-set A src', 'match-set A src'],
  ['-m set ! --match-set A dst', '-m set ! --match-set A dst', '! match-set A dst'],
  [
    '-m set --match-set KUBE-LOOP-BACK dst,dst,src',
    '-m set --match-set KUBE-LOOP-BACK dst,dst,src',
    'match-set KUBE-LOOP-BACK dst,dst,src',
  ],
  ['-m set --match-set C src,dst', '-m set --match-set C src,dst', 'match-set C src,dst'],
  ['-m set --set A src', '-m set --match-set A src', 'match-set A src'],
  [
    '-m set --match-set A src --return-nomatch',
    '-m set --match-set A src --return-nomatch',
    'match-set A src return-nomatch',
  ],
  [
    '-m set --match-set A src ! --update-counters',
    '-m set --match-set A src ! --update-counters',
    'match-set A src ! update-counters',
  ],
  [
    '-m set --match-set A src ! --update-subcounters',
    '-m set --match-set A src ! --update-subcounters',
    'match-set A src ! update-subcounters',
  ],
  [
    '-m set --match-set A src --packets-eq 5',
    '-m set --match-set A src --packets-eq 5',
    'match-set A src packets-eq 5',
  ],
  [
    '-m set --match-set A src ! --packets-eq 5',
    '-m set --match-set A src ! --packets-eq 5',
    'match-set A src ! packets-eq 5',
  ],
  [
    '-m set --match-set A src --packets-lt 5',
    '-m set --match-set A src --packets-lt 5',
    'match-set A src packets-lt 5',
  ],
  [
    '-m set --match-set A src --packets-gt 5',
    '-m set --match-set A src --packets-gt 5',
    'match-set A src packets-gt 5',
  ],
  [
    '-m set --match-set A src --bytes-eq 10',
    '-m set --match-set A src --bytes-eq 10',
    'match-set A src bytes-eq 10',
  ],
  [
    '-m set --match-set A src ! --bytes-eq 10',
    '-m set --match-set A src ! --bytes-eq 10',
    'match-set A src ! bytes-eq 10',
  ],
  [
    '-m set --match-set A src --bytes-lt 10',
    '-m set --match-set A src --bytes-lt 10',
    'match-set A src bytes-lt 10',
  ],
  [
    '-m set --match-set A src --bytes-gt 10',
    '-m set --match-set A src --bytes-gt 10',
    'match-set A src bytes-gt 10',
  ],
  [
    '-m set --match-set A src --bytes-gt 10 --packets-lt 3 ! --update-subcounters ! --update-counters --return-nomatch',
    '-m set --match-set A src --return-nomatch ! --update-counters ! --update-subcounters --packets-lt 3 --bytes-gt 10',
    'match-set A src return-nomatch ! update-counters ! update-subcounters packets-lt 3 bytes-gt 10',
  ],
  [
    '-m set --match-set A src -m set --match-set B dst',
    '-m set --match-set A src -m set --match-set B dst',
    'match-set A src match-set B dst',
  ],
  [
    '-m set ! --match-set D src,src,dst --return-nomatch ! --update-counters',
    '-m set ! --match-set D src,src,dst --return-nomatch ! --update-counters',
    '! match-set D src,src,dst return-nomatch ! update-counters',
  ],
  ['-m set --match-set A src --update-counters', '-m set --match-set A src', 'match-set A src'],
  [
    '-m set --match-set A src,dst,src,dst,src,dst',
    '-m set --match-set A src,dst,src,dst,src,dst',
    'match-set A src,dst,src,dst,src,dst',
  ],
  [
    '-m set --match-set A src --packets-eq 010',
    '-m set --match-set A src --packets-eq 8',
    'match-set A src packets-eq 8',
  ],
  [
    '-m set --match-set A src --bytes-eq 0x10',
    '-m set --match-set A src --bytes-eq 16',
    'match-set A src bytes-eq 16',
  ],
  [
    '-m set --match-set A src --bytes-gt 18446744073709551615',
    '-m set --match-set A src --bytes-gt 18446744073709551615',
    'match-set A src bytes-gt 18446744073709551615',
  ],
];

describe('-m set', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('keeps plain data, with 64-bit counters as decimal text', () => {
    expect(
      one('-m set ! --match-set KUBE-LOOP-BACK dst,dst,src ! --update-counters ! --bytes-eq 0x10')
        .rule?.matches[0]?.data,
    ).toEqual({
      name: 'KUBE-LOOP-BACK',
      flags: ['dst', 'dst', 'src'],
      negated: true,
      noUpdateCounters: true,
      bytes: { op: 'eq', value: '16', negated: true },
    });
  });

  it('reports what iptables refuses', () => {
    const cases: [string, DiagnosticCode, string][] = [
      ['-m set --match-set A foo', 'bad-value', '--match-set A foo'],
      ['-m set --match-set A SRC', 'bad-value', '--match-set A SRC'],
      ['-m set --match-set A src,', 'bad-value', '--match-set A src,'],
      [
        '-m set --match-set A src,dst,src,dst,src,dst,src',
        'bad-value',
        '--match-set A src,dst,src,dst,src,dst,src',
      ],
      [
        '-m set --match-set ABCDEFGHIJKLMNOPQRSTUVWXYZ123456 src',
        'bad-value',
        '--match-set ABCDEFGHIJKLMNOPQRSTUVWXYZ123456 src',
      ],
      ['-m set --match-set A src --packets-eq x', 'bad-value', '--packets-eq x'],
      [
        '-m set --match-set A src --bytes-eq 18446744073709551616',
        'bad-value',
        '--bytes-eq 18446744073709551616',
      ],
      ['-m set --match-set A src --packets-eq 5 --packets-gt 3', 'syntax', '--packets-gt 3'],
      ['-m set --match-set A src ! --packets-lt 3', 'syntax', '--packets-lt'],
      ['-m set --match-set A src --match-set B dst', 'syntax', '--match-set B dst'],
      ['-m set --return-nomatch', 'missing-argument', '-m set'],
    ];
    for (const [body, code, text] of cases)
      expect(one(body).diagnostics, body).toEqual([diag(body, code, text)]);
    // "--match-set requires two args"
    expect(one('-m set --match-set A').diagnostics.map((d) => d.code)).toEqual([
      'missing-argument',
      'missing-argument',
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m set --match-set KUBE-LOOP-BACK dst,dst,src')).toEqual({
      en: '(destination, destination, source) in ipset KUBE-LOOP-BACK',
      ko: 'ipset KUBE-LOOP-BACK에 (목적지, 목적지, 출발지) 있음',
    });
    expect(explainFirst('-m set ! --match-set A src --packets-gt 5 --return-nomatch')).toEqual({
      en: '(source) not in ipset A, member packets > 5, reversed: only members flagged nomatch match',
      ko: 'ipset A에 (출발지) 없음, 멤버 패킷 수 > 5, nomatch 표시 멤버만 일치로 봄(반전)',
    });
  });
});
