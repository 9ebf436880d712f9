import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; filter INPUT).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-p sctp -m sctp --dport 80', '-p sctp -m sctp --dport 80', 'sctp dpt:80'],
  [
    '-p sctp -m sctp ! --sport 1000:2000 --destination-port 3868',
    '-p sctp -m sctp ! --sport 1000:2000 --dport 3868',
    'sctp spts:!1000:2000 dpt:3868',
  ],
  ['-p sctp --sport 5', '-p sctp -m sctp --sport 5', 'sctp spt:5'],
  ['-p sctp -m sctp --dport 1024:', '-p sctp -m sctp --dport 1024:65535', 'sctp dpts:1024:65535'],
  [
    '-p sctp -m sctp --chunk-types any INIT,INIT_ACK',
    '-p sctp -m sctp --chunk-types any INIT,INIT_ACK',
    'sctp any 0x0001,0x0002',
  ],
  [
    '-p sctp -m sctp ! --chunk-types all DATA:Be,ABORT:T,HEARTBEAT',
    '-p sctp -m sctp ! --chunk-types all DATA:Be,HEARTBEAT,ABORT:T',
    'sctp ! all 0x0000:Be,0x0004,0x0006:T',
  ],
  [
    '-p sctp -m sctp --chunk-types only ALL',
    '-p sctp -m sctp --chunk-types only ALL',
    'sctp only ALL',
  ],
  [
    '-p sctp -m sctp --chunk-types any NONE',
    '-p sctp -m sctp --chunk-types any NONE',
    'sctp any NONE',
  ],
  [
    '-p sctp -m sctp --dport 9 --chunk-types only shutdown_complete:t,cookie_echo,sack,ASCONF',
    '-p sctp -m sctp --dport 9 --chunk-types only SACK,COOKIE_ECHO,SHUTDOWN_COMPLETE:t,ASCONF',
    'sctp dpt:9 only 0x0003,0x000A,0x000E:t,0x00C1',
  ],
  ['-p sctp -m sctp --sport 0:65535', '-p sctp -m sctp --sport 0:65535', 'sctp'],
];

describe('-m sctp', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('keeps chunk types sorted by number, with their flags', () => {
    expect(
      one('-p sctp -m sctp ! --chunk-types all DATA:Be,ABORT:T,HEARTBEAT').rule?.matches[0]?.data,
    ).toEqual({
      chunkTypes: {
        value: {
          mode: 'all',
          chunks: [{ type: 0, flags: 'Be' }, { type: 4 }, { type: 6, flags: 'T' }],
        },
        negated: true,
      },
    });
  });

  it('drops I_DATA flags as iptables does, with a warning', () => {
    // iptables-save printed "--chunk-types any I_DATA" and -L "sctp any 0x0040"
    const body = '-p sctp -m sctp --chunk-types any I_DATA:IU';
    const r = one(body);
    expect(r.saved).toBe('-p sctp -m sctp --chunk-types any I_DATA');
    expect(r.list).toBe('sctp any 0x0040');
    expect(r.diagnostics).toEqual([
      diag(body, 'bad-value', '--chunk-types any I_DATA:IU', 'warning'),
    ]);
  });

  it('reports bad ports and chunk types at the option', () => {
    const cases: [string, string, string][] = [
      ['-p sctp -m sctp --dport 2000:1000', 'bad-port', '--dport 2000:1000'],
      ['-p sctp -m sctp --dport 70000', 'bad-port', '--dport 70000'],
      ['-p sctp -m sctp --sport http', 'bad-port', '--sport http'],
      ['-p sctp -m sctp --chunk-types some DATA', 'bad-value', '--chunk-types some DATA'],
      ['-p sctp -m sctp --chunk-types any FOO', 'bad-value', '--chunk-types any FOO'],
      ['-p sctp -m sctp --chunk-types any INIT:T', 'bad-value', '--chunk-types any INIT:T'],
    ];
    for (const [body, code, text] of cases)
      expect(one(body).diagnostics, body).toEqual([diag(body, code as 'bad-port', text)]);
  });

  it('needs -p sctp', () => {
    expect(one('-m sctp --dport 5').diagnostics).toEqual([
      diag('-m sctp --dport 5', 'bad-protocol', '-m sctp'),
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-p sctp --dport 3868 ! --sport 1:1024')).toEqual({
      en: 'SCTP: destination port 3868, source port not 1-1024',
      ko: 'SCTP: 목적지 포트 3868, 출발지 포트 제외 1-1024',
    });
    expect(explainFirst('-p sctp -m sctp ! --chunk-types only INIT,DATA:Be')).toEqual({
      en: 'SCTP: not only chunks DATA:Be, INIT',
      ko: 'SCTP: 청크 DATA:Be, INIT만 있음 (반전)',
    });
  });
});
