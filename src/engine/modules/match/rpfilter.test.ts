import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; raw PREROUTING).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m rpfilter', '-m rpfilter', 'rpfilter'],
  ['-m rpfilter --loose', '-m rpfilter --loose', 'rpfilter loose'],
  [
    '-m rpfilter --invert --accept-local --validmark --loose -j DROP',
    '-m rpfilter --loose --validmark --accept-local --invert -j DROP',
    'rpfilter loose validmark accept-local invert',
  ],
];

const RAW = { table: 'raw', chain: 'PREROUTING' } as const;

describe('-m rpfilter', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written, RAW);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved, RAW).saved).toBe(saved);
  });

  it('is refused outside raw and mangle PREROUTING', () => {
    expect(one('-m rpfilter').diagnostics).toEqual([
      diag('-m rpfilter', 'bad-value', '-m rpfilter'),
    ]);
    expect(one('-m rpfilter', { table: 'mangle', chain: 'INPUT' }).diagnostics).toEqual([
      diag('-m rpfilter', 'bad-value', '-m rpfilter'),
    ]);
    expect(one('-m rpfilter', { table: 'mangle', chain: 'PREROUTING' }).diagnostics).toEqual([]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m rpfilter', RAW)).toEqual({
      en: 'packet passes the reverse-path check (a reply would leave by the interface it came in on)',
      ko: '역경로 검사를 통과한 패킷(응답이 들어온 인터페이스로 나감)',
    });
    expect(explainFirst('-m rpfilter --loose --validmark --accept-local --invert', RAW)).toEqual({
      en: "packet fails the reverse-path check; loose: any route back will do, route lookup uses the mark, this host's own addresses accepted",
      ko: '역경로 검사에 실패한 패킷; 느슨한 검사: 경로만 있으면 됨, 패킷 마크로 경로 조회, 이 호스트의 주소도 허용',
    });
  });
});
