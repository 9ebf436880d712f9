import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; filter INPUT, all rules of one dump; the IPv6 row from ip6tables).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  [
    '-m hashlimit --hashlimit-upto 5/min --hashlimit-name a',
    '-m hashlimit --hashlimit-upto 5/min --hashlimit-burst 5 --hashlimit-name a',
    'limit: up to 5/min burst 5',
  ],
  [
    '-m hashlimit --hashlimit-above 10/sec --hashlimit-burst 20 --hashlimit-mode srcip,dstport --hashlimit-name b -j DROP',
    '-m hashlimit --hashlimit-above 10/sec --hashlimit-burst 20 --hashlimit-mode srcip,dstport --hashlimit-name b -j DROP',
    'limit: above 10/sec burst 20 mode srcip-dstport',
  ],
  [
    '-m hashlimit --hashlimit 60/min --hashlimit-name c',
    '-m hashlimit --hashlimit-upto 1/sec --hashlimit-burst 5 --hashlimit-name c --hashlimit-htable-expire 60000',
    'limit: up to 1/sec burst 5 htable-expire 60000',
  ],
  [
    '-m hashlimit --hashlimit-upto 1/hour --hashlimit-mode dstip,srcport,srcip,dstport --hashlimit-srcmask 24 --hashlimit-dstmask 16 --hashlimit-name d',
    '-m hashlimit --hashlimit-upto 1/hour --hashlimit-burst 5 --hashlimit-mode srcip,srcport,dstip,dstport --hashlimit-name d --hashlimit-srcmask 24 --hashlimit-dstmask 16',
    'limit: up to 1/hour burst 5 mode srcip-srcport-dstip-dstport srcmask 24 dstmask 16',
  ],
  [
    '-m hashlimit --hashlimit-upto 100 --hashlimit-htable-size 1024 --hashlimit-htable-max 2048 --hashlimit-htable-gcinterval 500 --hashlimit-htable-expire 30000 --hashlimit-name e',
    '-m hashlimit --hashlimit-upto 100/sec --hashlimit-burst 5 --hashlimit-name e --hashlimit-htable-size 1024 --hashlimit-htable-max 2048 --hashlimit-htable-gcinterval 500 --hashlimit-htable-expire 30000',
    'limit: up to 100/sec burst 5 htable-size 1024 htable-max 2048 htable-gcinterval 500 htable-expire 30000',
  ],
  [
    '-m hashlimit --hashlimit-upto 2/day --hashlimit-name f --hashlimit-htable-expire 1000',
    '-m hashlimit --hashlimit-upto 2/day --hashlimit-burst 5 --hashlimit-name f --hashlimit-htable-expire 1000',
    'limit: up to 2/day burst 5 htable-expire 1000',
  ],
  [
    '-m hashlimit ! --hashlimit-upto 3/s --hashlimit-name g',
    '-m hashlimit --hashlimit-above 3/sec --hashlimit-burst 5 --hashlimit-name g',
    'limit: above 3/sec burst 5',
  ],
  [
    '-m hashlimit ! --hashlimit-above 3/s --hashlimit-name h',
    '-m hashlimit --hashlimit-upto 3/sec --hashlimit-burst 5 --hashlimit-name h',
    'limit: up to 3/sec burst 5',
  ],
  [
    '-m hashlimit --hashlimit-upto 1kb/s --hashlimit-name i',
    '-m hashlimit --hashlimit-upto 1kb/s --hashlimit-name i',
    'limit: up to 1kb/s',
  ],
  [
    '-m hashlimit --hashlimit-above 512kb/s --hashlimit-burst 1mb --hashlimit-name j',
    '-m hashlimit --hashlimit-above 512kb/s --hashlimit-burst 1mb --hashlimit-name j',
    'limit: above 512kb/s burst 1mb',
  ],
  [
    '-m hashlimit --hashlimit-upto 1000b/s --hashlimit-name k',
    '-m hashlimit --hashlimit-upto 992b/s --hashlimit-name k',
    'limit: up to 992b/s',
  ],
  [
    '-m hashlimit --hashlimit-upto 10/sec --hashlimit-mode srcip --hashlimit-name l --hashlimit-rate-match',
    '-m hashlimit --hashlimit-upto 10/sec --hashlimit-burst 5 --hashlimit-mode srcip --hashlimit-name l --hashlimit-rate-match',
    'limit: up to 10/sec burst 5 mode srcip rate-match',
  ],
  [
    '-m hashlimit --hashlimit-upto 10/min --hashlimit-mode srcip --hashlimit-name m --hashlimit-rate-match --hashlimit-rate-interval 5',
    '-m hashlimit --hashlimit-upto 10/sec --hashlimit-burst 5 --hashlimit-mode srcip --hashlimit-name m --hashlimit-htable-expire 60000 --hashlimit-rate-match --hashlimit-rate-interval 5',
    'limit: up to 2/sec burst 5 mode srcip htable-expire 60000 rate-match rate-interval 5',
  ],
  [
    '-m hashlimit --hashlimit-upto 7/min --hashlimit-name n',
    '-m hashlimit --hashlimit-upto 7/min --hashlimit-burst 5 --hashlimit-name n',
    'limit: up to 7/min burst 5',
  ],
  [
    '-m hashlimit --hashlimit-upto 1/sec --hashlimit-name o --hashlimit-htable-expire 1000',
    '-m hashlimit --hashlimit-upto 1/sec --hashlimit-burst 5 --hashlimit-name o',
    'limit: up to 1/sec burst 5',
  ],
  [
    '-m hashlimit --hashlimit-upto 3600/hour --hashlimit-name p',
    '-m hashlimit --hashlimit-upto 1/sec --hashlimit-burst 5 --hashlimit-name p --hashlimit-htable-expire 3600000',
    'limit: up to 1/sec burst 5 htable-expire 3600000',
  ],
  [
    '-m hashlimit --hashlimit-upto 1000000/sec --hashlimit-name q',
    '-m hashlimit --hashlimit-upto 1000000/sec --hashlimit-burst 5 --hashlimit-name q',
    'limit: up to 1000000/sec burst 5',
  ],
  [
    '-m hashlimit --hashlimit-upto 1/sec --hashlimit-burst 1000000 --hashlimit-name r',
    '-m hashlimit --hashlimit-upto 1/sec --hashlimit-burst 1000000 --hashlimit-name r',
    'limit: up to 1/sec burst 1000000',
  ],
  [
    '-m hashlimit --hashlimit-upto 2mb/s --hashlimit-name s --hashlimit-mode dstip',
    '-m hashlimit --hashlimit-upto 2mb/s --hashlimit-mode dstip --hashlimit-name s',
    'limit: up to 2mb/s mode dstip',
  ],
  [
    '-m hashlimit --hashlimit-upto 100kb/s --hashlimit-burst 300kb --hashlimit-name t',
    '-m hashlimit --hashlimit-upto 100kb/s --hashlimit-burst 300kb --hashlimit-name t',
    'limit: up to 100kb/s burst 300kb',
  ],
  [
    '-m hashlimit --hashlimit-upto 10kb/s --hashlimit-burst 50kb --hashlimit-name aa --hashlimit-rate-match',
    '-m hashlimit --hashlimit-upto 10kb/s --hashlimit-burst 50kb --hashlimit-name aa --hashlimit-rate-match',
    'limit: up to 10kb/s burst 50kb rate-match',
  ],
  [
    '-m hashlimit --hashlimit-upto 10/s --hashlimit-burst 5k --hashlimit-name bb',
    '-m hashlimit --hashlimit-upto 10/sec --hashlimit-burst 5120 --hashlimit-name bb',
    'limit: up to 10/sec burst 5120',
  ],
  [
    '-m hashlimit --hashlimit-upto 10/s --hashlimit-name cc --hashlimit-mode srcip|dstip',
    '-m hashlimit --hashlimit-upto 10/sec --hashlimit-burst 5 --hashlimit-mode srcip,dstip --hashlimit-name cc',
    'limit: up to 10/sec burst 5 mode srcip-dstip',
  ],
  [
    '-m hashlimit --hashlimit-upto 10/min --hashlimit-name dd --hashlimit-rate-match',
    '-m hashlimit --hashlimit-upto 10/sec --hashlimit-burst 5 --hashlimit-name dd --hashlimit-htable-expire 60000 --hashlimit-rate-match --hashlimit-rate-interval 60',
    'limit: up to 10/min burst 5 rate-match rate-interval 60',
  ],
  [
    '-m hashlimit --hashlimit-above 3/hour --hashlimit-name ee --hashlimit-rate-match --hashlimit-rate-interval 1',
    '-m hashlimit --hashlimit-above 3/sec --hashlimit-burst 5 --hashlimit-name ee --hashlimit-htable-expire 3600000 --hashlimit-rate-match',
    'limit: above 3/sec burst 5 htable-expire 3600000 rate-match',
  ],
  [
    '-m hashlimit --hashlimit-upto 64kb/s --hashlimit-name ff --hashlimit-htable-expire 15000',
    '-m hashlimit --hashlimit-upto 64kb/s --hashlimit-name ff',
    'limit: up to 64kb/s',
  ],
  [
    '-m hashlimit --hashlimit-upto 3mb/s --hashlimit-burst 4mb --hashlimit-name gg',
    '-m hashlimit --hashlimit-upto 3mb/s --hashlimit-burst 6mb --hashlimit-name gg',
    'limit: up to 3mb/s burst 6mb',
  ],
  [
    '-m hashlimit --hashlimit-upto 1500b/s --hashlimit-burst 100000b --hashlimit-name hh',
    '-m hashlimit --hashlimit-upto 1488b/s --hashlimit-burst 98kb --hashlimit-name hh',
    'limit: up to 1488b/s burst 98kb',
  ],
  [
    '-m hashlimit --hashlimit-upto 2/day --hashlimit-name ii --hashlimit-mode srcport',
    '-m hashlimit --hashlimit-upto 2/day --hashlimit-burst 5 --hashlimit-mode srcport --hashlimit-name ii',
    'limit: up to 2/day burst 5 mode srcport',
  ],
];

