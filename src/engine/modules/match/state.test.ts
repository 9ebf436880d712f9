import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../../rules/index.ts';
import type { EvalContext } from '../evaluate.ts';
import { inAnyState, statesOf } from './state.ts';
import { diag, explainFirst, one, respelledIn } from './test-kit.ts';

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
    expect(r.diagnostics).toEqual(respelledIn(written));
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

// What iptables 1.8.9 loaded and iptables-save printed back, seen in a network namespace:
// a name is matched without case, and a prefix picks the first name it begins.
describe('names read as iptables reads them', () => {
  it.each([
    ['-m state --state EST', '-m state --state ESTABLISHED'],
    ['-m state --state ESTABLISH', '-m state --state ESTABLISHED'],
    ['-m state --state NEW,ESTABLISH', '-m state --state NEW,ESTABLISHED'],
    ['-m state --state ne', '-m state --state NEW'],
    ['-m state --state RELATED,e', '-m state --state RELATED,ESTABLISHED'],
    ['-m conntrack --ctstate S', '-m conntrack --ctstate SNAT'],
    ['-m conntrack --ctstatus conf', '-m conntrack --ctstatus CONFIRMED'],
    ['-m conntrack --ctstatus S', '-m conntrack --ctstatus SEEN_REPLY'],
    ['-m conntrack --ctstatus ASSURED,CONF', '-m conntrack --ctstatus ASSURED,CONFIRMED'],
    ['-m addrtype --src-type U', '-m addrtype --src-type UNSPEC'],
    ['-m addrtype --src-type B', '-m addrtype --src-type BROADCAST'],
    ['-m addrtype --src-type LOCAL,unic', '-m addrtype --src-type UNICAST,LOCAL'],
  ])('%s is saved as %s, with a warning naming the full spelling', (written, saved) => {
    const r = one(written);
    expect(r.saved).toBe(saved);
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([['respelled', 'warning']]);
  });

  it('names the full spelling in the warning', () => {
    const text =
      '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -m state --state NEW,ESTABLISH -j ACCEPT\nCOMMIT\n';
    const [d] = parseRuleset(text).diagnostics;
    expect(d?.message).toContain('"ESTABLISH" as ESTABLISHED');
    expect([d?.line, d?.column]).toEqual([3, 19]);
  });

  it.each([
    ['-m state --state S', 'S'], // SNAT and DNAT are ctstate names, not state names
    ['-m state --state NEW,', ''],
    ['-m state --state ,NEW', ''],
    ['-m state --state NEW,,EST', ''],
  ])('refuses %s, as iptables does', (written) => {
    const r = one(written);
    expect(r.diagnostics.map((d) => d.code)).toContain('bad-value');
  });
});

describe('inAnyState', () => {
  const STATES = ['NEW', 'ESTABLISHED', 'RELATED', 'INVALID', 'UNTRACKED'] as const;
  const WANTED = [...STATES, 'SNAT', 'DNAT'];

  it('answers what testing the list statesOf builds answers', () => {
    const ct = fc.option(
      fc.record({
        state: fc.constantFrom(...STATES),
        entry: fc.option(fc.record({ snat: fc.boolean(), dnat: fc.boolean() })),
      }),
    );
    fc.assert(
      fc.property(ct, fc.subarray(WANTED), fc.boolean(), (c, wanted, withNat) => {
        const ctx = { ct: c } as unknown as EvalContext;
        const mine = statesOf(ctx, withNat);
        expect(inAnyState(wanted, ctx, withNat)).toBe(wanted.some((s) => mine.includes(s)));
      }),
      { numRuns: 500 },
    );
  });
});
