import type { DiagnosticCode } from '../../rules/index.ts';
import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9; nf_tables and legacy print the same).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  [
    '-p tcp -m multiport --dports 80,443',
    '-p tcp -m multiport --dports 80,443',
    'multiport dports 80,443',
  ],
  [
    '-p tcp -m multiport --sports 1000:2000,3000',
    '-p tcp -m multiport --sports 1000:2000,3000',
    'multiport sports 1000:2000,3000',
  ],
  [
    '-p tcp -m multiport --ports 22,80:90',
    '-p tcp -m multiport --ports 22,80:90',
    'multiport ports 22,80:90',
  ],
  [
    '-p tcp -m multiport ! --dports 80,443',
    '-p tcp -m multiport ! --dports 80,443',
    'multiport dports  !80,443',
  ],
  [
    '-p udp -m multiport --destination-ports 53,domain',
    '-p udp -m multiport --dports 53,53',
    'multiport dports 53,53',
  ],
  [
    '-p udp -m multiport --source-ports 1:2,3:4',
    '-p udp -m multiport --sports 1:2,3:4',
    'multiport sports 1:2,3:4',
  ],
  [
    '-p tcp -m multiport --dports 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15',
    '-p tcp -m multiport --dports 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15',
    'multiport dports 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15',
  ],
  [
    '-p tcp -m multiport --dports 1:2,3:4,5:6,7:8,9:10,11:12,13:14,15',
    '-p tcp -m multiport --dports 1:2,3:4,5:6,7:8,9:10,11:12,13:14,15',
    'multiport dports 1:2,3:4,5:6,7:8,9:10,11:12,13:14,15',
  ],
  ['-p tcp -m multiport --dports 80', '-p tcp -m multiport --dports 80', 'multiport dports 80'],
  [
    '-p tcp -m multiport --dports 0:65535',
    '-p tcp -m multiport --dports 0:65535',
    'multiport dports 0:65535',
  ],
  [
    '-p tcp -m multiport ! --ports 1:2',
    '-p tcp -m multiport ! --ports 1:2',
    'multiport ports  !1:2',
  ],
  ['-p sctp -m multiport --dports 80', '-p sctp -m multiport --dports 80', 'multiport dports 80'],
  [
    '-p tcp -m multiport --dports 443,80,443',
    '-p tcp -m multiport --dports 443,80,443',
    'multiport dports 443,80,443',
  ],
];

describe('-m multiport', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('keeps the ports in the order written', () => {
    expect(one('-p tcp -m multiport ! --ports 443,8000:8080').rule?.matches[0]?.data).toEqual({
      direction: 'ports',
      ports: [
        { from: 443, to: 443 },
        { from: 8000, to: 8080 },
      ],
      negated: true,
    });
  });

  it('reports bad lists at the option', () => {
    const cases: [string, DiagnosticCode, string][] = [
      [
        '-p tcp -m multiport --dports 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16',
        'bad-value',
        '--dports 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16',
      ],
      [
        '-p tcp -m multiport --dports 1:2,3:4,5:6,7:8,9:10,11:12,13:14,15:16',
        'bad-value',
        '--dports 1:2,3:4,5:6,7:8,9:10,11:12,13:14,15:16',
      ],
      ['-p tcp -m multiport --dports 2:1', 'bad-port', '--dports 2:1'],
      ['-p tcp -m multiport --dports 1:1', 'bad-port', '--dports 1:1'],
      ['-p tcp -m multiport --dports 80,', 'bad-port', '--dports 80,'],
      ['-p tcp -m multiport --dports :80', 'bad-port', '--dports :80'],
      ['-p tcp -m multiport --dports 80:', 'bad-port', '--dports 80:'],
      ['-p tcp -m multiport --dports 70000', 'bad-port', '--dports 70000'],
      ['-p tcp -m multiport --dports 80 --sports 90', 'syntax', '--sports 90'],
      ['-p tcp -m multiport --dports 80 --dports 90', 'syntax', '--dports 90'],
    ];
    for (const [body, code, text] of cases)
      expect(one(body).diagnostics, body).toEqual([diag(body, code, text)]);
  });

  it('needs a port protocol and a port list', () => {
    expect(one('-m multiport --dports 80').diagnostics).toEqual([
      diag('-m multiport --dports 80', 'bad-protocol', '-m multiport'),
    ]);
    expect(one('-p icmp -m multiport --dports 80').diagnostics).toEqual([
      diag('-p icmp -m multiport --dports 80', 'bad-protocol', '-m multiport'),
    ]);
    expect(one('-p tcp -m multiport').diagnostics).toEqual([
      diag('-p tcp -m multiport', 'missing-argument', '-m multiport'),
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-p tcp -m multiport --dports 80,443,8000:8080')).toEqual({
      en: 'destination port one of 80, 443, 8000-8080',
      ko: '목적지 포트가 80, 443, 8000-8080 중 하나',
    });
    expect(explainFirst('-p udp -m multiport ! --ports 53')).toEqual({
      en: 'source or destination port not one of 53',
      ko: '출발지 또는 목적지 포트가 53 중 어느 것도 아님',
    });
  });
});
