import type { DiagnosticCode } from '../../rules/index.ts';
import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9; nf_tables and legacy agree unless noted).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-p udp --dport 53', '-p udp -m udp --dport 53', 'udp dpt:53'],
  [
    '-p udp -m udp --sport 67:68 --dport 1024:',
    '-p udp -m udp --sport 67:68 --dport 1024:65535',
    'udp spts:67:68 dpts:1024:65535',
  ],
  // legacy's form; iptables-nft rewrites the negated range as "--dport 1024:65535" (the same ports)
  [
    '-p udp -m udp ! --sport 53 ! --dport :1023',
    '-p udp -m udp ! --sport 53 ! --dport 0:1023',
    'udp spt:!53 dpts:!0:1023',
  ],
  ['-p udp -m udp --dport 0:65535', '-p udp -m udp', 'udp'],
  ['-p udp -m udp --dport domain', '-p udp -m udp --dport 53', 'udp dpt:53'],
  ['-p udp -m udp --sport 0:0', '-p udp -m udp --sport 0', 'udp spt:0'],
  ['-p udp -m udp --dport 5000:5000', '-p udp -m udp --dport 5000', 'udp dpt:5000'],
  // unlike tcp, udp keeps a backwards range (it matches nothing)
  ['-p udp -m udp --dport 5:1', '-p udp -m udp --dport 5:1', 'udp dpts:5:1'],
  // forgotten, as iptables-save forgets it (legacy prints this; iptables-nft drops the whole match)
  ['-p udp -m udp ! --dport 0:65535', '-p udp -m udp', 'udp'],
  ['-p udp -m udp ! --sport 0:65535', '-p udp -m udp', 'udp'],
  ['-p udp -m udp --sport 0:65535 ! --dport 0:65535', '-p udp -m udp', 'udp'],
  ['-p udp -m udp ! --dport 0:65535 --sport 53', '-p udp -m udp --sport 53', 'udp spt:53'],
  ['-p udp -m udp --sport 0:65535 --dport 53', '-p udp -m udp --dport 53', 'udp dpt:53'],
];

describe('-m udp', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('reads the long option names', () => {
    expect(one('-p udp -m udp --source-port 5 --destination-port 6').saved).toBe(
      '-p udp -m udp --sport 5 --dport 6',
    );
  });

  it('reports bad values at the option', () => {
    const cases: [string, DiagnosticCode, string][] = [
      ['-p udp -m udp --dport 70000', 'bad-port', '--dport 70000'],
      ['-p udp -m udp --sport 1:2:3', 'bad-port', '--sport 1:2:3'],
      ['-p udp -m udp --dport 53 --dport 54', 'syntax', '--dport 54'],
      ['-p udp -m udp --syn', 'unknown-option', '--syn'],
    ];
    for (const [body, code, text] of cases)
      expect(one(body).diagnostics, body).toEqual([diag(body, code, text)]);
  });

  it('wants -p udp ("UDP match requires -p udp")', () => {
    expect(one('-p tcp -m udp --dport 5').diagnostics).toEqual([
      diag('-p tcp -m udp --dport 5', 'bad-protocol', '-m udp'),
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-p udp --dport 53 ! --sport 0:1023')).toEqual({
      en: 'UDP: destination port 53, source port not 0-1023',
      ko: 'UDP: 목적지 포트 53, 출발지 포트 0-1023 제외',
    });
    expect(explainFirst('-p udp -m udp')).toEqual({ en: 'any UDP packet', ko: 'UDP 패킷' });
  });
});
