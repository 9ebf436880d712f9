import { describe, expect, it } from 'vitest';
import { compileNode } from '../compile.ts';
import { loadCluster } from '../manifests/load.ts';

const CLUSTER = `apiVersion: netfilter-lab/v1alpha1
kind: Cluster
networkPolicy: calico
---
apiVersion: v1
kind: Node
metadata: {name: node-a}
spec: {podCIDR: 10.244.1.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.56.11}]}
---
apiVersion: v1
kind: Pod
metadata: {name: db, namespace: default, labels: {app: db}}
spec:
  nodeName: node-a
  containers: [{name: db, image: postgres, ports: [{name: pg, containerPort: 5432}]}]
status: {podIP: 10.244.1.10}
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
  - from: [{ipBlock: {cidr: 192.168.0.0/16}}]
    ports: [{port: postgres}, {port: pg}]
`;

describe('NetworkPolicy diagnostics', () => {
  const text = CLUSTER + BAD;
  const { diagnostics } = loadCluster(text);
  const lineOf = (s: string) => text.split('\n').findIndex((l) => l.includes(s)) + 1;

  it('warns at the podSelector of a policy that selects no pod', () => {
    const d = diagnostics.find((x) => x.code === 'selects-nothing');
    expect(d).toMatchObject({ severity: 'warning', line: lineOf('nothing-has-this') });
    expect(d?.message).toMatch(/default\/nobody selects no pod/);
  });

  it('warns at a port name no container declares', () => {
    const d = diagnostics.find((x) => x.code === 'unknown-port-name');
    expect(d).toMatchObject({ severity: 'warning', line: lineOf('port: postgres') });
    expect(d?.message).toMatch(/named postgres/);
  });

  it('reports an ipBlock that is not a CIDR at its place and compiles the rest', () => {
    const d = diagnostics.find((x) => x.code === 'bad-value' && x.message.includes('10.0.0.0/33'));
    expect(d).toMatchObject({ severity: 'error', line: lineOf('10.0.0.0/33') });
    const compiled = compileNode(text, 'node-a');
    const policy = compiled.rulesetText.split('\n').filter((l) => /^-A cali-pi-/.test(l));
    // the bad rule allows nothing (it is left out); the good one is there with its two named
    // ports, which one rule cannot OR: a match block sets scratch bit 0x40000 for either set,
    // and the allow requires it
    expect(policy.join('\n')).not.toMatch(/10\.0\.0\.0/);
    expect(
      policy.filter((l) => /cali40n:\S+ dst,dst -j MARK --set-xmark 0x40000\/0x40000$/.test(l)),
    ).toHaveLength(2);
    expect(policy.join('\n')).toMatch(
      /-s 192\.168\.0\.0\/16 -p tcp .*-m mark --mark 0x40000\/0x40000 -j MARK --set-xmark 0x10000\/0x10000/,
    );
    const named = compiled.ipsets.filter((s) => s.name.startsWith('cali40n:'));
    expect(named.map((s) => s.type)).toEqual(['hash:ip,port', 'hash:ip,port']);
    // pg is declared by db (10.244.1.10:5432), postgres by no container
    expect(named.map((s) => s.members.length).sort()).toEqual([0, 1]);
  });

  it('keeps the YAML index of a rule after one left out before it', () => {
    const compiled = compileNode(CLUSTER + BAD, 'node-a');
    const allow = compiled.ruleset.tables
      .flatMap((t) => t.chains.flatMap((c) => c.rules))
      .find((x) => x.chain.startsWith('cali-pi-') && x.source.includes('-s 192.168.0.0/16'));
    const p = allow ? compiled.provenance.get(allow.id) : undefined;
    // ingress[0] (the bad CIDR) is left out; the allow comes from ingress[1]
    expect(p?.policyRule).toBe('ingress[1]');
    expect(p?.sources[0]?.field).toBe('spec.ingress[1]');
  });

  it('says a policy is not enforced when no CNI writes policy rules', () => {
    const none = (CLUSTER + BAD).replace('networkPolicy: calico\n', '');
    const d = loadCluster(none).diagnostics.filter((x) => x.code === 'not-compiled');
    const kindLines = none
      .split('\n')
      .flatMap((l, i) => (l === 'kind: NetworkPolicy' ? [i + 1] : []));
    expect(d.map((x) => x.line)).toEqual(kindLines);
    expect(compileNode(none, 'node-a').rulesetText).not.toMatch(/cali/);
  });
});
