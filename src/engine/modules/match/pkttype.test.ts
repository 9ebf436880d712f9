import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9, nf_tables; filter INPUT).
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m pkttype --pkt-type unicast', '-m pkttype --pkt-type unicast', 'PKTTYPE = unicast'],
  [
    '-m pkttype ! --pkt-type broadcast',
    '-m pkttype ! --pkt-type broadcast',
    'PKTTYPE != broadcast',
  ],
  ['-m pkttype --pkt-type multicast', '-m pkttype --pkt-type multicast', 'PKTTYPE = multicast'],
  ['-m pkttype --pkt-type otherhost', '-m pkttype --pkt-type otherhost', 'PKTTYPE = otherhost'],
  ['-m pkttype --pkt-type bcast', '-m pkttype --pkt-type broadcast', 'PKTTYPE = broadcast'],
  ['-m pkttype --pkt-type mcast', '-m pkttype --pkt-type multicast', 'PKTTYPE = multicast'],
  ['-m pkttype --pkt-type host', '-m pkttype --pkt-type unicast', 'PKTTYPE = unicast'],
  ['-m pkttype --pkt-type BROADCAST', '-m pkttype --pkt-type broadcast', 'PKTTYPE = broadcast'],
];

describe('-m pkttype', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    // a type written otherwise than iptables-save prints it is read, with a warning naming it
    expect(r.diagnostics.map((d) => d.code)).toEqual(written === saved ? [] : ['respelled']);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('reports unknown types at the option', () => {
    // "outgoing" is in the kernel's list but iptables does not accept it
    for (const body of ['-m pkttype --pkt-type foo', '-m pkttype --pkt-type outgoing'])
      expect(one(body).diagnostics, body).toEqual([diag(body, 'bad-value', body.slice(11))]);
    expect(one('-m pkttype').diagnostics).toEqual([
      diag('-m pkttype', 'missing-argument', '-m pkttype'),
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m pkttype --pkt-type broadcast')).toEqual({
      en: 'packet type is broadcast',
      ko: '패킷 종류: 브로드캐스트',
    });
    expect(explainFirst('-m pkttype ! --pkt-type unicast')).toEqual({
      en: 'packet type is not unicast (addressed to this host)',
      ko: '패킷 종류: 유니캐스트(이 호스트 앞) 아님',
    });
  });
});
