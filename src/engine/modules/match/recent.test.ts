import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';
import { recentAddress } from './recent.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; filter INPUT; the IPv6 rows from ip6tables).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  [
    '-m recent --set',
    '-m recent --set --name DEFAULT --mask 255.255.255.255 --rsource',
    'recent: SET name: DEFAULT side: source mask: 255.255.255.255',
  ],
  [
    '-m recent --set --name SSH --rsource',
    '-m recent --set --name SSH --mask 255.255.255.255 --rsource',
    'recent: SET name: SSH side: source mask: 255.255.255.255',
  ],
  [
    '-m recent --rcheck --seconds 60 --hitcount 4 --rttl --name SSH --rdest -j DROP',
    '-m recent --rcheck --seconds 60 --hitcount 4 --rttl --name SSH --mask 255.255.255.255 --rdest -j DROP',
    'recent: CHECK seconds: 60 hit_count: 4 TTL-Match name: SSH side: dest mask: 255.255.255.255',
  ],
  [
    '-m recent --update --seconds 30 --reap --name X --mask 255.255.255.0',
    '-m recent --update --seconds 30 --reap --name X --mask 255.255.255.0 --rsource',
    'recent: UPDATE seconds: 30 reap name: X side: source mask: 255.255.255.0',
  ],
  [
    '-m recent ! --remove --name Y',
    '-m recent ! --remove --name Y --mask 255.255.255.255 --rsource',
    '! recent: REMOVE name: Y side: source mask: 255.255.255.255',
  ],
  [
    '-m recent ! --rcheck --hitcount 2',
    '-m recent ! --rcheck --hitcount 2 --name DEFAULT --mask 255.255.255.255 --rsource',
    '! recent: CHECK hit_count: 2 name: DEFAULT side: source mask: 255.255.255.255',
  ],
];

/** The same from ip6tables-save and ip6tables -L -n -v. */
const ORACLE6: readonly (readonly [string, string, string])[] = [
  [
    '-m recent --set',
    '-m recent --set --name DEFAULT --mask ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff --rsource',
    'recent: SET name: DEFAULT side: source mask: ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  ],
  [
    '-m recent --rcheck --seconds 10 --name v6 --mask ffff:ffff:0:0:0:0:0:0 --rdest',
    '-m recent --rcheck --seconds 10 --name v6 --mask ffff:ffff:: --rdest',
    'recent: CHECK seconds: 10 name: v6 side: dest mask: ffff:ffff::',
  ],
];

describe('-m recent', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
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

  it('reports bad values at the option', () => {
    const cases: [string, string, string][] = [
      ['-m recent --set --seconds 0', 'bad-value', '--seconds 0'],
      ['-m recent --set --name a/b', 'bad-value', '--name a/b'],
      ['-m recent --set --mask 255.0.0', 'bad-address', '--mask 255.0.0'],
      ['-m recent --set --hitcount x', 'bad-value', '--hitcount x'],
    ];
    for (const [body, code, text] of cases)
      expect(one(body).diagnostics, body).toEqual([diag(body, code as 'bad-value', text)]);
  });

  it('needs exactly one command, and checks what goes with what', () => {
    expect(one('-m recent --name A').diagnostics).toEqual([
      diag('-m recent --name A', 'missing-argument', '-m recent'),
    ]);
    const two = '-m recent --set --update';
    expect(one(two).diagnostics).toEqual([diag(two, 'syntax', '--update')]);
    const reap = '-m recent --rcheck --reap';
    expect(one(reap).diagnostics).toEqual([diag(reap, 'missing-argument', '--reap')]);
    const rttl = '-m recent --set --rttl';
    expect(one(rttl).diagnostics).toEqual([diag(rttl, 'syntax', '--rttl')]);
    // the kernel refuses these (iptables-restore 1.8.9: "RULE_APPEND failed (Invalid argument)")
    for (const [body, at] of [
      ['-m recent --set --hitcount 1 --name r1', '--hitcount 1'],
      ['-m recent --set --seconds 10 --name r1', '--seconds 10'],
      ['-m recent --remove --hitcount 2', '--hitcount 2'],
    ] as const)
      expect(one(body).diagnostics, body).toEqual([diag(body, 'syntax', at)]);
    const both = '-m recent --set --seconds 10 --reap';
    expect(one(both).diagnostics.map((d) => d.code)).toEqual(['syntax', 'syntax']);
    expect(one('-m recent --update --seconds 10 --hitcount 2').diagnostics).toEqual([]);
    expect(one('-m recent --set --hitcount 0').diagnostics).toEqual([]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m recent --set --name SSH')).toEqual({
      en: 'recent: records the source address in list "SSH"',
      ko: '최근 목록: 출발지 주소를 목록 "SSH"에 기록',
    });
    expect(explainFirst('-m recent --update --seconds 60 --hitcount 4 --name SSH --rdest')).toEqual(
      {
        en: 'recent: destination address seen in list "SSH" within the last 60 s at least 4 times, refreshing its time',
        ko: '최근 목록: 목적지 주소가 목록 "SSH"에 최근 60초 안에 4번 이상 있었는지 확인, 확인하면서 시각 갱신',
      },
    );
    expect(explainFirst('-m recent ! --rcheck --name X')).toEqual({
      en: 'recent: source address seen in list "X" (inverted: matches when this is false)',
      ko: '최근 목록: 출발지 주소가 목록 "X"에 있었는지 확인 (반전: 결과가 거짓일 때 일치)',
    });
    expect(explainFirst('-m recent --remove')).toEqual({
      en: 'recent: removes the source address from list "DEFAULT"',
      ko: '최근 목록: 출발지 주소를 목록 "DEFAULT"에서 지움',
    });
  });
});

describe('recent lists key', () => {
  it('on the address under the mask', () => {
    expect(recentAddress(0x0a000107, '255.255.255.0')).toBe(0x0a000100);
    expect(recentAddress(0x0a000107, '255.255.255.255')).toBe(0x0a000107);
  });
});
