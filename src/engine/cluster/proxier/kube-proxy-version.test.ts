/** kubeProxyVersion: which release's layout is written, and clear errors at the field. */
import { describe, expect, it } from 'vitest';
import { compileNode } from '../compile.ts';
import { loadCluster } from '../manifests/load.ts';

const cluster = (version: string): string => `apiVersion: netfilter-lab/v1alpha1
kind: Cluster
kubeProxyVersion: ${version}
---
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
clusterCIDR: 10.244.0.0/16
---
apiVersion: v1
kind: Node
metadata: {name: node-a}
spec: {podCIDR: 10.244.0.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.1.10}]}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: shop}
spec:
  type: LoadBalancer
  clusterIP: 10.96.0.20
  selector: {app: web}
  loadBalancerSourceRanges: [203.0.113.0/24]
  ports: [{name: http, port: 80, targetPort: 8080, nodePort: 30080}]
status:
  loadBalancer: {ingress: [{ip: 198.51.100.7}]}
---
apiVersion: v1
kind: Pod
metadata: {name: web-0, namespace: shop, labels: {app: web}}
spec: {nodeName: node-a, containers: [{name: web, image: web}]}
status: {podIP: 10.244.0.5}
`;

const problems = (version: string) =>
  loadCluster(cluster(version))
    .diagnostics.filter((d) => d.severity !== 'info')
    .map((d) => [d.severity, d.line, d.column, d.message]);

describe('kubeProxyVersion', () => {
  it('defaults to the current layout', () => {
    const { model } = loadCluster(cluster('current'));
    expect(model.settings.kubeProxyVersion).toEqual({ text: 'current', layout: 'current' });
    const text = compileNode(cluster('current'), 'node-a').rulesetText;
    expect(text).toContain(':KUBE-PROXY-FIREWALL');
    expect(text).not.toContain('KUBE-XLB');
  });

  it('reads 1.19 to 1.23 as the older layout, with or without v and a patch number', () => {
    for (const v of ['"1.19"', '"1.21"', 'v1.23.4', '"1.22.0"'])
      expect(loadCluster(cluster(v)).model.settings.kubeProxyVersion.layout).toBe('legacy');
    expect(problems('"1.21"')).toEqual([]);
  });

  it('is an error at the field for an unknown release, keeping the current layout', () => {
    expect(problems('"2.0"')).toEqual([
      ['error', 3, 19, expect.stringContaining('"2.0" is not a release')],
    ]);
    expect(problems('"1.24"')).toEqual([
      ['error', 3, 19, expect.stringContaining('1.24 is not modelled')],
    ]);
    expect(problems('"1.17"')).toEqual([
      ['error', 3, 19, expect.stringContaining('1.17 is not modelled')],
    ]);
  });

  it('says why an unquoted 1.20 is wrong (YAML reads it as 1.2)', () => {
    expect(problems('1.20')).toEqual([
      ['error', 3, 19, expect.stringContaining('write it quoted, e.g. "1.20"')],
    ]);
  });

  it('warns that 1.25 to 1.27 are shown with the 1.28 layout', () => {
    expect(problems('"1.26"')).toEqual([
      ['warning', 3, 19, expect.stringContaining('written with the 1.28 layout')],
    ]);
  });
});

describe('the layout before 1.24', () => {
  const text = compileNode(cluster('"1.23"'), 'node-a').rulesetText;

  it('sends load-balancer IPs through KUBE-FW, which ends in KUBE-MARK-DROP', () => {
    expect(text).toMatch(
      /-A KUBE-SERVICES -d 198\.51\.100\.7\/32 -p tcp -m comment --comment "shop\/web:http loadbalancer IP" -m tcp --dport 80 -j KUBE-FW-/,
    );
    expect(text).toMatch(
      /-A KUBE-FW-\S+ -m comment --comment "shop\/web:http loadbalancer IP" -j KUBE-MARK-MASQ/,
    );
    expect(text).toMatch(/-A KUBE-FW-\S+ -s 203\.0\.113\.0\/24 .* -j KUBE-SVC-/);
    expect(text).toMatch(
      /-A KUBE-FW-\S+ -m comment --comment "shop\/web:http loadbalancer IP" -j KUBE-MARK-DROP\n/,
    );
  });

  it("keeps kubelet's KUBE-MARK-DROP and its drop rule, and no KUBE-PROXY-FIREWALL", () => {
    expect(text).toContain('-A KUBE-MARK-DROP -j MARK --set-xmark 0x8000/0x8000');
    expect(text).toContain(
      '-A KUBE-FIREWALL -m comment --comment "kubernetes firewall for dropping marked packets" -m mark --mark 0x8000/0x8000 -j DROP',
    );
    expect(text).not.toContain('KUBE-PROXY-FIREWALL');
    expect(text).not.toContain('KUBE-EXT-');
  });

  it('masquerades NodePorts in KUBE-NODEPORTS and names endpoints without "->"', () => {
    expect(text).toMatch(
      /-A KUBE-NODEPORTS -p tcp -m comment --comment "shop\/web:http" -m tcp --dport 30080 -j KUBE-MARK-MASQ/,
    );
    expect(text).toMatch(/-A KUBE-SVC-\S+ -m comment --comment "shop\/web:http" -j KUBE-SEP-/);
    expect(text).not.toContain('->');
  });
});
