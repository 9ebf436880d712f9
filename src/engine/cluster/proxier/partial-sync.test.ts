/** A partial sync's restore input: fixed chains whole, changed Services' chains, stale ones deleted. */
import { describe, expect, it } from 'vitest';
import { loadCluster } from '../manifests/load.ts';
import { partialSync } from './partial-sync.ts';

const BASE = `apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
clusterCIDR: 10.0.0.0/8
---
apiVersion: v1
kind: Node
metadata: {name: test-node}
status: {addresses: [{type: InternalIP, address: 192.168.0.2}]}
---
apiVersion: v1
kind: Service
metadata: {name: svc1, namespace: ns1}
spec:
  clusterIP: 172.30.0.41
  ports: [{name: p80, port: 80, protocol: TCP}]
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: svc1-1, namespace: ns1, labels: {kubernetes.io/service-name: svc1}}
addressType: IPv4
endpoints: [{addresses: [10.180.0.1]}]
ports: [{name: p80, port: 80, protocol: TCP}]
`;

const SVC2 = `---
apiVersion: v1
kind: Service
metadata: {name: svc2, namespace: ns2}
spec:
  clusterIP: 172.30.0.42
  ports: [{name: p8080, port: 8080, protocol: TCP}]
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: svc2-1, namespace: ns2, labels: {kubernetes.io/service-name: svc2}}
addressType: IPv4
endpoints: [{addresses: [10.180.0.2]}]
ports: [{name: p8080, port: 8080, protocol: TCP}]
`;

const sync = (before: string, after: string) =>
  partialSync(loadCluster(before).model, loadCluster(after).model, 'test-node')!;

describe('partial sync', () => {
  it('rewrites only the added Service’s chains, and the fixed chains whole', () => {
    const out = sync(BASE, BASE + SVC2);
    expect(out.changed).toEqual(['ns2/svc2']);
    expect(out.deleted).toEqual([]);
    const nat = out.text.slice(out.text.indexOf('*nat'));
    expect(nat).toContain(':KUBE-SERVICES - [0:0]');
    expect(nat).toMatch(/:KUBE-SVC-\S+ - \[0:0\]/);
    // svc1's rule in KUBE-SERVICES is written again, its own chains are not
    expect(nat).toContain('--comment "ns1/svc1:p80 cluster IP"');
    expect(nat).not.toContain('-A KUBE-SVC-XPGD46QRK7WJZT7O');
    expect(nat).toContain('--comment "ns2/svc2:p8080 cluster IP"');
  });

  it('flushes and deletes the chains of a removed endpoint, before the NodePort hand-off', () => {
    const moved = BASE.replace('10.180.0.1', '10.180.0.9');
    const out = sync(BASE, moved);
    expect(out.changed).toEqual(['ns1/svc1']);
    expect(out.deleted).toEqual(['KUBE-SEP-SXIVWICOYRO3J4NJ']);
    const lines = out.text.trim().split('\n');
    expect(lines).toContain(':KUBE-SEP-SXIVWICOYRO3J4NJ - [0:0]');
    const x = lines.indexOf('-X KUBE-SEP-SXIVWICOYRO3J4NJ');
    expect(x).toBeGreaterThan(0);
    expect(lines[x + 1]).toContain('kubernetes service nodeports');
    expect(lines.at(-1)).toBe('COMMIT');
  });

  it('writes no Service chain when nothing changed but where a line sits', () => {
    const out = sync(BASE, `# a comment moves every line\n${BASE}`);
    expect(out.changed).toEqual([]);
    expect(out.text).not.toMatch(/^(:|-A )KUBE-(SVC|SEP)-/m);
    expect(out.text).toContain('-j KUBE-SVC-XPGD46QRK7WJZT7O');
  });
});
