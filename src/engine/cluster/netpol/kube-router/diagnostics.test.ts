/**
 * Bad NetworkPolicy input with kube-router: each problem reported at its place, the rest
 * compiled; and a named port that resolves to nothing, which kube-router turns into "every port".
 */
import { describe, expect, it } from 'vitest';
import { compileNode } from '../../compile.ts';
import { journey } from '../../journey/index.ts';
import { loadCluster } from '../../manifests/load.ts';
import { peerSet, policyChain } from './names.ts';

const CLUSTER = `apiVersion: netfilter-lab/v1alpha1
kind: Cluster
networkPolicy: kube-router
---
apiVersion: v1
kind: Node
metadata: {name: node-a}
spec: {podCIDR: 10.42.0.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.56.11}]}
---
apiVersion: v1
kind: Pod
metadata: {name: db, namespace: default, labels: {app: db}}
spec:
  nodeName: node-a
  containers: [{name: db, image: postgres, ports: [{name: pg, containerPort: 5432}]}]
status: {podIP: 10.42.0.10}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default, labels: {app: web}}
spec: {nodeName: node-a, containers: [{name: web, image: nginx}]}
status: {podIP: 10.42.0.20}
`;

const BAD = `---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: nobody, namespace: default}
spec:
  podSelector: {matchLabels: {app: nothing-has-this}}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: mixed, namespace: default}
spec:
  podSelector: {matchLabels: {app: db}}
  ingress:
  - from: [{ipBlock: {cidr: 10.0.0.0/33}}]
  - from: [{ipBlock: {cidr: 192.168.0.0/16, except: [192.168.7.0/24]}}]
    ports: [{port: postgres}, {port: pg}]
`;

const WIDE = `---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: web-to-db, namespace: default}
spec:
  podSelector: {matchLabels: {app: db}}
  ingress:
  - from: [{podSelector: {matchLabels: {app: web}}}]
    ports: [{port: postgres}]
`;

describe('NetworkPolicy diagnostics with kube-router', () => {
  const text = CLUSTER + BAD;
  const { diagnostics } = loadCluster(text);
  const lineOf = (s: string) => text.split('\n').findIndex((l) => l.includes(s)) + 1;

  it('warns at a policy that selects no pod, and still writes its chain', () => {
    const d = diagnostics.find((x) => x.code === 'selects-nothing');
    expect(d).toMatchObject({ severity: 'warning', line: lineOf('nothing-has-this') });
    const compiled = compileNode(text, 'node-a');
    const chain = policyChain('default', 'nobody');
    expect(compiled.rulesetText.split('\n').filter((l) => l.startsWith(`-A ${chain} `))).toEqual([
      `-A ${chain} -m comment --comment "rule to log dropped traffic" -m limit --limit 10/min --limit-burst 10 -m mark ! --mark 0x10000/0x10000 -j NFLOG --nflog-prefix "DROP by policy default/nobody" --nflog-group 100`,
    ]);
  });

  it('reports the bad CIDR at its place and compiles the rest, the except as a nomatch member', () => {
    const d = diagnostics.find((x) => x.code === 'bad-value' && x.message.includes('10.0.0.0/33'));
    expect(d).toMatchObject({ severity: 'error', line: lineOf('10.0.0.0/33') });
    const w = diagnostics.find((x) => x.code === 'unknown-port-name');
    expect(w).toMatchObject({ line: lineOf('port: postgres') });
    expect(w?.message).toMatch(/this entry allows nothing/);
    const compiled = compileNode(text, 'node-a');
    expect(compiled.diagnostics.filter((x) => x.code === 'internal')).toEqual([]);
    // the bad rule is left out whole; the good one (rule 1) keeps its index in the set name
    const blocks = compiled.ipsets.find(
      (s) => s.name === peerSet('ingress', 'default', 'mixed', 1, 'ipblock'),
    );
    expect(blocks?.type).toBe('hash:net');
    expect(blocks?.members.map((m) => [m.text, m.nomatch ?? false])).toEqual([
      ['192.168.0.0/16', false],
      ['192.168.7.0/24', true],
    ]);
    const chain = compiled.rulesetText
      .split('\n')
      .filter((l) => l.startsWith(`-A ${policyChain('default', 'mixed')} `));
    expect(chain.join('\n')).not.toMatch(/10\.0\.0\.0/);
    expect(chain.filter((l) => l.includes('--dport 5432'))).toHaveLength(2);
  });

  it('says a named port no pod declares opens every port when the rule names peer pods', () => {
    const wide = CLUSTER + WIDE;
    const w = loadCluster(wide).diagnostics.find((x) => x.code === 'unknown-port-name');
    expect(w?.message).toMatch(/allows every port from its peers/);
    const r = journey(wide, { from: 'pod/default/web', to: 'pod/default/db:9999' });
    expect(r.journey?.request.outcome).toBe('delivered');
  });
});
