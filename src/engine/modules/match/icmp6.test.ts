import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; ip6tables, filter INPUT).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  [
    '-p ipv6-icmp -m icmp6 --icmpv6-type 128',
    '-p ipv6-icmp -m icmp6 --icmpv6-type 128',
    'ipv6-icmptype 128',
  ],
  [
    '-p ipv6-icmp -m icmp6 --icmpv6-type echo-request',
    '-p ipv6-icmp -m icmp6 --icmpv6-type 128',
    'ipv6-icmptype 128',
  ],
  [
    '-p ipv6-icmp -m icmp6 ! --icmpv6-type 1/3',
    '-p ipv6-icmp -m icmp6 ! --icmpv6-type 1/3',
    'ipv6-icmp !type 1 code 3',
  ],
  [
    '-p ipv6-icmp --icmpv6-type neighbour-solicitation',
    '-p ipv6-icmp -m icmp6 --icmpv6-type 135',
    'ipv6-icmptype 135',
  ],
  [
    '-p ipv6-icmp --icmpv6-type port-unreachable',
    '-p ipv6-icmp -m icmp6 --icmpv6-type 1/4',
    'ipv6-icmptype 1 code 4',
  ],
  [
    '-p ipv6-icmp --icmpv6-type 1/0',
    '-p ipv6-icmp -m icmp6 --icmpv6-type 1/0',
    'ipv6-icmptype 1 code 0',
  ],
  ['-p ipv6-icmp --icmpv6-type 1', '-p ipv6-icmp -m icmp6 --icmpv6-type 1', 'ipv6-icmptype 1'],
  [
    '-p ipv6-icmp --icmpv6-type ping',
    '-p ipv6-icmp -m icmp6 --icmpv6-type 128',
    'ipv6-icmptype 128',
  ],
  [
    '-p ipv6-icmp --icmpv6-type 200/7',
    '-p ipv6-icmp -m icmp6 --icmpv6-type 200/7',
    'ipv6-icmptype 200 code 7',
  ],
  [
    '-p ipv6-icmp --icmpv6-type ttl-exceeded',
    '-p ipv6-icmp -m icmp6 --icmpv6-type 3',
    'ipv6-icmptype 3',
  ],
  [
    '-p ipv6-icmp ! --icmpv6-type redirect',
    '-p ipv6-icmp -m icmp6 ! --icmpv6-type 137',
    'ipv6-icmp !type 137',
  ],
  [
    '-p ipv6-icmp --icmpv6-type 3/1',
    '-p ipv6-icmp -m icmp6 --icmpv6-type 3/1',
    'ipv6-icmptype 3 code 1',
  ],
];

const V6 = { family: 'ipv6' } as const;

describe('-m icmp6', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written, V6);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved, V6).saved).toBe(saved);
  });

  it('keeps type and code range as data', () => {
    expect(one('-p ipv6-icmp --icmpv6-type port-unr', V6).rule?.matches[0]?.data).toEqual({
      type: 1,
      codeMin: 4,
      codeMax: 4,
      negated: false,
    });
  });

  it('reads a name in any case, or by a leading part only one name begins with, with a warning', () => {
    for (const [name, saved] of [
      ['ECHO-REQ', '128'],
      ['echo-rep', '129'],
      ['Ping', '128'],
      ['NO-ROUTE', '1/0'],
      ['parameter', '4'],
    ]) {
      const body = `-p ipv6-icmp --icmpv6-type ${name}`;
      const r = one(body, V6);
      expect(r.saved).toBe(`-p ipv6-icmp -m icmp6 --icmpv6-type ${saved}`);
      expect(r.diagnostics).toEqual([diag(body, 'respelled', body.slice(13), 'warning')]);
    }
    expect(one('-p ipv6-icmp --icmpv6-type redirect', V6).diagnostics).toEqual([]);
  });

  it('refuses a part several names begin with, and the MLD names ip6tables 1.8.9 lacks', () => {
    for (const name of ['ttl', 't', 'neighbour', 'ttl-zero', 'mld-listener-query', 'mld']) {
      const body = `-p ipv6-icmp --icmpv6-type ${name}`;
      expect(one(body, V6).diagnostics, body).toEqual([diag(body, 'bad-value', body.slice(13))]);
    }
  });

  it('reports bad types at the option', () => {
    for (const body of [
      '-p ipv6-icmp --icmpv6-type echo',
      '-p ipv6-icmp --icmpv6-type foo',
      '-p ipv6-icmp --icmpv6-type 256',
      '-p ipv6-icmp --icmpv6-type 1/x',
    ])
      expect(one(body, V6).diagnostics, body).toEqual([diag(body, 'bad-value', body.slice(13))]);
  });

  it('needs --icmpv6-type, -p ipv6-icmp and ip6tables', () => {
    const bare = '-p ipv6-icmp -m icmp6';
    expect(one(bare, V6).diagnostics).toEqual([diag(bare, 'missing-argument', '-m icmp6')]);
    const noProto = '-m icmp6 --icmpv6-type 1';
    expect(one(noProto, V6).diagnostics).toEqual([diag(noProto, 'bad-protocol', '-m icmp6')]);
    const v4 = '-p icmp -m icmp6 --icmpv6-type 1';
    expect(one(v4, { family: 'ipv4' }).diagnostics).toEqual([diag(v4, 'bad-value', '-m icmp6')]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-p ipv6-icmp --icmpv6-type echo-request', V6)).toEqual({
      en: 'ICMPv6 type echo-request (128)',
      ko: 'ICMPv6 유형 echo-request (128)',
    });
    expect(explainFirst('-p ipv6-icmp ! --icmpv6-type 1/3', V6)).toEqual({
      en: 'ICMPv6 type other than address-unreachable (1/3)',
      ko: 'ICMPv6 유형 address-unreachable (1/3) 제외',
    });
    expect(explainFirst('-p ipv6-icmp --icmpv6-type 200/7', V6)).toEqual({
      en: 'ICMPv6 type 200/7',
      ko: 'ICMPv6 유형 200/7',
    });
  });
});
