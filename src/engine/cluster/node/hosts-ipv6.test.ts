/** The IPv6 side of the host files: written for a cluster with IPv6, never for an IPv4 one. */
import { describe, expect, it } from 'vitest';
import { DUAL_STACK_YAML } from '../../scenarios/dual-stack.ts';
import { hosts } from '../index.ts';
import { vethName } from './hosts.ts';

describe('hosts of a dual-stack cluster', () => {
  const { hosts: h } = hosts(DUAL_STACK_YAML);
  const b = h['node-b']!;

  it('puts each family on lo, eth0 and cni0, and each pod address on its port', () => {
    expect(b.interfaces).toEqual([
      { name: 'lo', addresses: ['127.0.0.1/8', '::1/128'] },
      { name: 'eth0', addresses: ['192.168.10.12/24', 'fd00:192:168:10::12/64'] },
      { name: 'cni0', addresses: ['10.244.1.1/24', 'fd00:10:244:1::1/64'] },
    ]);
    const port = b.bridges[0]!.ports.find((p) => p.name === vethName('default', 'web-2'));
    expect(port?.addresses).toEqual(['10.244.1.7', 'fd00:10:244:1::7']);
  });

  it("routes the other node's IPv6 podCIDR via its IPv6 address, and ::/0 by eth0", () => {
    expect(b.routes.slice(2)).toEqual([
      { to: 'fd00:10:244::/64', via: 'fd00:192:168:10::11', dev: 'eth0' },
      { to: '::/0', via: 'fd00:192:168:10::1', dev: 'eth0' },
    ]);
  });

  it('writes no IPv6 for the same cluster without its IPv6 range', () => {
    const v4 = DUAL_STACK_YAML.replace('10.96.0.0/16,fd00:10:96::/112', '10.96.0.0/16');
    const text = JSON.stringify(hosts(v4).hosts);
    expect(text).toContain('10.244.1.7');
    expect(text).not.toContain('fd00');
  });
});
