import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/** [as written, as iptables-save printed it, the -L -n trailing column] (iptables 1.8.9, nf_tables). */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m ttl --ttl-eq 5', '-m ttl --ttl-eq 5', 'TTL match TTL == 5'],
  ['-m ttl ! --ttl-eq 5', '-m ttl ! --ttl-eq 5', 'TTL match TTL != 5'],
  ['-m ttl --ttl-lt 5', '-m ttl --ttl-lt 5', 'TTL match TTL < 5'],
  ['-m ttl --ttl-gt 0x10', '-m ttl --ttl-gt 16', 'TTL match TTL > 16'],
];

describe('-m ttl', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('refuses a TTL past 255, two comparisons, and a negated --ttl-lt', () => {
    const big = '-m ttl --ttl-eq 256';
    expect(one(big).diagnostics).toEqual([diag(big, 'bad-value', '--ttl-eq 256')]);
    const two = '-m ttl --ttl-eq 5 --ttl-lt 3';
    expect(one(two).diagnostics).toEqual([diag(two, 'syntax', '--ttl-lt 3')]);
    const neg = '-m ttl ! --ttl-lt 3';
    expect(one(neg).diagnostics.map((d) => d.code)).toContain('syntax');
  });

  it('is IPv4 only', () => {
    const body = '-m ttl --ttl-eq 5';
    expect(one(body, { family: 'ipv6' }).diagnostics).toEqual([diag(body, 'bad-value', '-m ttl')]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m ttl --ttl-lt 5')).toEqual({
      en: 'the TTL is below 5',
      ko: 'TTL < 5',
    });
  });
});
