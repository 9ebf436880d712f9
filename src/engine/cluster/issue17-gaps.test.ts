/**
 * Known gaps of issue 17 that kube-proxy's own tests show: allocateLoadBalancerNodePorts: false,
 * localhostNodePorts: false, leading-zero IPv4 addresses, a Deployment template's nodeName.
 */
import { describe, expect, it } from 'vitest';
import { compileNode, nodeView } from './compile.ts';
import { buildEndpoints } from './model/endpoints.ts';
import { loadCluster } from './manifests/load.ts';
import { proxierRules } from './proxier/index.ts';

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

describe('leading-zero IPv4 addresses, read as kube-proxy reads them', () => {
  const yaml = `${NODE}---
apiVersion: v1
kind: Service
metadata: {name: old, namespace: shop}
spec:
  type: LoadBalancer
  clusterIP: 10.96.0.041
  externalIPs: [192.168.099.010]
  selector: {app: api}
  loadBalancerSourceRanges: [203.0.113.000/025]
  ports: [{name: https, port: 443, targetPort: 8080, nodePort: 31443}]
status:
  loadBalancer: {ingress: [{ip: 198.51.100.10}]}
`;
  const compiled = compileNode(yaml, 'node-a');

  it('reads each number as decimal: 041 is 41 (not octal 33), /025 is /25', () => {
    expect(compiled.rulesetText).toContain('-d 10.96.0.41/32');
    expect(compiled.rulesetText).toContain('-d 192.168.99.10/32');
    expect(compiled.rulesetText).toMatch(/-A KUBE-FW-\S+ -s 203\.0\.113\.0\/25 /);
  });

  it('warns at each address instead of rejecting it', () => {
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const warned = compiled.diagnostics
      .filter((d) => d.code === 'leading-zeros')
      .map((d) => [d.severity, d.line, d.column, d.message]);
    expect(warned).toEqual([
      ['warning', 18, 14, expect.stringContaining('this is 10.96.0.41')],
      ['warning', 19, 17, expect.stringContaining('this is 192.168.99.10')],
      ['warning', 21, 30, expect.stringContaining('this is 203.0.113.0/25')],
    ]);
  });

  it('still rejects an octet over 255', () => {
    const bad = yaml.replace('10.96.0.041', '10.96.0.0256');
    const errors = compileNode(bad, 'node-a').diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.line])).toEqual([['bad-value', 18]]);
  });
});

describe("a Deployment's spec.template.spec.nodeName", () => {
  const deployment = (nodeName: string): string => `${NODE.split('---')[0]!}---
apiVersion: v1
kind: Node
metadata: {name: node-b}
spec: {podCIDR: 10.244.1.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.1.11}]}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      nodeName: ${nodeName}
      containers: [{name: web, image: web}]
`;

  it('binds every replica to that node, as the scheduler is bypassed', () => {
    const { model, diagnostics } = loadCluster(deployment('node-b'));
    expect(model.pods.map((p) => p.nodeName)).toEqual(['node-b', 'node-b', 'node-b']);
    expect(model.pods.every((p) => p.podIP !== null && p.podIP >>> 8 === 0x0af401)).toBe(true);
    const said = diagnostics.find((d) => d.message.includes('bypasses the scheduler'));
    expect([said?.severity, said?.line, said?.column]).toEqual(['info', 22, 17]);
  });

  it('is an error at the field when the node is not defined, and the pods never start', () => {
    const { model, diagnostics } = loadCluster(deployment('node-z'));
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.line, d.column])).toEqual([['unknown-node', 22, 17]]);
    expect(model.pods.map((p) => [p.nodeName, p.podIP])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it('names the node the loader assumes when no Node is written', () => {
    const yaml = deployment('worker-7').split('---').slice(2).join('---');
    const { model } = loadCluster(yaml);
    expect(model.nodes.map((n) => n.name)).toEqual(['worker-7']);
    expect(model.pods.map((p) => p.nodeName)).toEqual(['worker-7', 'worker-7', 'worker-7']);
  });
});