/** The same from ip6tables-save and ip6tables -L -n -v. */
const ORACLE6: readonly (readonly [string, string, string])[] = [
  [
    '-m hashlimit --hashlimit-upto 5/min --hashlimit-name a --hashlimit-srcmask 64 --hashlimit-dstmask 128',
    '-m hashlimit --hashlimit-upto 5/min --hashlimit-burst 5 --hashlimit-name a --hashlimit-srcmask 64',
    'limit: up to 5/min burst 5 srcmask 64',
  ],
];

describe('-m hashlimit', () => {
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

  it('keeps the kernel configuration as data', () => {
    expect(
      one('-m hashlimit --hashlimit-above 10/sec --hashlimit-mode dstport,srcip --hashlimit-name b')
        .rule?.matches[0]?.data,
    ).toEqual({
      above: true,
      bytes: false,
      avg: 100000,
      burst: 5,
      mode: ['srcip', 'dstport'],
      name: 'b',
      size: 0,
      max: 0,
      gcInterval: 1000,
      expire: 1000,
      rateMatch: false,
      interval: 0,
    });
  });

  it('reports bad values at the option', () => {
    const cases: [string, string][] = [
      ['-m hashlimit --hashlimit-upto 0/s --hashlimit-name a', '--hashlimit-upto 0/s'],
      [
        '-m hashlimit --hashlimit-upto 2000000/sec --hashlimit-name a',
        '--hashlimit-upto 2000000/sec',
      ],
      [
        '-m hashlimit --hashlimit-upto 5/min --hashlimit-name a --hashlimit-mode foo',
        '--hashlimit-mode foo',
      ],
      [
        '-m hashlimit --hashlimit-upto 5/min --hashlimit-name a --hashlimit-srcmask 33',
        '--hashlimit-srcmask 33',
      ],
      [
        '-m hashlimit --hashlimit-upto 5/min --hashlimit-name a --hashlimit-burst 1000001',
        '--hashlimit-burst 1000001',
      ],
      [
        '-m hashlimit --hashlimit-upto 5/min --hashlimit-name a --hashlimit-burst 0',
        '--hashlimit-burst 0',
      ],
      // iptables: "burst cannot be smaller than 10240b"
      [
        '-m hashlimit --hashlimit-upto 10kb/s --hashlimit-burst 5 --hashlimit-name a',
        '--hashlimit-burst 5',
      ],
      [
        '-m hashlimit --hashlimit-upto 5/min --hashlimit-name a --hashlimit-htable-size -1',
        '--hashlimit-htable-size -1',
      ],
    ];
    for (const [body, text] of cases)
      expect(one(body).diagnostics, body).toEqual([diag(body, 'bad-value', text)]);
  });

  it('needs a rate and a name, and only one of upto and above', () => {
    const noName = '-m hashlimit --hashlimit-upto 5/min';
    expect(one(noName).diagnostics).toEqual([diag(noName, 'missing-argument', '-m hashlimit')]);
    const noRate = '-m hashlimit --hashlimit-name x';
    expect(one(noRate).diagnostics).toEqual([diag(noRate, 'missing-argument', '-m hashlimit')]);
    const both = '-m hashlimit --hashlimit-upto 5/min --hashlimit-above 3/s --hashlimit-name x';
    expect(one(both).diagnostics).toEqual([diag(both, 'syntax', '--hashlimit-above 3/s')]);
  });

  it('explains itself in English and Korean', () => {
    expect(
      explainFirst(
        '-m hashlimit --hashlimit-upto 5/min --hashlimit-mode srcip,dstport --hashlimit-name a',
      ),
    ).toEqual({
      en: 'hashlimit "a" (per srcip+dstport): matches up to 5 per minute',
      ko: '해시 속도 제한 "a": srcip+dstport 묶음마다 분당 5개까지 일치',
    });
    expect(explainFirst('-m hashlimit --hashlimit-above 512kb/s --hashlimit-name b')).toEqual({
      en: 'hashlimit "b" (all packets together): matches only packets above 512kb per second',
      ko: '해시 속도 제한 "b": 모든 패킷 합쳐서 초당 512kb를 넘는 패킷만 일치',
    });
  });
});
