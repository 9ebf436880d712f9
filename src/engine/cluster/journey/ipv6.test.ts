/**
 * Journeys of IPv6 flows: each node traced with its ip6tables rules and IPv6 host model, NAT and
 * un-NAT shown as [addr]:port. Goldens in __golden__/*.txt (UPDATE_GOLDEN=1 rewrites them).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DUAL_STACK_YAML } from '../../scenarios/dual-stack.ts';
import { NODEPORT_30080_YAML } from '../../scenarios/nodeport-other-node.ts';
import { loadCluster } from '../manifests/load.ts';
import { describeJourneyResult, journey, readFlow } from './index.ts';

function golden(name: string, actual: string): void {
  const url = new URL(`./__golden__/${name}`, import.meta.url);
  if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(url, actual);
  expect(existsSync(url), `${name} is missing (UPDATE_GOLDEN=1 writes it)`).toBe(true);
  expect(actual).toBe(readFileSync(url, 'utf8'));
}

// an IPv6-only node has no IPv4 podCIDR: its cni0 and the pods on it are IPv6 only (hosts.ts)
const IPV6_ONLY_YAML = `apiVersion: netfilter-lab/v1alpha1
kind: Cluster
serviceCIDR: "fd00:10:96::/112"
---
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
clusterCIDR: "fd00:10:244::/56"
---
apiVersion: v1
kind: Node
metadata: {name: node-a}
spec: {podCIDRs: ["fd00:10:244::/64"]}
status: {addresses: [{type: InternalIP, address: "fd00:192:168:10::11"}]}
---
apiVersion: v1
kind: Node
metadata: {name: node-b}
spec: {podCIDRs: ["fd00:10:244:1::/64"]}
status: {addresses: [{type: InternalIP, address: "fd00:192:168:10::12"}]}
---
apiVersion: v1
kind: Pod
metadata: {name: web-1, labels: {app: web}}
spec:
  nodeName: node-a
  containers: [{name: web, image: nginx, ports: [{name: http, containerPort: 8080}]}]
status: {podIPs: [{ip: "fd00:10:244::5"}]}
---
apiVersion: v1
kind: Pod
metadata: {name: client}
spec:
  nodeName: node-b
  containers: [{name: curl, image: curlimages/curl}]
status: {podIPs: [{ip: "fd00:10:244:1::20"}]}
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  clusterIP: "fd00:10:96::80"
  selector: {app: web}
  ports: [{protocol: TCP, port: 80, targetPort: http}]
`;

const text = (yaml: string, flow: unknown) => {
  const r = journey(yaml, flow, { allPaths: true });
  expect(r.flowDiagnostics).toEqual([]);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return describeJourneyResult(r);
};

describe('IPv6 journeys', { timeout: 30_000 }, () => {
  it('dual-stack: a pod to the Service by each family', () => {
    const v4 = text(DUAL_STACK_YAML, { from: 'pod/default/client', to: 'svc/default/web:80' });
    const v6 = text(DUAL_STACK_YAML, {
      from: 'pod/default/client',
      to: 'svc/default/web:80',
      family: 'ipv6',
    });
    golden('dual-stack.ipv4.txt', v4);
    golden('dual-stack.ipv6.txt', v6);
    expect(v6).toContain(
      '[fd00:10:244:1::20]:40000 → [fd00:10:96::80]:80 ⇒ [fd00:10:244:1::20]:40000 → [fd00:10:244:1::7]:8080',
    );
    // the Service's IPv6 cluster IP written as an address picks the same journey
    expect(text(DUAL_STACK_YAML, { from: 'pod/default/client', to: '[fd00:10:96::80]:80' })).toBe(
      v6.replace('to svc/default/web:80', 'to [fd00:10:96::80]:80'),
    );
  });

  it('dual-stack: an IPv6 client to the NodePort, answered through the node that masqueraded it', () => {
    golden(
      'dual-stack.nodeport-ipv6.txt',
      text(DUAL_STACK_YAML, { from: 'fd00:1::5', to: 'node/node-a:30080' }),
    );
  });

  it('an IPv6-only cluster: a pod to the Service on the other node and back', () => {
    const t = text(IPV6_ONLY_YAML, { from: 'pod/default/client', to: 'svc/default/web:80' });
    golden('ipv6-only.txt', t);
    expect(t).toContain('to node-a (fd00:192:168:10::11) by eth0');
  });

  it('says at its field when a flow asks for a family the cluster lacks or mixes families', () => {
    const v4only = loadCluster(NODEPORT_30080_YAML).model;
    const paths = (flow: Record<string, unknown>, model = v4only) =>
      readFlow(flow, model).diagnostics.map((d) => [d.path, d.code, d.message]);
    expect(paths({ from: 'node/node-a', to: 'node/node-b:30080', family: 'ipv6' })).toEqual([
      ['family', 'bad-value', expect.stringMatching(/^the cluster has no IPv6 \(/)],
    ]);
    expect(paths({ from: 'node/node-a', to: '[fd00::1]:80' })).toEqual([
      ['to', 'bad-value', expect.stringMatching(/^the cluster has no IPv6/)],
    ]);
    expect(paths({ from: 'node/node-a', to: 'node/node-b:1', family: 'ip6' })).toEqual([
      ['family', 'bad-value', '"ip6" is not an address family (expected ipv4 or ipv6)'],
    ]);
    const dual = loadCluster(DUAL_STACK_YAML).model;
    expect(paths({ from: '10.0.0.1', to: '[fd00:10:96::80]:80' }, dual)).toEqual([
      ['from', 'bad-value', '10.0.0.1 is an IPv4 address; this flow is IPv6'],
    ]);
    expect(paths({ from: 'node/node-a', to: 'fd00:10:96::80:80' }, dual)[0]?.[0]).toBe('to');
    const v6only = loadCluster(IPV6_ONLY_YAML).model;
    // an IPv6-only cluster's flows are IPv6 without saying so
    expect(readFlow({ from: 'node/node-b', to: 'svc/web:80' }, v6only).flow).toMatchObject({
      family: 'ipv6',
      to: { address: 0xfd000010009600000000000000000080n, role: 'cluster IP of default/web' },
    });
  });
});
