import { describe, expect, it } from 'vitest';
import { at, diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; mangle PREROUTING).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m socket', '-m socket', 'socket'],
  ['-m socket --transparent', '-m socket --transparent', 'socket --transparent'],
  ['-m socket --nowildcard', '-m socket --nowildcard', 'socket --nowildcard'],
  [
    '-m socket --restore-skmark --transparent --nowildcard',
    '-m socket --transparent --nowildcard --restore-skmark',
    'socket --transparent --nowildcard --restore-skmark',
  ],
];

const MANGLE = { table: 'mangle', chain: 'PREROUTING' } as const;

describe('-m socket', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written, MANGLE);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved, MANGLE).saved).toBe(saved);
  });

  it('is refused where packets do not come in (the kernel allows PREROUTING and INPUT)', () => {
    for (const chain of ['OUTPUT', 'FORWARD', 'POSTROUTING'])
      expect(one('-m socket', { table: 'mangle', chain }).diagnostics, chain).toEqual([
        diag('-m socket', 'bad-value', '-m socket'),
      ]);
    expect(one('-m socket', { table: 'mangle', chain: 'INPUT' }).diagnostics).toEqual([]);
  });

  it('takes each flag once', () => {
    const body = '-m socket --transparent --transparent';
    expect(one(body, MANGLE).diagnostics).toEqual([
      { code: 'syntax', severity: 'error', ...at(body, '--transparent', 12) },
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m socket', MANGLE)).toEqual({
      en: 'packet belongs to a local socket',
      ko: '이 호스트의 소켓에 속한 패킷',
    });
    expect(explainFirst('-m socket --transparent --nowildcard --restore-skmark', MANGLE)).toEqual({
      en: "packet belongs to a local socket (only IP_TRANSPARENT sockets, ignoring sockets bound to the wildcard address, copies the socket's mark to the packet)",
      ko: '이 호스트의 소켓에 속한 패킷 (IP_TRANSPARENT 소켓만, 와일드카드 주소에 묶인 소켓 제외, 소켓의 마크를 패킷에 복사)',
    });
  });
});
