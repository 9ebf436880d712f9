import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9; nf_tables and legacy print the same). Every name
 * iptables knows, its aliases and numeric forms: iptables-save prints numbers only.
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-p icmp -m icmp --icmp-type any', '-p icmp -m icmp --icmp-type any', 'icmptype 255'],
  ['-p icmp -m icmp --icmp-type echo-reply', '-p icmp -m icmp --icmp-type 0', 'icmptype 0'],
  ['-p icmp -m icmp --icmp-type pong', '-p icmp -m icmp --icmp-type 0', 'icmptype 0'],
  [
    '-p icmp -m icmp --icmp-type destination-unreachable',
    '-p icmp -m icmp --icmp-type 3',
    'icmptype 3',
  ],
  [
    '-p icmp -m icmp --icmp-type network-unreachable',
    '-p icmp -m icmp --icmp-type 3/0',
    'icmptype 3 code 0',
  ],
  [
    '-p icmp -m icmp --icmp-type host-unreachable',
    '-p icmp -m icmp --icmp-type 3/1',
    'icmptype 3 code 1',
  ],
  [
    '-p icmp -m icmp --icmp-type protocol-unreachable',
    '-p icmp -m icmp --icmp-type 3/2',
    'icmptype 3 code 2',
  ],
  [
    '-p icmp -m icmp --icmp-type port-unreachable',
    '-p icmp -m icmp --icmp-type 3/3',
    'icmptype 3 code 3',
  ],
  [
    '-p icmp -m icmp --icmp-type fragmentation-needed',
    '-p icmp -m icmp --icmp-type 3/4',
    'icmptype 3 code 4',
  ],
  [
    '-p icmp -m icmp --icmp-type source-route-failed',
    '-p icmp -m icmp --icmp-type 3/5',
    'icmptype 3 code 5',
  ],
  [
    '-p icmp -m icmp --icmp-type network-unknown',
    '-p icmp -m icmp --icmp-type 3/6',
    'icmptype 3 code 6',
  ],
  [
    '-p icmp -m icmp --icmp-type host-unknown',
    '-p icmp -m icmp --icmp-type 3/7',
    'icmptype 3 code 7',
  ],
  [
    '-p icmp -m icmp --icmp-type network-prohibited',
    '-p icmp -m icmp --icmp-type 3/9',
    'icmptype 3 code 9',
  ],
  [
    '-p icmp -m icmp --icmp-type host-prohibited',
    '-p icmp -m icmp --icmp-type 3/10',
    'icmptype 3 code 10',
  ],
  [
    '-p icmp -m icmp --icmp-type TOS-network-unreachable',
    '-p icmp -m icmp --icmp-type 3/11',
    'icmptype 3 code 11',
  ],
  [
    '-p icmp -m icmp --icmp-type TOS-host-unreachable',
    '-p icmp -m icmp --icmp-type 3/12',
    'icmptype 3 code 12',
  ],
  [
    '-p icmp -m icmp --icmp-type communication-prohibited',
    '-p icmp -m icmp --icmp-type 3/13',
    'icmptype 3 code 13',
  ],
  [
    '-p icmp -m icmp --icmp-type host-precedence-violation',
    '-p icmp -m icmp --icmp-type 3/14',
    'icmptype 3 code 14',
  ],
  [
    '-p icmp -m icmp --icmp-type precedence-cutoff',
    '-p icmp -m icmp --icmp-type 3/15',
    'icmptype 3 code 15',
  ],
  ['-p icmp -m icmp --icmp-type source-quench', '-p icmp -m icmp --icmp-type 4', 'icmptype 4'],
  ['-p icmp -m icmp --icmp-type redirect', '-p icmp -m icmp --icmp-type 5', 'icmptype 5'],
  [
    '-p icmp -m icmp --icmp-type network-redirect',
    '-p icmp -m icmp --icmp-type 5/0',
    'icmptype 5 code 0',
  ],
  [
    '-p icmp -m icmp --icmp-type host-redirect',
    '-p icmp -m icmp --icmp-type 5/1',
    'icmptype 5 code 1',
  ],
  [
    '-p icmp -m icmp --icmp-type TOS-network-redirect',
    '-p icmp -m icmp --icmp-type 5/2',
    'icmptype 5 code 2',
  ],
  [
    '-p icmp -m icmp --icmp-type TOS-host-redirect',
    '-p icmp -m icmp --icmp-type 5/3',
    'icmptype 5 code 3',
  ],
  ['-p icmp -m icmp --icmp-type echo-request', '-p icmp -m icmp --icmp-type 8', 'icmptype 8'],
  ['-p icmp -m icmp --icmp-type ping', '-p icmp -m icmp --icmp-type 8', 'icmptype 8'],
  [
    '-p icmp -m icmp --icmp-type router-advertisement',
    '-p icmp -m icmp --icmp-type 9',
    'icmptype 9',
  ],
  [
    '-p icmp -m icmp --icmp-type router-solicitation',
    '-p icmp -m icmp --icmp-type 10',
    'icmptype 10',
  ],
  ['-p icmp -m icmp --icmp-type time-exceeded', '-p icmp -m icmp --icmp-type 11', 'icmptype 11'],
  ['-p icmp -m icmp --icmp-type ttl-exceeded', '-p icmp -m icmp --icmp-type 11', 'icmptype 11'],
  [
    '-p icmp -m icmp --icmp-type ttl-zero-during-transit',
    '-p icmp -m icmp --icmp-type 11/0',
    'icmptype 11 code 0',
  ],
  [
    '-p icmp -m icmp --icmp-type ttl-zero-during-reassembly',
    '-p icmp -m icmp --icmp-type 11/1',
    'icmptype 11 code 1',
  ],
  [
    '-p icmp -m icmp --icmp-type parameter-problem',
    '-p icmp -m icmp --icmp-type 12',
    'icmptype 12',
  ],
  [
    '-p icmp -m icmp --icmp-type ip-header-bad',
    '-p icmp -m icmp --icmp-type 12/0',
    'icmptype 12 code 0',
  ],
  [
    '-p icmp -m icmp --icmp-type required-option-missing',
    '-p icmp -m icmp --icmp-type 12/1',
    'icmptype 12 code 1',
  ],
  [
    '-p icmp -m icmp --icmp-type timestamp-request',
    '-p icmp -m icmp --icmp-type 13',
    'icmptype 13',
  ],
  ['-p icmp -m icmp --icmp-type timestamp-reply', '-p icmp -m icmp --icmp-type 14', 'icmptype 14'],
  [
    '-p icmp -m icmp --icmp-type address-mask-request',
    '-p icmp -m icmp --icmp-type 17',
    'icmptype 17',
  ],
  [
    '-p icmp -m icmp --icmp-type address-mask-reply',
    '-p icmp -m icmp --icmp-type 18',
    'icmptype 18',
  ],
  ['-p icmp -m icmp --icmp-type 8', '-p icmp -m icmp --icmp-type 8', 'icmptype 8'],
  ['-p icmp -m icmp --icmp-type 8/0', '-p icmp -m icmp --icmp-type 8/0', 'icmptype 8 code 0'],
  ['-p icmp -m icmp --icmp-type 3/3', '-p icmp -m icmp --icmp-type 3/3', 'icmptype 3 code 3'],
  ['-p icmp -m icmp --icmp-type 3/255', '-p icmp -m icmp --icmp-type 3/255', 'icmptype 3 code 255'],
  ['-p icmp -m icmp --icmp-type 0/0', '-p icmp -m icmp --icmp-type 0/0', 'icmptype 0 code 0'],
  ['-p icmp -m icmp --icmp-type 255', '-p icmp -m icmp --icmp-type any', 'icmptype 255'],
  ['-p icmp -m icmp --icmp-type 13/5', '-p icmp -m icmp --icmp-type 13/5', 'icmptype 13 code 5'],
  ['-p icmp -m icmp --icmp-type 5', '-p icmp -m icmp --icmp-type 5', 'icmptype 5'],
  ['-p icmp -m icmp --icmp-type 11/1', '-p icmp -m icmp --icmp-type 11/1', 'icmptype 11 code 1'],
  ['-p icmp -m icmp ! --icmp-type 8', '-p icmp -m icmp ! --icmp-type 8', 'icmp !type 8'],
  ['-p icmp ! --icmp-type echo-request', '-p icmp -m icmp ! --icmp-type 8', 'icmp !type 8'],
  ['-p icmp -m icmp ! --icmp-type any', '-p icmp -m icmp ! --icmp-type any', 'icmp !type 255'],
  ['-p icmp -m icmp --icmp-type 3/0', '-p icmp -m icmp --icmp-type 3/0', 'icmptype 3 code 0'],
  ['-p icmp -m icmp --icmp-type 40/7', '-p icmp -m icmp --icmp-type 40/7', 'icmptype 40 code 7'],
];

