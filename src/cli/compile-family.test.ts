/** `compile --family ipv4|ipv6`: a node's iptables or ip6tables rules. */
import { describe, expect, it } from 'vitest';
import { DUAL_STACK_YAML } from '../engine/scenarios/dual-stack.ts';
import { cli, root } from './test-kit.ts';

const v6only = `${root}src/engine/cluster/__golden__/kube-proxy/localhost-nodeports-enable-ipv6-1.28.yaml`;

describe('netfilter-lab compile --family', () => {
  it('prints the IPv6 rules of a dual-stack node with --family ipv6', () => {
    const v6 = cli(['compile', '-', '--node', 'node-b', '--family', 'ipv6'], DUAL_STACK_YAML);
    expect(v6.status).toBe(0);
    expect(v6.stdout).toContain('-A KUBE-SERVICES ! -d ::1/128');
    expect(v6.stderr).not.toContain('--family ipv6 prints');
  });

  it('prints the IPv4 rules of a dual-stack node without --family, and says once where the IPv6 ones are', () => {
    const v4 = cli(['compile', '-', '--node', 'node-b'], DUAL_STACK_YAML);
    expect(v4.status).toBe(0);
    expect(v4.stdout).not.toContain('fd00:');
    expect(v4.stderr.match(/--family ipv6 prints/g)).toHaveLength(1);
  });

  it('defaults to IPv6 for an IPv6-only cluster and refuses a family it does not know', () => {
    const r = cli(['compile', v6only]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('-j DNAT --to-destination [ff06::c1]:80');
    const bad = cli(['compile', v6only, '--family', 'inet6']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--family takes ipv4 or ipv6');
  });

  it('reports an IPv4-only cluster asked for its IPv6 rules as an error', () => {
    const r = cli([
      'compile',
      `${root}src/engine/cluster/__golden__/kube-proxy/nodeport-1.28.yaml`,
      '--family',
      'ipv6',
    ]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('this cluster has IPv4 only');
  });
});
