import { describe, expect, it } from 'vitest';
import { endpointChain, serviceChains, servicePortName } from './chain-names.ts';
import { base32, chainHash, utf8 } from './hash.ts';
import { markText, probabilityText } from './index.ts';

describe('kube-proxy chain names', () => {
  // Values from kubernetes pkg/proxy/iptables/proxier_test.go, TestOverallIPTablesRules
  it.each([
    ['ns1/svc1:p80', 'KUBE-SVC-XPGD46QRK7WJZT7O'],
    ['ns2/svc2:p80', 'KUBE-SVC-GNZBNJ2PO5MGZ6GT'],
    ['ns3/svc3:p80', 'KUBE-SVC-X27LE4BHSL4DOUIK'],
    ['ns4/svc4:p80', 'KUBE-SVC-4SW47YFZTEDKD3PK'],
    ['ns5/svc5:p80', 'KUBE-SVC-NUKIZ6OKUXPJNT4C'],
  ])('%s/tcp → %s', (name, chain) => {
    expect(serviceChains(name, 'TCP').svc).toBe(chain);
  });

  it('shares one hash between SVC, SVL, EXT and FW (KUBE-FW-NUKIZ6OKUXPJNT4C in TestOverallIPTablesRules)', () => {
    expect(serviceChains('ns5/svc5:p80', 'TCP')).toEqual({
      svc: 'KUBE-SVC-NUKIZ6OKUXPJNT4C',
      svl: 'KUBE-SVL-NUKIZ6OKUXPJNT4C',
      ext: 'KUBE-EXT-NUKIZ6OKUXPJNT4C',
      fw: 'KUBE-FW-NUKIZ6OKUXPJNT4C',
    });
  });

  it.each([
    ['ns1/svc1:p80', '10.180.0.1:80', 'KUBE-SEP-SXIVWICOYRO3J4NJ'],
    ['ns2/svc2:p80', '10.180.0.2:80', 'KUBE-SEP-RS4RBKLTHTF2IUXJ'],
    ['ns3/svc3:p80', '10.180.0.3:80', 'KUBE-SEP-OYPFS5VJICHGATKP'],
    ['ns4/svc4:p80', '10.180.0.4:80', 'KUBE-SEP-UKSFD7AGPMPPLUHC'],
    ['ns4/svc4:p80', '10.180.0.5:80', 'KUBE-SEP-C6EBXVWJJZMIWKLZ'],
    ['ns5/svc5:p80', '10.180.0.3:80', 'KUBE-SEP-I77PXRDZVX7PMWMN'],
  ])('endpoint %s %s → %s (TestOverallIPTablesRules)', (name, ep, chain) => {
    expect(endpointChain(name, 'TCP', ep)).toBe(chain);
  });

  // Values seen on real nodes in the study group's articles
  it('matches the chains of the articles’ clusters', () => {
    expect(serviceChains(servicePortName('default', 'service-test', ''), 'TCP').svc).toBe(
      'KUBE-SVC-GBTMB5ZTD56ECL5F',
    );
    expect(serviceChains(servicePortName('default', 'service-test-nodeport', ''), 'TCP').ext).toBe(
      'KUBE-EXT-5N7WIXIG6FFV5MSL',
    );
    expect(serviceChains(servicePortName('test', 'nginx', 'http'), 'TCP').svc).toBe(
      'KUBE-SVC-IU46S4VZFN77LK6S',
    );
    expect(endpointChain('default/service-test', 'TCP', '10.42.0.43:8080')).toBe(
      'KUBE-SEP-CLPYGNZNNY3PRNQC',
    );
    expect(endpointChain('default/service-test', 'TCP', '10.42.1.42:8080')).toBe(
      'KUBE-SEP-KYPXHCLNNXAPFHUW',
    );
    expect(endpointChain('test/nginx:http', 'TCP', '10.20.10.127:80')).toBe(
      'KUBE-SEP-XAAQ4E3V5J6GEKUJ',
    );
    expect(endpointChain('test/nginx:http', 'TCP', '10.20.11.179:80')).toBe(
      'KUBE-SEP-S7XCV467AW272WRX',
    );
  });

  it('differs by protocol for the same port name', () => {
    expect(serviceChains('ns/dns:dns', 'UDP').svc).not.toBe(serviceChains('ns/dns:dns', 'TCP').svc);
  });

  it('encodes base32 and UTF-8 like Go does', () => {
    expect(base32(utf8('foobar'))).toBe('MZXW6YTBOI');
    expect(base32(utf8('f'))).toBe('MY');
    expect([...utf8('é✓')]).toEqual([0xc3, 0xa9, 0xe2, 0x9c, 0x93]);
    expect(chainHash('')).toHaveLength(16);
  });
});

describe('mark and probability text', () => {
  it('prints the mark like Go %#08x', () => {
    expect(markText(14)).toBe('0x004000');
    expect(markText(0)).toBe('0x000001');
    expect(markText(31)).toBe('0x80000000');
  });

  it('prints 1/n with ten decimals (TestComputeProbability)', () => {
    expect(probabilityText(2)).toBe('0.5000000000');
    expect(probabilityText(3)).toBe('0.3333333333');
    expect(probabilityText(10)).toBe('0.1000000000');
    expect(probabilityText(100001)).toBe('0.0000099999');
  });
});
