import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; filter INPUT).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m length --length 100', '-m length --length 100', 'length 100'],
  ['-m length ! --length 0:1500', '-m length ! --length 0:1500', 'length !0:1500'],
  ['-m length --length 1000:', '-m length --length 1000:65535', 'length 1000:65535'],
  ['-m length --length :500', '-m length --length 0:500', 'length 0:500'],
  ['-m length --length 200:100', '-m length --length 200:100', 'length 200:100'],
  ['-m length --length 65535', '-m length --length 65535', 'length 65535'],
];

describe('-m length', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('works the same in ip6tables', () => {
    const r = one('-m length --length 40:1280', { family: 'ipv6' });
    expect(r.saved).toBe('-m length --length 40:1280');
    expect(r.list).toBe('length 40:1280');
  });

  it('keeps an inverted range as iptables does, with a warning', () => {
    const body = '-m length --length 200:100';
    expect(one(body).diagnostics).toEqual([diag(body, 'bad-value', '--length 200:100', 'warning')]);
  });

  it('reports bad lengths at the option', () => {
    for (const body of [
      '-m length --length 70000',
      '-m length --length 10-20',
      '-m length --length abc',
      '-m length --length 1:2:3',
    ])
      expect(one(body).diagnostics, body).toEqual([diag(body, 'bad-value', body.slice(10))]);
    expect(one('-m length').diagnostics).toEqual([
      diag('-m length', 'missing-argument', '-m length'),
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m length --length 100')).toEqual({
      en: 'IP packet length is 100 bytes',
      ko: 'IP 패킷 길이 100바이트',
    });
    expect(explainFirst('-m length ! --length 0:1500')).toEqual({
      en: 'IP packet length is not within 0-1500 bytes',
      ko: 'IP 패킷 길이 0-1500바이트 범위 밖',
    });
  });
});
