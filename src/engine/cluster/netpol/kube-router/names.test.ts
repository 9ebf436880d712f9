import { describe, expect, it } from 'vitest';
import {
  base32,
  hash16,
  namedPortSet,
  peerSet,
  podChain,
  policyChain,
  ruleId,
  targetSet,
} from './names.ts';

describe("kube-router's names", () => {
  it('encodes base32 as RFC 4648 does', () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    expect(base32(bytes('f'))).toBe('MY');
    expect(base32(bytes('foobar'))).toBe('MZXW6YTBOI');
  });

  it('gives the IDs real nodes show on their top-level rules', () => {
    const hook = (builtin: string) =>
      ruleId(builtin, [
        '-m',
        'comment',
        '--comment',
        'kube-router netpol',
        '-j',
        `KUBE-ROUTER-${builtin}`,
      ]);
    expect([hook('INPUT'), hook('FORWARD'), hook('OUTPUT')]).toEqual([
      '4IA2OSFRMVNDXBVV',
      'TEMCG2JMHZYE7H7T',
      'VEAAIY32XVBHCSCY',
    ]);
    const vip = 'allow traffic to primary/secondary cluster IP range';
    expect(
      ruleId('KUBE-ROUTER-INPUT', [
        '-m',
        'comment',
        '--comment',
        vip,
        '-d',
        '10.43.0.0/16',
        '-j',
        'RETURN',
      ]),
    ).toBe('EKROEGTNIJ3AP3LC');
  });

  it("names chains and sets as the reference's worked examples do", () => {
    expect(podChain('default', 'db')).toBe('KUBE-POD-FW-NOFLIPK4QOGGAOBG');
    expect(policyChain('default', 'allow-backend-to-db')).toBe('KUBE-NWPLCY-EPO5S5R7PSSRN53P');
    expect(policyChain('default', 'default-deny-ingress')).toBe('KUBE-NWPLCY-BIWD2NXDWKMSVWUW');
    expect(targetSet('DST', 'default', 'allow-backend-to-db')).toBe('KUBE-DST-32U26RIZCHXXBTSZ');
    expect(targetSet('DST', 'default', 'default-deny-ingress')).toBe('KUBE-DST-6MQLO45JRP4DAHR6');
    expect(peerSet('ingress', 'default', 'allow-backend-to-db', 0, 'pod')).toBe(
      'KUBE-SRC-ELVJFPASFIJIINJJ',
    );
  });

  it('hashes the documented inputs for the other sets', () => {
    expect(targetSet('SRC', 'x', 'p')).toBe(`KUBE-SRC-${hash16('xpIPv4')}`);
    expect(peerSet('egress', 'x', 'p', 2, 'ipblock')).toBe(
      `KUBE-DST-${hash16('xpegressrule2IPv4ipblock')}`,
    );
    expect(namedPortSet('ingress', 'x', 'p', 1, 0)).toBe(
      `KUBE-DST-${hash16('xpingressrule10IPv4namedport')}`,
    );
  });
});
