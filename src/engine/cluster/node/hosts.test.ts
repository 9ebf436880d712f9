import { describe, expect, it } from 'vitest';
import { readHost } from '../../netfilter/host-reader.ts';
import { hosts } from '../index.ts';
import { vethName } from './hosts.ts';

const TEXT = `kind: Node
metadata: {name: a}
spec: {podCIDR: 10.42.0.0/24}
status: {addresses: [{type: InternalIP, address: 10.32.11.62}]}
---
kind: Node
metadata: {name: b}
spec: {podCIDR: 10.42.1.0/24}
status: {addresses: [{type: InternalIP, address: 10.32.7.224}]}
---
kind: Pod
metadata: {name: p}
spec: {nodeName: a}
status: {podIP: 10.42.0.43}
`;

describe('hosts', () => {
  it('models each node: eth0, cni0 with the podCIDR gateway and a veth per pod, lo, routes', () => {
    const { hosts: h, diagnostics } = hosts(TEXT);
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(h['a']).toEqual({
      interfaces: [
        { name: 'lo', addresses: ['127.0.0.1/8'] },
        { name: 'eth0', addresses: ['10.32.11.62/20'] },
        { name: 'cni0', addresses: ['10.42.0.1/24'] },
      ],
      routes: [
        { to: '10.42.1.0/24', via: '10.32.7.224', dev: 'eth0' },
        { to: 'default', via: '10.32.0.1', dev: 'eth0' },
      ],
      ipForward: true,
      bridgeNetfilter: true,
      routeLocalnet: true,
      bridges: [
        {
          name: 'cni0',
          ports: [{ name: vethName('default', 'p'), addresses: ['10.42.0.43'], hairpin: true }],
        },
      ],
      backend: 'nft',
    });
    expect(h['b']?.routes[0]).toEqual({ to: '10.42.0.0/24', via: '10.32.11.62', dev: 'eth0' });
  });

  it('produces data the simulator’s host reader accepts without complaint', () => {
    for (const [name, host] of Object.entries(hosts(TEXT).hosts)) {
      const r = readHost(JSON.parse(JSON.stringify(host)));
      expect(r.diagnostics).toEqual([]);
      expect(r.host.interfaces.map((i) => i.name)).toEqual(['lo', 'eth0', 'cni0']);
      expect(r.host.bridges[0]?.ports).toHaveLength(name === 'a' ? 1 : 0);
    }
  });

  it('names veths within the kernel’s 15 characters', () => {
    expect(vethName('kube-system', 'a-very-long-pod-name-0123456789')).toMatch(/^veth[0-9a-f]{8}$/);
  });
});
