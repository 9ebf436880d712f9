/**
 * Known gaps of issue 17 that kube-proxy's own tests show: allocateLoadBalancerNodePorts: false,
 * localhostNodePorts: false, leading-zero IPv4 addresses, a Deployment template's nodeName.
 */
import { describe, expect, it } from 'vitest';
import { compileNode, nodeView } from './compile.ts';
import { buildEndpoints } from './endpoints.ts';
import { loadCluster } from './load.ts';
import { proxierRules } from './proxier.ts';

const NODE = `apiVersion: v1
kind: Node
metadata: {name: node-a}
spec: {podCIDR: 10.244.0.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.1.10}]}
---
apiVersion: v1
kind: Pod
metadata: {name: api-0, namespace: shop, labels: {app: api}}
spec: {nodeName: node-a, containers: [{name: api, image: api, ports: [{containerPort: 8080}]}]}
status: {podIP: 10.244.0.7}
`;

const lb = (extra: string): string => `${NODE}---
apiVersion: v1
kind: Service
metadata: {name: open, namespace: shop}
spec:
  type: LoadBalancer
  clusterIP: 10.96.10.1
  selector: {app: api}
  ports: [{name: https, port: 443, targetPort: 8080}]
${extra}status:
  loadBalancer: {ingress: [{ip: 198.51.100.10}]}
`;

/** kube-proxy's restore input (what its tests compare), as text. */
function restoreInput(yaml: string, node = 'node-a'): string {
  const { model } = loadCluster(yaml);
  const out = proxierRules(
    model,
    nodeView(model.nodes.find((n) => n.name === node)!),
    buildEndpoints(model),
  );
  const chains = Object.entries(out.chains).flatMap(([t, cs]) => cs.map((c) => `${t}/${c}`));
  const rules = out.rules.map((r) => `${r.table}/${r.chain} ${r.args.join(' ')}`);
  return [...chains, ...rules].join('\n');
}

describe('allocateLoadBalancerNodePorts: false', () => {
  it('gives a LoadBalancer without a written nodePort no NodePort rules', () => {
    const text = compileNode(lb('  allocateLoadBalancerNodePorts: false\n'), 'node-a').rulesetText;
    expect(text).toContain('-d 198.51.100.10/32');
    expect(text).not.toMatch(/-A KUBE-NODEPORTS .*--dport/);
  });

  it('keeps a nodePort that is written', () => {
    const yaml = lb('  allocateLoadBalancerNodePorts: false\n').replace(
      'targetPort: 8080}',
      'targetPort: 8080, nodePort: 31443}',
    );
    expect(compileNode(yaml, 'node-a').rulesetText).toMatch(
      /-A KUBE-NODEPORTS .*--dport 31443 -j KUBE-EXT-/,
    );
  });

  it('allocates one by default, as the API server does', () => {
    expect(compileNode(lb(''), 'node-a').rulesetText).toMatch(
      /-A KUBE-NODEPORTS .*--dport 30000 -j KUBE-EXT-/,
    );
  });
});

describe('iptables.localhostNodePorts: false', () => {
  const off = `${lb('')}---
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
iptables: {localhostNodePorts: false}
`;

  it('declares no KUBE-FIREWALL chain in the restore input, as kube-proxy tests expect', () => {
    expect(restoreInput(lb(''))).toContain('filter/KUBE-FIREWALL');
    expect(restoreInput(off)).not.toContain('KUBE-FIREWALL');
  });

  it('keeps NodePorts off 127.0.0.0/8', () => {
    expect(compileNode(off, 'node-a').rulesetText).toContain(
      '-A KUBE-SERVICES ! -d 127.0.0.0/8 -m comment --comment "kubernetes service nodeports',
    );
  });
});
