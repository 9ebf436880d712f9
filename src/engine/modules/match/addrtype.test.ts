import type { DiagnosticCode } from '../../rules/index.ts';
import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one, respelledIn } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh in filter INPUT (iptables 1.8.9; nf_tables and legacy agree).
 * Types print upper-case in the kernel's bit order.
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m addrtype --dst-type LOCAL', '-m addrtype --dst-type LOCAL', 'ADDRTYPE match dst-type LOCAL'],
  [
    '-m addrtype ! --dst-type LOCAL',
    '-m addrtype ! --dst-type LOCAL',
    'ADDRTYPE match dst-type !LOCAL',
  ],
  [
    '-m addrtype --src-type LOCAL --dst-type UNICAST',
    '-m addrtype --src-type LOCAL --dst-type UNICAST',
    'ADDRTYPE match src-type LOCAL dst-type UNICAST',
  ],
  [
    '-m addrtype --src-type XRESOLVE,NAT,THROW,PROHIBIT,UNREACHABLE,BLACKHOLE,MULTICAST,ANYCAST,BROADCAST,LOCAL,UNICAST,UNSPEC',
    '-m addrtype --src-type UNSPEC,UNICAST,LOCAL,BROADCAST,ANYCAST,MULTICAST,BLACKHOLE,UNREACHABLE,PROHIBIT,THROW,NAT,XRESOLVE',
    'ADDRTYPE match src-type UNSPEC,UNICAST,LOCAL,BROADCAST,ANYCAST,MULTICAST,BLACKHOLE,UNREACHABLE,PROHIBIT,THROW,NAT,XRESOLVE',
  ],
  [
    '-m addrtype ! --src-type broadcast,multicast ! --dst-type local',
    '-m addrtype ! --src-type BROADCAST,MULTICAST ! --dst-type LOCAL',
    'ADDRTYPE match src-type !BROADCAST,MULTICAST dst-type !LOCAL',
  ],
  [
    '-m addrtype --dst-type LOCAL --limit-iface-in',
    '-m addrtype --dst-type LOCAL --limit-iface-in',
    'ADDRTYPE match dst-type LOCAL limit-in',
  ],
  [
    '-m addrtype --dst-type LOCAL -m addrtype ! --src-type LOCAL',
    '-m addrtype --dst-type LOCAL -m addrtype ! --src-type LOCAL',
    'ADDRTYPE match dst-type LOCAL ADDRTYPE match src-type !LOCAL',
  ],
];

describe('-m addrtype', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual(respelledIn(written));
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('takes --limit-iface-out where the packet has an output interface (oracle: FORWARD, OUTPUT)', () => {
    const fwd = one('-m addrtype --dst-type LOCAL --limit-iface-out', { chain: 'FORWARD' });
    expect([fwd.diagnostics, fwd.saved, fwd.list]).toEqual([
      [],
      '-m addrtype --dst-type LOCAL --limit-iface-out',
      'ADDRTYPE match dst-type LOCAL limit-out',
    ]);
    const out = one('-m addrtype --src-type LOCAL --limit-iface-out', { chain: 'OUTPUT' });
    expect([out.diagnostics, out.saved, out.list]).toEqual([
      [],
      '-m addrtype --src-type LOCAL --limit-iface-out',
      'ADDRTYPE match src-type LOCAL limit-out',
    ]);
  });

  it('keeps plain data', () => {
    expect(
      one('-m addrtype ! --dst-type local,unicast --limit-iface-in').rule?.matches[0]?.data,
    ).toEqual({
      dst: { value: ['UNICAST', 'LOCAL'], negated: true },
      limitIface: 'in',
    });
  });

  it('reports what iptables and the kernel refuse', () => {
    const cases: [string, DiagnosticCode, string, string?][] = [
      ['-m addrtype --dst-type FOO', 'bad-value', '--dst-type FOO'],
      ['-m addrtype --dst-type LOCAL,', 'bad-value', '--dst-type LOCAL,'],
      ['-m addrtype --dst-type LOCAL --dst-type UNICAST', 'syntax', '--dst-type UNICAST'],
      [
        '-m addrtype --dst-type LOCAL --limit-iface-in --limit-iface-out',
        'syntax',
        '--limit-iface-out',
        'FORWARD',
      ],
      // the kernel: RULE_APPEND failed (Invalid argument)
      ['-m addrtype --dst-type LOCAL --limit-iface-out', 'bad-value', '--limit-iface-out'],
      ['-m addrtype --dst-type LOCAL --limit-iface-in', 'bad-value', '--limit-iface-in', 'OUTPUT'],
      ['-m addrtype --limit-iface-in', 'missing-argument', '-m addrtype'],
    ];
    for (const [body, code, text, chain] of cases)
      expect(one(body, chain ? { chain } : {}).diagnostics, body).toEqual([diag(body, code, text)]);
    // a user chain may be called from anywhere: only the kernel can tell
    expect(
      one('-m addrtype --dst-type LOCAL --limit-iface-out', { chain: 'KUBE-X' }).diagnostics,
    ).toEqual([]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m addrtype --dst-type LOCAL')).toEqual({
      en: 'destination address type LOCAL',
      ko: '목적지 주소 유형이 LOCAL',
    });
    expect(explainFirst('-m addrtype ! --src-type BROADCAST,MULTICAST --limit-iface-in')).toEqual({
      en: 'source address type not BROADCAST or MULTICAST, as seen on the input interface',
      ko: '출발지 주소 유형이 BROADCAST, MULTICAST 아님, 들어온 인터페이스 기준',
    });
  });
});
