import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/** [as written, as ip6tables-save printed it, the -L -n trailing column] (ip6tables 1.8.9, nf_tables). */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m hl --hl-eq 5', '-m hl --hl-eq 5', 'HL match HL == 5'],
  ['-m hl ! --hl-eq 0x10', '-m hl ! --hl-eq 16', 'HL match HL != 16'],
  ['-m hl --hl-lt 5', '-m hl --hl-lt 5', 'HL match HL < 5'],
  ['-m hl --hl-gt 5', '-m hl --hl-gt 5', 'HL match HL > 5'],
];

const v6 = { family: 'ipv6' } as const;

describe('-m hl', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written, v6);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved, v6).saved).toBe(saved);
  });

  it('refuses a hop limit past 255, two comparisons, a negated --hl-lt and no comparison', () => {
    const big = '-m hl --hl-eq 256';
    expect(one(big, v6).diagnostics).toEqual([diag(big, 'bad-value', '--hl-eq 256')]);
    const two = '-m hl --hl-eq 5 --hl-lt 3';
    expect(one(two, v6).diagnostics).toEqual([diag(two, 'syntax', '--hl-lt 3')]);
    expect(one('-m hl ! --hl-lt 3', v6).diagnostics.map((d) => d.code)).toContain('syntax');
    expect(one('-m hl', v6).diagnostics.length).toBeGreaterThan(0);
  });

  it('is IPv6 only: iptables cannot load it', () => {
    const body = '-m hl --hl-eq 5';
    expect(one(body).diagnostics).toEqual([diag(body, 'bad-value', '-m hl')]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m hl --hl-gt 5', v6)).toEqual({
      en: 'the IPv6 hop limit is above 5',
      ko: 'IPv6 홉 제한 > 5',
    });
  });
});
