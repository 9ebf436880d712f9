/** A Service's IP families against a cluster that has IPv4 only: each refusal at its place. */
import { describe, expect, it } from 'vitest';
import { loadCluster } from './load.ts';

const CHECKED = new Set(['ipv6-in-ipv4-service', 'family-not-in-cluster', 'bad-value']);

/** A Service whose spec lines are `lines` (from line 5 on), with its diagnostics. */
function service(...lines: string[]) {
  const text = [
    'apiVersion: v1',
    'kind: Service',
    'metadata: {name: web, namespace: default}',
    'spec:',
    ...lines.map((l) => `  ${l}`),
    '  ports: [{port: 80}]',
    '',
  ].join('\n');
  const r = loadCluster(text);
  return {
    model: r.model,
    found: r.diagnostics
      .filter((d) => CHECKED.has(d.code))
      .map((d) => [d.code, d.line, d.column, d.severity]),
    messages: r.diagnostics.filter((d) => CHECKED.has(d.code)).map((d) => d.message),
  };
}

describe('Service IP families', () => {
  it('accepts what an IPv4 cluster accepts, and compiles the cluster IP', () => {
    for (const extra of [
      ['ipFamilyPolicy: SingleStack', 'ipFamilies: [IPv4]'],
      ['ipFamilyPolicy: PreferDualStack'],
      ['clusterIPs: [10.43.0.10]'],
    ]) {
      const r = service('clusterIP: 10.43.0.10', ...extra);
      expect(r.found).toEqual([]);
      expect(r.model.services[0]?.clusterIP).toBe(0x0a2b000a);
    }
  });

  it('names an IPv6 address in an IPv4-only Service where it is written', () => {
    const r = service('ipFamilies: [IPv4]', 'clusterIP: "fd00::10"');
    expect(r.found).toEqual([['ipv6-in-ipv4-service', 6, 14, 'error']]);
    expect(r.messages[0]).toContain('IPv6 address in an IPv4-only Service');
    const second = service(
      'ipFamilyPolicy: SingleStack',
      'clusterIP: 10.43.0.10',
      'clusterIPs: [10.43.0.10, "fd00::10"]',
    );
    expect(second.found).toEqual([['ipv6-in-ipv4-service', 7, 28, 'error']]);
  });

  it('names a family the cluster does not have', () => {
    const r = service('ipFamilies: [IPv4, IPv6]', 'clusterIPs: [10.43.0.10, "fd00::10"]');
    expect(r.found).toEqual([
      ['family-not-in-cluster', 5, 22, 'error'],
      ['family-not-in-cluster', 6, 28, 'error'],
    ]);
    expect(r.messages[0]).toContain('a family this cluster does not have');
    expect(service('ipFamilyPolicy: RequireDualStack').found).toEqual([
      ['family-not-in-cluster', 5, 19, 'error'],
    ]);
    // an IPv6 cluster IP alone asks for an IPv6 Service
    expect(service('clusterIP: "fd00::10"').found).toEqual([
      ['family-not-in-cluster', 5, 14, 'error'],
    ]);
  });

  it('checks the fields themselves', () => {
    expect(service('ipFamilies: [IPv5]').found).toEqual([['bad-value', 5, 16, 'error']]);
    expect(service('ipFamilyPolicy: DualStack').found).toEqual([['bad-value', 5, 19, 'error']]);
    expect(service('ipFamilies: [IPv4, IPv4]').found).toEqual([['bad-value', 5, 22, 'error']]);
    expect(service('clusterIP: 10.43.0.10', 'clusterIPs: [10.43.0.11]').found).toEqual([
      ['bad-value', 6, 16, 'error'],
    ]);
  });

  it('leaves out an IPv6 EndpointSlice with a warning naming the family', () => {
    const r = loadCluster(
      'apiVersion: discovery.k8s.io/v1\nkind: EndpointSlice\nmetadata: {name: web-1, labels: {kubernetes.io/service-name: web}}\naddressType: IPv6\nendpoints: [{addresses: ["fd00::1"]}]\n',
    );
    expect(r.diagnostics.map((d) => [d.code, d.line, d.severity])).toContainEqual([
      'family-not-in-cluster',
      4,
      'warning',
    ]);
    expect(r.model.endpointSlices).toEqual([]);
  });
});
