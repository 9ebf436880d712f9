import { describe, expect, it } from 'vitest';
import { loadCluster } from '../../engine/cluster/index.ts';
import { CLUSTERIP_4PODS_YAML } from '../../engine/scenarios/clusterip-4pods.ts';
import { summarize } from '../../worker/cluster-cache.ts';
import type { ClusterSummary } from '../../worker/protocol.ts';
import {
  destinationValue,
  externalOptions,
  externalPort,
  nodePortOptions,
  parseDestinationValue,
  podOptions,
  senderPodOptions,
  parseSourceValue,
  podPort,
  serviceOptions,
} from './choices.ts';
import { DUAL_STACK_YAML } from '../../engine/scenarios/dual-stack.ts';
import { engineApi } from '../../worker/engine-api.ts';

const CLUSTER: ClusterSummary = {
  nodes: [{ name: 'node-a', ip: '10.0.0.1', podCIDR: null }],
  pods: [
    {
      namespace: 'default',
      name: 'web-0',
      ip: '10.42.0.5',
      node: 'node-a',
      veth: 'veth0',
      ports: [{ port: 8080, protocol: 'TCP' }],
    },
  ],
  services: [
    {
      namespace: 'default',
      name: 'web',
      type: 'LoadBalancer',
      clusterIP: '10.43.0.20',
      externalIPs: ['198.51.100.50'],
      loadBalancerIPs: ['203.0.113.10'],
      ports: [{ name: 'http', protocol: 'TCP', port: 80, nodePort: 30080 }],
    },
  ],
  clients: [],
};

describe('LoadBalancer and external IPs in the To list', () => {
  it('offers each LoadBalancer ingress IP and externalIP with each Service port', () => {
    expect(externalOptions(CLUSTER)).toEqual([
      {
        value: 'ext:203.0.113.10:80',
        label: 'default/web → 203.0.113.10:80/TCP (LoadBalancer)',
        protocol: 'tcp',
      },
      {
        value: 'ext:198.51.100.50:80',
        label: 'default/web → 198.51.100.50:80/TCP (externalIP)',
        protocol: 'tcp',
      },
    ]);
  });

  it('an option becomes an address and port, and such an address shows as its option again', () => {
    const v = 'ext:203.0.113.10:80';
    const d = parseDestinationValue(v, { kind: 'address', address: '' });
    expect(d).toEqual({ kind: 'address', address: '203.0.113.10' });
    expect(externalPort(v)).toBe(80);
    const known = externalOptions(CLUSTER).map((o) => o.value);
    expect(destinationValue(d, 80, known)).toBe(v);
    // another port, or no such option: the typed "any address"
    expect(destinationValue(d, 81, known)).toBe('address');
    expect(destinationValue(d, 80)).toBe('address');
  });
});

describe('podPort', () => {
  it("is the pod's first container port, or null for a pod that declares none", () => {
    expect(podPort(CLUSTER, 'default', 'web-0')).toEqual({ port: 8080, protocol: 'TCP' });
    expect(podPort(CLUSTER, 'default', 'nope')).toBeNull();
  });
});

describe("the cluster summary's pods", () => {
  it('carry the ports their containers declare', () => {
    const c = summarize(loadCluster(CLUSTERIP_4PODS_YAML).model);
    expect(podPort(c, 'default', 'service-test-cd79b78bd-pq8bz')).toEqual({
      port: 8080,
      protocol: 'TCP',
    });
    expect(podPort(c, 'default', 'client')).toBeNull();
  });
});

describe('choices in a dual-stack cluster', () => {
  const c = engineApi.compileCluster(DUAL_STACK_YAML).summary;

  it('offers each Service port, NodePort and pod once per family', () => {
    const labels = serviceOptions(c).map((o) => o.label);
    expect(labels).toContain('default/web → 10.96.0.80:80/TCP');
    expect(labels).toContain('default/web → [fd00:10:96::80]:80/TCP');
    const np = nodePortOptions(c).map((o) => o.label);
    expect(np.filter((l) => l.endsWith('(node-a)'))).toHaveLength(2);
    expect(np.some((l) => l.includes('[fd00:192:168:10::11]:'))).toBe(true);
    expect(podOptions(c).map((o) => o.label)).toEqual(
      expect.arrayContaining(['web-1 (10.244.0.5)', 'web-1 (fd00:10:244::5)']),
    );
  });

  it('offers each pod once as a sender, named by the address of the destination’s family', () => {
    const v6 = senderPodOptions(c, 'ipv6').find((o) => o.value === 'pod:default/client');
    expect(v6?.label).toBe('client (fd00:10:244:1::20)');
    const v4 = senderPodOptions(c, 'ipv4').find((o) => o.value === 'pod:default/client');
    expect(v4?.label).toBe('client (10.244.1.20)');
    expect(senderPodOptions(c, 'ipv6')).toHaveLength(c.pods.length);
    for (const o of senderPodOptions(c, 'ipv6'))
      expect(parseSourceValue(o.value, { kind: 'node', name: 'x' }).kind).toBe('pod');
  });

  it('reads an IPv6 choice back with its family, and writes it the same', () => {
    for (const o of [...serviceOptions(c), ...nodePortOptions(c), ...podOptions(c)]) {
      const d = parseDestinationValue(o.value, { kind: 'address', address: '' });
      expect(destinationValue(d)).toBe(o.value);
      expect(d.kind !== 'address' && d.family === 'ipv6').toBe(o.label.includes('fd00:'));
    }
  });
});
