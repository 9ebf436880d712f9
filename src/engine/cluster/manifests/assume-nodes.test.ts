import { describe, expect, it } from 'vitest';
import { formatIPv4, formatPrefix } from '../../netfilter/ipv4.ts';
import { compileNode } from '../compile.ts';
import { loadCluster } from './load.ts';

/** A Deployment and a Service as tutorials write them: no Node, no Cluster document. */
const PLAIN = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        ports:
        - containerPort: 80
---
apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  selector:
    app: nginx
  ports:
  - port: 80
    targetPort: 80
`;

const nodesOf = (text: string) =>
  loadCluster(text).model.nodes.map((n) => [
    n.name,
    n.internalIPs.map(formatIPv4).join(','),
    n.podCIDR ? formatPrefix(n.podCIDR) : null,
  ]);

describe('plain manifests without Node objects', () => {
  it('assume two nodes, say so as info at the first kind, and spread the pods over them', () => {
    const { model, diagnostics } = loadCluster(PLAIN);
    expect(nodesOf(PLAIN)).toEqual([
      ['node-1', '192.168.10.11', '10.244.1.0/24'],
      ['node-2', '192.168.10.12', '10.244.2.0/24'],
    ]);
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const said = diagnostics.find((d) => d.code === 'assumed' && d.message.includes('Node'));
    expect(said).toMatchObject({ severity: 'info', line: 2, column: 7 });
    expect(
      model.pods.map((p) => [p.nodeName, p.podIP === null ? null : formatIPv4(p.podIP)]),
    ).toEqual([
      ['node-1', '10.244.1.2'],
      ['node-2', '10.244.2.2'],
    ]);
  });

  it('compile the Service to both endpoints on an assumed node', () => {
    const { rulesetText, diagnostics } = compileNode(PLAIN, 'node-1');
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(rulesetText).toContain('-j DNAT --to-destination 10.244.1.2:80');
    expect(rulesetText).toContain('-j DNAT --to-destination 10.244.2.2:80');
  });

  it('give in the message the Node objects that, pasted, define the same nodes', () => {
    const said = loadCluster(PLAIN).diagnostics.find(
      (d) => d.code === 'assumed' && d.message.includes('kind: Node'),
    );
    const yaml = said?.message.slice(said.message.indexOf('\n---\n') + 1) ?? '';
    const pasted = `${PLAIN}${yaml}\n`;
    expect(nodesOf(pasted)).toEqual(nodesOf(PLAIN));
    const again = loadCluster(pasted);
    expect(again.diagnostics.some((d) => d.message.startsWith('no Node objects'))).toBe(false);
    expect(again.model.nodes.every((n) => n.assumed === undefined)).toBe(true);
  });

  it('take the nodes that pods name, with a pod range holding the addresses written', () => {
    const text = `apiVersion: v1
kind: Pod
metadata: {name: web, labels: {app: web}}
spec: {nodeName: worker-a, containers: [{name: web, image: nginx}]}
status: {podIP: 10.42.3.7}
---
apiVersion: v1
kind: Pod
metadata: {name: db}
spec: {nodeName: worker-b, containers: [{name: db, image: postgres}]}
`;
    expect(nodesOf(text)).toEqual([
      ['worker-a', '192.168.10.11', '10.42.3.0/24'],
      ['worker-b', '192.168.10.12', '10.244.1.0/24'],
    ]);
    const { diagnostics } = loadCluster(text);
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(diagnostics[0]?.message).toContain('the nodes the pods and endpoints name');
  });

  it('assume nothing when a Node is defined, or when there is nothing to run', () => {
    const node = `apiVersion: v1
kind: Node
metadata: {name: only}
spec: {podCIDR: 10.42.0.0/24}
status: {addresses: [{type: InternalIP, address: 10.0.0.1}]}
---
`;
    expect(nodesOf(node + PLAIN)).toEqual([['only', '10.0.0.1', '10.42.0.0/24']]);
    expect(nodesOf('')).toEqual([]);
    expect(nodesOf('apiVersion: netfilter-lab/v1alpha1\nkind: Cluster\n')).toEqual([]);
  });
});
