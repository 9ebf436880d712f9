import type { DiagnosticCode } from '../../rules/index.ts';
import { describe, expect, it } from 'vitest';
import { randomProbability, STATISTIC_SCALE } from './statistic.ts';
import { diag, explainFirst, one } from './test-kit.ts';

const NAT = { table: 'nat', chain: 'PREROUTING' } as const;

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh in nat PREROUTING (iptables 1.8.9; nf_tables and legacy agree).
 * The probability is the kernel's 31-bit threshold printed with 11 decimals; -L leaves out
 * `packet 0`.
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  [
    '-m statistic --mode random --probability 0.33333333349',
    '-m statistic --mode random --probability 0.33333333349',
    'statistic mode random probability 0.33333333349',
  ],
  [
    '-m statistic --mode random --probability 0.5',
    '-m statistic --mode random --probability 0.50000000000',
    'statistic mode random probability 0.50000000000',
  ],
  [
    '-m statistic --mode random --probability 0.25000000000',
    '-m statistic --mode random --probability 0.25000000000',
    'statistic mode random probability 0.25000000000',
  ],
  [
    '-m statistic --mode random --probability 1',
    '-m statistic --mode random --probability 1.00000000000',
    'statistic mode random probability 1.00000000000',
  ],
  [
    '-m statistic --mode random --probability 0',
    '-m statistic --mode random --probability 0.00000000000',
    'statistic mode random probability 0.00000000000',
  ],
  [
    '-m statistic --mode random --probability 0.2',
    '-m statistic --mode random --probability 0.20000000019',
    'statistic mode random probability 0.20000000019',
  ],
  [
    '-m statistic --mode random ! --probability 0.5',
    '-m statistic --mode random ! --probability 0.50000000000',
    'statistic mode random ! probability 0.50000000000',
  ],
  [
    '-m statistic --mode nth --every 3 --packet 0',
    '-m statistic --mode nth --every 3 --packet 0',
    'statistic mode nth every 3',
  ],
  [
    '-m statistic --mode nth --every 3 --packet 2',
    '-m statistic --mode nth --every 3 --packet 2',
    'statistic mode nth every 3 packet 2',
  ],
  [
    '-m statistic --mode nth ! --every 2 --packet 1',
    '-m statistic --mode nth ! --every 2 --packet 1',
    'statistic mode nth ! every 2 packet 1',
  ],
  [
    '-m statistic --mode random --probability 0.0000000001',
    '-m statistic --mode random --probability 0.00000000000',
    'statistic mode random probability 0.00000000000',
  ],
  [
    '-m statistic --mode random --probability 0.999999999999',
    '-m statistic --mode random --probability 1.00000000000',
    'statistic mode random probability 1.00000000000',
  ],
  [
    '-m statistic --probability 0.1 --mode random',
    '-m statistic --mode random --probability 0.10000000009',
    'statistic mode random probability 0.10000000009',
  ],
  [
    '-m statistic --mode nth --packet 1 --every 4',
    '-m statistic --mode nth --every 4 --packet 1',
    'statistic mode nth every 4 packet 1',
  ],
  [
    '-m statistic --mode random --probability 0x1',
    '-m statistic --mode random --probability 1.00000000000',
    'statistic mode random probability 1.00000000000',
  ],
  [
    '-m statistic --mode random --probability .5',
    '-m statistic --mode random --probability 0.50000000000',
    'statistic mode random probability 0.50000000000',
  ],
  [
    '-m statistic --mode random --probability 5e-1',
    '-m statistic --mode random --probability 0.50000000000',
    'statistic mode random probability 0.50000000000',
  ],
  [
    '-m statistic --mode nth --every 0x10 --packet 010',
    '-m statistic --mode nth --every 16 --packet 8',
    'statistic mode nth every 16 packet 8',
  ],
];

