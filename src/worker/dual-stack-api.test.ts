import { describe, expect, it } from 'vitest';
import { DUAL_STACK_YAML } from '../engine/scenarios/dual-stack.ts';
import { engineApi } from './engine-api.ts';

describe('the worker with a dual-stack cluster', () => {
  const compiled = engineApi.compileCluster(DUAL_STACK_YAML);

  it('summarises both families’ addresses, the IPv4 ones where they always were', () => {
    const { summary } = compiled;
    expect(summary.families).toEqual(['ipv4', 'ipv6']);
    const web = summary.services.find((s) => s.name === 'web');
    expect(web?.clusterIP).toBe('10.96.0.80');
    expect(web?.clusterIPv6).toBe('fd00:10:96::80');
    const client = summary.pods.find((p) => p.name === 'client');
    expect(client?.ip).toBe('10.244.1.20');
    expect(client?.ipv6).toBe('fd00:10:244:1::20');
    expect(summary.nodes.find((n) => n.name === 'node-a')?.ipv6).toBe('fd00:192:168:10::11');
  });

  it('keeps each node’s ip6tables rules beside its iptables rules', () => {
    const node = compiled.nodes.find((n) => n.name === 'node-b');
    expect(node?.rulesetText).toContain('10.96.0.80/32');
    expect(node?.ipv6?.rulesetText).toContain('fd00:10:96::80/128');
    expect(node?.ipv6?.rulesetText).not.toContain('10.96.0.80');
  });

  it('traces an IPv6 packet through the node’s ip6tables rules', () => {
    const client = compiled.summary.pods.find((p) => p.name === 'client')!;
    const traced = engineApi.trace({
      source: { kind: 'cluster', yaml: DUAL_STACK_YAML, node: 'node-b' },
      packets: [
        {
          in: client.veth,
          proto: 'tcp',
          src: client.ipv6!,
          sport: 40000,
          dst: 'fd00:10:96::80',
          dport: 80,
          tcpFlags: 'SYN',
        },
      ],
      seed: 1,
    });
    expect(traced.problems).toEqual([]);
    const text = JSON.stringify(traced.result);
    expect(text).toMatch(/\[fd00:10:244(:1)?::[57]\]:8080/);
  });

  it('says so when the IPv6 rules of a cluster without IPv6 are asked for', () => {
    const yaml = DUAL_STACK_YAML.replace('"10.96.0.0/16,fd00:10:96::/112"', '10.96.0.0/16');
    const traced = engineApi.trace({
      source: { kind: 'cluster', yaml, node: 'node-a', family: 'ipv6' },
      packets: [{ proto: 'icmpv6', src: 'fd00::1', dst: 'fd00::2', in: 'eth0' }],
    });
    expect(traced.result).toBeNull();
    expect(traced.problems[0]?.message).toMatch(/no IPv6/);
  });
});