describe('-m icmp', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('takes any unambiguous prefix of a name, in any case', () => {
    expect(one('-p icmp -m icmp --icmp-type echo-req').saved).toBe('-p icmp -m icmp --icmp-type 8');
    expect(one('-p icmp -m icmp --icmp-type ECHO-REQUEST').saved).toBe(
      '-p icmp -m icmp --icmp-type 8',
    );
    expect(one('-p icmp --icmp-type port-unr').rule?.matches[0]?.data).toEqual({
      value: { type: 3, codeMin: 3, codeMax: 3 },
      negated: false,
    });
  });

  it('reports bad types at the option', () => {
    const cases: [string, string][] = [
      ['-p icmp -m icmp --icmp-type echo', '--icmp-type echo'], // ambiguous: echo-reply or echo-request
      ['-p icmp -m icmp --icmp-type foo', '--icmp-type foo'],
      ['-p icmp -m icmp --icmp-type 256', '--icmp-type 256'],
      ['-p icmp -m icmp --icmp-type 8/256', '--icmp-type 8/256'],
      ['-p icmp -m icmp --icmp-type 8/x', '--icmp-type 8/x'],
      ['-p icmp -m icmp --icmp-type 3/', '--icmp-type 3/'],
      ['-p icmp -m icmp --icmp-type /3', '--icmp-type /3'],
      ['-p icmp -m icmp --icmp-type -1', '--icmp-type -1'],
    ];
    for (const [body, text] of cases)
      expect(one(body).diagnostics, body).toEqual([diag(body, 'bad-value', text)]);
  });

  it('needs --icmp-type and -p icmp', () => {
    expect(one('-p icmp -m icmp').diagnostics).toEqual([
      diag('-p icmp -m icmp', 'missing-argument', '-m icmp'),
    ]);
    expect(one('-m icmp --icmp-type 8').diagnostics).toEqual([
      diag('-m icmp --icmp-type 8', 'bad-protocol', '-m icmp'),
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-p icmp --icmp-type echo-request')).toEqual({
      en: 'ICMP type echo-request (8)',
      ko: 'ICMP 유형 echo-request (8)',
    });
    expect(explainFirst('-p icmp ! --icmp-type 3/3')).toEqual({
      en: 'ICMP type other than port-unreachable (3/3)',
      ko: 'ICMP 유형 port-unreachable (3/3) 제외',
    });
    expect(explainFirst('-p icmp --icmp-type 40/7')).toEqual({
      en: 'ICMP type 40/7',
      ko: 'ICMP 유형 40/7',
    });
    expect(explainFirst('-p icmp --icmp-type any')).toEqual({
      en: 'ICMP: any type',
      ko: 'ICMP: 모든 유형',
    });
  });
});
