/** A Service's IP families against clusters with IPv6: defaulted, allocated and refused in place. */
import { describe, expect, it } from 'vitest';
import { loadCluster } from './load.ts';

const CHECKED = new Set(['ipv6-in-ipv4-service', 'family-not-in-cluster', 'bad-value']);

/** A cluster of `serviceCIDR` with one Service whose spec lines are `lines` (from line 10 on). */
function service(serviceCIDR: string, ...lines: string[]) {
  const text = [
    'apiVersion: netfilter-lab/v1alpha1',
    'kind: Cluster',
    `serviceCIDR: "${serviceCIDR}"`,
    '---',
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
    svc: r.model.services[0]!,
    found: r.diagnostics
      .filter((d) => CHECKED.has(d.code))
      .map((d) => [d.code, d.line, d.column, d.severity]),
  };
}

const DUAL = '10.96.0.0/16,fd00:10:96::/112';

describe('Service IP families in a dual-stack cluster', () => {
  it('gives a PreferDualStack Service one cluster IP per family, primary first', () => {
    const r = service(DUAL, 'ipFamilyPolicy: PreferDualStack');
    expect(r.found).toEqual([]);
    expect(r.svc.ipFamilies).toEqual(['IPv4', 'IPv6']);
    expect(r.svc.clusterIP).toBe(0x0a60000a);
    expect(r.svc.ipv6?.clusterIP).toBe('fd00:10:96::a');
  });

  it('keeps a Service that names no policy single-stack in the primary family', () => {
    const r = service(DUAL);
    expect(r.svc.ipFamilies).toEqual(['IPv4']);
    expect(r.svc.ipv6?.clusterIP).toBeNull();
    const v6 = service(DUAL, 'ipFamilies: [IPv6]');
    expect(v6.svc.ipFamilies).toEqual(['IPv6']);
    expect(v6.svc.clusterIP).toBeNull();
    expect(v6.svc.ipv6?.clusterIP).toBe('fd00:10:96::a');
  });

  it('takes written cluster IPs of both families, in either order', () => {
    const r = service(
      DUAL,
      'ipFamilyPolicy: RequireDualStack',
      'clusterIPs: ["fd00:10:96::80", 10.96.0.80]',
    );
    expect(r.found).toEqual([]);
    expect(r.svc.ipFamilies).toEqual(['IPv6', 'IPv4']);
    expect(r.svc.clusterIP).toBe(0x0a600050);
    expect(r.svc.ipv6?.clusterIP).toBe('fd00:10:96::80');
  });

  it('writes an IPv6 cluster IP as kube-proxy prints it, and refuses one that is not an address', () => {
    const r = service(DUAL, 'ipFamilies: [IPv6]', 'clusterIP: "FD00:10:96:0::0080"');
    expect(r.found).toEqual([]);
    expect(r.svc.ipv6?.clusterIP).toBe('fd00:10:96::80');
    expect(service(DUAL, 'ipFamilies: [IPv6]', 'clusterIP: "fd00::zz"').found).toEqual([
      ['bad-value', 10, 14, 'error'],
    ]);
  });

  it('refuses an IPv6 address in an IPv4-only Service where it is written', () => {
    const r = service(DUAL, 'ipFamilies: [IPv4]', 'clusterIPs: [10.96.0.80, "fd00:10:96::80"]');
    expect(r.found).toEqual([['ipv6-in-ipv4-service', 10, 28, 'error']]);
  });
});

describe('Service IP families in an IPv6-only cluster', () => {
  it('gives a Service an IPv6 cluster IP only', () => {
    const r = service('fd00:10:96::/112');
    expect(r.found).toEqual([]);
    expect(r.svc.ipFamilies).toEqual(['IPv6']);
    expect(r.svc.clusterIP).toBeNull();
    expect(r.svc.ipv6?.clusterIP).toBe('fd00:10:96::a');
  });

  it('refuses IPv4 and RequireDualStack, each where it is written', () => {
    expect(service('fd00:10:96::/112', 'ipFamilies: [IPv4]').found).toEqual([
      ['family-not-in-cluster', 9, 16, 'error'],
    ]);
    expect(service('fd00:10:96::/112', 'ipFamilyPolicy: RequireDualStack').found).toEqual([
      ['family-not-in-cluster', 9, 19, 'error'],
    ]);
    expect(service('fd00:10:96::/112', 'clusterIP: 10.96.0.80').found).toEqual([
      ['family-not-in-cluster', 9, 14, 'error'],
    ]);
  });
});

describe('the Cluster document serviceCIDR', () => {
  it('refuses two ranges of one family and a range that is not one', () => {
    expect(service('fd00::/112,fd01::/112').found).toEqual([['bad-value', 3, 14, 'error']]);
    expect(service('10.96.0.0/16,fd00::').found).toEqual([['bad-value', 3, 14, 'error']]);
  });
});
