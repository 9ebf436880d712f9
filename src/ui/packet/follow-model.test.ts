import { describe, expect, it } from 'vitest';
import type { ClusterSummary } from '../../worker/protocol.ts';
import { followModel } from './follow-model.ts';
import { resolvePacket, type PacketForm } from './packet-form.ts';

const node = (name: string, ip: string) => ({ name, ip, podCIDR: null });
const pod = (namespace: string, name: string, ip: string, ports = [8080]) => ({
  namespace,
  name,
  ip,
  node: 'node-a',
  veth: `veth-${name}`,
  ports: ports.map((port) => ({ port, protocol: 'TCP' })),
});
const service = (namespace: string, name: string, ports: number[], nodePort = 0) => ({
  namespace,
  name,
  type: nodePort ? 'NodePort' : 'ClusterIP',
  clusterIP: '10.43.0.20',
  externalIPs: [],
  loadBalancerIPs: [],
  ports: ports.map((port) => ({ name: '', protocol: 'TCP', port, nodePort })),
});

const CLUSTER: ClusterSummary = {
  nodes: [node('node-a', '10.0.0.1'), node('node-b', '10.0.0.2')],
  pods: [pod('default', 'client', '10.42.0.10'), pod('default', 'web-0', '10.42.0.11')],
  services: [service('default', 'service-test', [80])],
  clients: [{ name: 'laptop', address: '203.0.113.7' }],
};

const FORM: PacketForm = {
  source: { kind: 'pod', namespace: 'default', name: 'client' },
  destination: { kind: 'service', namespace: 'default', name: 'service-test', port: 80 },
  proto: 'tcp',
  sport: 40000,
  dport: 80,
  tcpFlags: 'SYN',
  entryNode: 'node-a',
  entryInterface: 'eth0',
};

describe('followModel', () => {
  it('keeps every choice that still exists, as the same object', () => {
    expect(followModel(FORM, CLUSTER)).toBe(FORM);
  });

  it('a renamed Service: the form picks the new name and the packet resolves again', () => {
    const renamed = { ...CLUSTER, services: [service('default', 'service-test2', [80])] };
    expect(resolvePacket(FORM, renamed).ok).toBe(false);
    const next = followModel(FORM, renamed);
    expect(next.destination).toEqual({
      kind: 'service',
      namespace: 'default',
      name: 'service-test2',
      port: 80,
    });
    expect(next.source).toBe(FORM.source);
    expect(resolvePacket(next, renamed).ok).toBe(true);
  });

  it('prefers a Service in the same namespace, then the first; a vanished port falls to the first', () => {
    const c = {
      ...CLUSTER,
      services: [service('other', 'service-test', [80]), service('default', 'api', [9000, 9001])],
    };
    expect(followModel(FORM, c).destination).toEqual({
      kind: 'service',
      namespace: 'default',
      name: 'api',
      port: 9000,
    });
  });

  it('a vanished pod falls back to the most similar pod in its namespace', () => {
    const c = {
      ...CLUSTER,
      pods: [pod('default', 'web-0', '10.42.0.11'), pod('default', 'client-x', '10.42.0.12')],
    };
    expect(followModel(FORM, c).source).toEqual({
      kind: 'pod',
      namespace: 'default',
      name: 'client-x',
    });
  });

  it('with no pod left, the sender becomes an external client, then a node', () => {
    expect(followModel(FORM, { ...CLUSTER, pods: [] }).source).toEqual({
      kind: 'client',
      name: 'laptop',
    });
    expect(followModel(FORM, { ...CLUSTER, pods: [], clients: [] }).source).toEqual({
      kind: 'node',
      name: 'node-a',
    });
  });

  it('a pod destination that vanished takes the new pod and its container port', () => {
    const form: PacketForm = {
      ...FORM,
      destination: { kind: 'pod', namespace: 'default', name: 'web-0' },
      dport: 8080,
    };
    const c = { ...CLUSTER, pods: [pod('default', 'web-1', '10.42.0.13', [9090])] };
    const next = followModel(form, c);
    expect(next.destination).toEqual({ kind: 'pod', namespace: 'default', name: 'web-1' });
    expect(next.dport).toBe(9090);
  });

  it('a NodePort follows its Service to a new nodePort, on the same node', () => {
    const form: PacketForm = {
      ...FORM,
      source: { kind: 'client', name: 'laptop' },
      destination: {
        kind: 'nodeport',
        namespace: 'default',
        name: 'service-test',
        nodePort: 30080,
        node: 'node-b',
      },
      entryNode: 'node-b',
    };
    const c = { ...CLUSTER, services: [service('default', 'service-test', [80], 30090)] };
    const next = followModel(form, c);
    expect(next.destination).toEqual({ ...form.destination, nodePort: 30090 });
    expect(next.entryNode).toBe('node-b');
    expect(resolvePacket(next, c).ok).toBe(true);
  });

  it('an entry node that vanished becomes the first node; addresses stay as typed', () => {
    const form: PacketForm = {
      ...FORM,
      source: { kind: 'address', address: '198.51.100.1' },
      destination: { kind: 'address', address: '10.9.9.9' },
      entryNode: 'node-gone',
    };
    const next = followModel(form, CLUSTER);
    expect(next.entryNode).toBe('node-a');
    expect(next.source).toBe(form.source);
    expect(next.destination).toBe(form.destination);
  });
});
