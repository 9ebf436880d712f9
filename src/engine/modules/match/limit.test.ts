import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; filter INPUT).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  [
    '-m limit --limit 5/min -j ACCEPT',
    '-m limit --limit 5/min -j ACCEPT',
    'limit: avg 5/min burst 5',
  ],
  [
    '-m limit --limit 5/minute --limit-burst 10 -j ACCEPT',
    '-m limit --limit 5/min --limit-burst 10 -j ACCEPT',
    'limit: avg 5/min burst 10',
  ],
  ['-m limit --limit 3/s', '-m limit --limit 3/sec', 'limit: avg 3/sec burst 5'],
  ['-m limit --limit 3/sec', '-m limit --limit 3/sec', 'limit: avg 3/sec burst 5'],
  ['-m limit --limit 3/second', '-m limit --limit 3/sec', 'limit: avg 3/sec burst 5'],
  ['-m limit --limit 2/h', '-m limit --limit 2/hour', 'limit: avg 2/hour burst 5'],
  ['-m limit --limit 2/hour', '-m limit --limit 2/hour', 'limit: avg 2/hour burst 5'],
  ['-m limit --limit 1/d', '-m limit --limit 1/day', 'limit: avg 1/day burst 5'],
  ['-m limit --limit 1/day', '-m limit --limit 1/day', 'limit: avg 1/day burst 5'],
  ['-m limit', '-m limit --limit 3/hour', 'limit: avg 3/hour burst 5'],
  ['-m limit --limit 7', '-m limit --limit 7/sec', 'limit: avg 7/sec burst 5'],
  [
    '-m limit --limit 100/s --limit-burst 1',
    '-m limit --limit 100/sec --limit-burst 1',
    'limit: avg 100/sec burst 1',
  ],
  ['-m limit --limit 10000/s', '-m limit --limit 10000/sec', 'limit: avg 10000/sec burst 5'],
  ['-m limit --limit 60/min', '-m limit --limit 1/sec', 'limit: avg 1/sec burst 5'],
  ['-m limit --limit 120/min', '-m limit --limit 2/sec', 'limit: avg 2/sec burst 5'],
  ['-m limit --limit 7/min', '-m limit --limit 7/min', 'limit: avg 7/min burst 5'],
  ['-m limit --limit 1/m', '-m limit --limit 1/min', 'limit: avg 1/min burst 5'],
  ['-m limit --limit 90/hour', '-m limit --limit 90/hour', 'limit: avg 90/hour burst 5'],
  ['-m limit --limit 25/day', '-m limit --limit 25/day', 'limit: avg 25/day burst 5'],
  ['-m limit --limit 3600/hour', '-m limit --limit 1/sec', 'limit: avg 1/sec burst 5'],
];

describe('-m limit', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('works the same in ip6tables', () => {
    expect(one('-m limit --limit 3/s --limit-burst 5', { family: 'ipv6' }).saved).toBe(
      '-m limit --limit 3/sec',
    );
  });

  it('stores the kernel cost, not the text', () => {
    // 10000 × 60 / 7, rounded down: why 7/min prints back as 7/min but 60/min as 1/sec
    expect(one('-m limit --limit 7/min').rule?.matches[0]?.data).toEqual({
      period: 85714,
      burst: 5,
    });
  });

  it('reports bad rates and bursts at the option', () => {
    for (const body of [
      '-m limit --limit 20000/s',
      '-m limit --limit 5/week',
      '-m limit --limit 0/s',
      '-m limit --limit 5/',
      '-m limit --limit-burst 10001',
    ])
      expect(one(body).diagnostics, body).toEqual([diag(body, 'bad-value', body.slice(9))]);
    const neg = '-m limit ! --limit 3/s';
    expect(one(neg).diagnostics).toEqual([diag(neg, 'syntax', '--limit', 'error')]);
  });

  it('takes a burst of 0 as the default 5, like iptables-nft, with a warning', () => {
    // iptables-nft printed "-m limit --limit 3/hour" and "limit: avg 3/hour burst 5"; legacy refuses it
    const body = '-m limit --limit-burst 0';
    const r = one(body);
    expect(r.saved).toBe('-m limit --limit 3/hour');
    expect(r.list).toBe('limit: avg 3/hour burst 5');
    expect(r.diagnostics).toEqual([diag(body, 'bad-value', '--limit-burst 0', 'warning')]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m limit --limit 5/min')).toEqual({
      en: 'rate limit: matches up to 5 per minute on average (bursts of 5), then stops matching',
      ko: '속도 제한: 평균 분당 5개까지 일치(한 번에 최대 5개), 넘으면 불일치',
    });
  });
});