describe('-m statistic', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written, NAT);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved, NAT).saved).toBe(saved);
  });

  it('keeps the kernel threshold, not the decimal written', () => {
    expect(
      one('-m statistic --mode random --probability 0.33333333349', NAT).rule?.matches[0]?.data,
    ).toEqual({
      mode: 'random',
      threshold: 715827883,
      negated: false,
    });
    expect(one('-m statistic --mode random --probability 1', NAT).rule?.matches[0]?.data).toEqual({
      mode: 'random',
      threshold: STATISTIC_SCALE,
      negated: false,
    });
    expect(
      one('-m statistic --mode nth ! --every 3 --packet 2', NAT).rule?.matches[0]?.data,
    ).toEqual({
      mode: 'nth',
      every: 3,
      packet: 2,
      negated: true,
    });
  });

  it("gives a rule's random share (its complement when negated), none for nth or no statistic", () => {
    const share = (rule: string) => randomProbability(one(rule, NAT).rule?.matches ?? []);
    expect(share('-m statistic --mode random --probability 0.25 -j ACCEPT')).toBe(0.25);
    expect(share('-m statistic --mode random ! --probability 0.25 -j ACCEPT')).toBe(0.75);
    expect(share('-m statistic --mode nth --every 2 -j ACCEPT')).toBeNull();
    expect(share('-p tcp -j ACCEPT')).toBeNull();
  });

  it('reports what iptables refuses', () => {
    const cases: [string, DiagnosticCode, string][] = [
      ['-m statistic --probability 0.5', 'missing-argument', '-m statistic'],
      ['-m statistic --mode foo', 'bad-value', '--mode foo'],
      ['-m statistic --mode random', 'missing-argument', '-m statistic'],
      ['-m statistic --mode nth --every 3', 'missing-argument', '-m statistic'],
      ['-m statistic --mode nth --packet 0', 'missing-argument', '-m statistic'],
      ['-m statistic --mode nth --every 2 --packet 2', 'bad-value', '--packet 2'],
      ['-m statistic --mode nth --every 0 --packet 0', 'bad-value', '--every 0'],
      ['-m statistic --mode random --every 2 --packet 1 --probability 0.5', 'syntax', '--every 2'],
      [
        '-m statistic --mode nth --every 2 --packet 1 --probability 0.5',
        'syntax',
        '--probability 0.5',
      ],
      ['-m statistic --mode random --probability 1.5', 'bad-value', '--probability 1.5'],
      ['-m statistic --mode random --probability -0.1', 'bad-value', '--probability -0.1'],
      ['-m statistic --mode random --probability abc', 'bad-value', '--probability abc'],
      [
        '-m statistic --mode random --probability 0.5 --probability 0.25',
        'syntax',
        '--probability 0.25',
      ],
      ['-m statistic --mode nth --every 2 ! --packet 1', 'syntax', '--packet'],
    ];
    for (const [body, code, text] of cases) {
      const got = one(body, NAT).diagnostics;
      expect(got[0], body).toEqual(diag(body, code, text));
    }
    // random mode ignores nth's options but iptables still refuses both of them
    expect(
      one('-m statistic --mode random --every 2 --packet 1 --probability 0.5', NAT).diagnostics.map(
        (d) => d.code,
      ),
    ).toEqual(['syntax', 'syntax']);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m statistic --mode random --probability 0.33333333349', NAT)).toEqual({
      en: 'random: matches with probability 33.33%',
      ko: '무작위: 33.33% 확률로 일치',
    });
    expect(explainFirst('-m statistic --mode random ! --probability 0.25', NAT)).toEqual({
      en: 'random: matches with probability 75.00% (the complement of 25.00%)',
      ko: '무작위: 75.00% 확률로 일치 (25.00%의 반대)',
    });
    expect(explainFirst('-m statistic --mode nth --every 3 --packet 0', NAT)).toEqual({
      en: 'packet 0 of every 3',
      ko: '3개마다 0번째 패킷',
    });
    expect(explainFirst('-m statistic --mode nth ! --every 2 --packet 1', NAT)).toEqual({
      en: 'all but packet 1 of every 2',
      ko: '2개마다 1번째 패킷 제외',
    });
  });
});
