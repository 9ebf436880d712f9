import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9; nf_tables and legacy print the same).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m state --state NEW', '-m state --state NEW', 'state NEW'],
  [
    '-m state --state ESTABLISHED,RELATED',
    '-m state --state RELATED,ESTABLISHED',
    'state RELATED,ESTABLISHED',
  ],
  [
    '-m state ! --state INVALID,UNTRACKED',
    '-m state ! --state INVALID,UNTRACKED',
    '! state INVALID,UNTRACKED',
  ],
  [
    '-m state --state UNTRACKED,RELATED,ESTABLISHED,NEW,INVALID',
    '-m state --state INVALID,NEW,RELATED,ESTABLISHED,UNTRACKED',
    'state INVALID,NEW,RELATED,ESTABLISHED,UNTRACKED',
  ],
  ['-m state --state new,established', '-m state --state NEW,ESTABLISHED', 'state NEW,ESTABLISHED'],
];

describe('-m state', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('reports bad states at the option', () => {
    // SNAT and DNAT are conntrack's --ctstate only
    expect(one('-m state --state SNAT').diagnostics).toEqual([
      diag('-m state --state SNAT', 'bad-value', '--state SNAT'),
    ]);
    expect(one('-m state --state NEW,,ESTABLISHED').diagnostics).toEqual([
      diag('-m state --state NEW,,ESTABLISHED', 'bad-value', '--state NEW,,ESTABLISHED'),
    ]);
    expect(one('-m state').diagnostics).toEqual([diag('-m state', 'missing-argument', '-m state')]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m state --state NEW')).toEqual({
      en: 'connection state NEW',
      ko: '연결 상태가 NEW(새 연결)',
    });
    expect(explainFirst('-m state ! --state INVALID,UNTRACKED')).toEqual({
      en: 'connection state none of INVALID, UNTRACKED',
      ko: '연결 상태가 INVALID(잘못된 패킷), UNTRACKED(추적 안 함) 중 어느 것도 아님',
    });
  });
});
