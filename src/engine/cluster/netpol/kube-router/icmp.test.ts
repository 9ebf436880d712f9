/**
 * ICMP under kube-router: its common chain matched echo requests, destination-unreachable and
 * time-exceeded before any policy is consulted, so a pod under a deny-all ingress policy still
 * answers a ping while a TCP connection to it is refused. The journey follows TCP, UDP and SCTP
 * only, so this test traces the node's compiled rules directly.
 */
import { describe, expect, it } from 'vitest';
import { compileModelNode } from '../../compile.ts';
import { hostOf, podDevice } from '../../node/hosts.ts';
import { loadCluster } from '../../manifests/load.ts';
import { readHost, readPackets, simulate } from '../../../netfilter/index.ts';

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
spec: {nodeName: node-a, containers: [{name: db, image: postgres}]}
status: {podIP: 10.42.0.10}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default, labels: {app: web}}
spec: {nodeName: node-a, containers: [{name: web, image: nginx}]}
status: {podIP: 10.42.0.20}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: deny-all, namespace: default}
spec:
  podSelector: {matchLabels: {app: db}}
  policyTypes: [Ingress]
`;

function fromWebToDb(packet: Record<string, unknown>) {
  const { model } = loadCluster(CLUSTER);
  const node = model.nodes[0]!;
  const compiled = compileModelNode(model, node.name);
  const host = readHost(hostOf(model, node)).host;
  host.ipsets = [...host.ipsets, ...compiled.ipsets];
  const read = readPackets({
    src: '10.42.0.20',
    dst: '10.42.0.10',
    in: podDevice(model, 'default', 'web'),
    ...packet,
  });
  expect(read.diagnostics).toEqual([]);
  const trace = simulate(compiled.ruleset, host, read.packets).packets[0]!;
  const matched = trace.steps.flatMap((s) => (s.kind === 'rule' && s.matched ? [s.ruleText] : []));
  return { result: trace.result, matched };
}

describe('ICMP through kube-router’s rules', () => {
  it('lets a ping reach a pod whose ingress is denied, by the common echo-request rule', () => {
    const { result, matched } = fromWebToDb({ proto: 'icmp', icmpType: 8, icmpCode: 0 });
    expect(result.verdict).toBe('ACCEPT');
    expect(result.fate).toBe('forward');
    expect(matched.some((r) => r.includes('"allow icmp echo requests"'))).toBe(true);
  });

  it('refuses a TCP connection to the same pod', () => {
    const { result } = fromWebToDb({ proto: 'tcp', sport: 40000, dport: 5432, tcpFlags: 'SYN' });
    expect(result.verdict).toBe('REJECT');
  });

  it('drops an echo reply nobody asked for: conntrack calls it INVALID, and so does the pod chain', () => {
    const { result, matched } = fromWebToDb({ proto: 'icmp', icmpType: 0, icmpCode: 0 });
    expect(result.ctState).toBe('INVALID');
    expect(result.verdict).toBe('DROP');
    expect(matched.at(-1)).toMatch(/--ctstate INVALID -j DROP/);
  });
});
