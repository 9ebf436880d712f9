import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; filter INPUT; the IPv6 rows from ip6tables).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  [
    '-m iprange --src-range 10.0.0.1-10.0.0.50',
    '-m iprange --src-range 10.0.0.1-10.0.0.50',
    'source IP range 10.0.0.1-10.0.0.50',
  ],
  [
    '-m iprange ! --dst-range 192.168.1.10-192.168.1.20 --src-range 10.0.0.1-10.0.0.1',
    '-m iprange --src-range 10.0.0.1-10.0.0.1 ! --dst-range 192.168.1.10-192.168.1.20',
    'source IP range 10.0.0.1-10.0.0.1 destination IP range ! 192.168.1.10-192.168.1.20',
  ],
  [
    '-m iprange --dst-range 10.1.1.1',
    '-m iprange --dst-range 10.1.1.1-10.1.1.1',
    'destination IP range 10.1.1.1-10.1.1.1',
  ],
  [
    '-m iprange --dst-range 10.1.1.9-10.1.1.1',
    '-m iprange --dst-range 10.1.1.9-10.1.1.1',
    'destination IP range 10.1.1.9-10.1.1.1',
  ],
  [
    '-m iprange ! --src-range 1.2.3.4-5.6.7.8 ! --dst-range 9.9.9.9-9.9.9.10',
    '-m iprange ! --src-range 1.2.3.4-5.6.7.8 ! --dst-range 9.9.9.9-9.9.9.10',
    'source IP range ! 1.2.3.4-5.6.7.8 destination IP range ! 9.9.9.9-9.9.9.10',
  ],
];

/** The same from ip6tables-save and ip6tables -L -n -v. */
const ORACLE6: readonly (readonly [string, string, string])[] = [
  [
    '-m iprange --src-range 2001:db8::1-2001:db8::00ff ! --dst-range fe80::1',
    '-m iprange --src-range 2001:db8::1-2001:db8::ff ! --dst-range fe80::1-fe80::1',
    'source IP range 2001:db8::1-2001:db8::ff destination IP range ! fe80::1-fe80::1',
  ],
];

describe('-m iprange', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it.each(ORACLE6)('ip6tables: %s', (written, saved, listed) => {
    const r = one(written, { family: 'ipv6' });
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
  });

  it('keeps a reversed range, warning that it never matches (as iptables does)', () => {
    const body = '-m iprange --dst-range 10.1.1.9-10.1.1.1';
    expect(one(body).diagnostics).toEqual([
      diag(body, 'bad-address', '--dst-range 10.1.1.9-10.1.1.1', 'warning'),
    ]);
  });

  it('reports bad ranges at the option', () => {
    for (const body of [
      '-m iprange --src-range 1.2.3.4-foo',
      '-m iprange --dst-range 10.0.0.0/8',
      '-m iprange --src-range 1.2.3.4-1.2.3.5-1.2.3.6',
    ])
      expect(one(body).diagnostics, body).toEqual([diag(body, 'bad-address', body.slice(11))]);
    const v6 = '-m iprange --src-range 10.0.0.1-10.0.0.2';
    expect(one(v6, { family: 'ipv6' }).diagnostics).toEqual([
      diag(v6, 'bad-address', '--src-range 10.0.0.1-10.0.0.2'),
    ]);
    expect(one('-m iprange').diagnostics).toEqual([
      diag('-m iprange', 'missing-argument', '-m iprange'),
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(
      explainFirst('-m iprange --src-range 10.0.0.1-10.0.0.50 ! --dst-range 10.9.0.1-10.9.0.3'),
    ).toEqual({
      en: 'source address within 10.0.0.1-10.0.0.50, destination address outside 10.9.0.1-10.9.0.3',
      ko: '출발지 주소가 10.0.0.1-10.0.0.50 범위 안, 목적지 주소가 10.9.0.1-10.9.0.3 범위 밖',
    });
  });
});
