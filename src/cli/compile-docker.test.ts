import { describe, expect, it } from 'vitest';
import { cli } from './test-kit.ts';

const HOST = `apiVersion: netfilter-lab/v1alpha1
kind: DockerHost
metadata: {name: web-host}
spec:
  containers: [{name: web, ports: ['8080:80']}]
`;

describe('compile a DockerHost', { timeout: 30_000 }, () => {
  it('prints the rules dockerd writes, and the host model with --hosts', () => {
    const rules = cli(['compile', '-'], HOST);
    expect(rules.status).toBe(0);
    expect(rules.stdout).toContain(
      '-A DOCKER ! -i docker0 -p tcp -m tcp --dport 8080 -j DNAT --to-destination 172.17.0.2:80',
    );
    expect(rules.stdout).toContain('-A FORWARD -j DOCKER-FORWARD');
    const host = cli(['compile', '-', '--hosts', '--json'], HOST);
    expect(JSON.parse(host.stdout)).toMatchObject({
      interfaces: [{ name: 'eth0' }, { name: 'docker0', addresses: ['172.17.0.1/16'] }],
      ipForward: true,
    });
  });

  it('exits 1 with the position of a container on an unknown network', () => {
    const r = cli(['compile', '-'], HOST.replace('name: web,', 'name: web, networks: [front],'));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/<stdin>:5:\d+: error: network front is not defined/);
  });

  it('reads a Kubernetes node as before when --node names one beside a DockerHost', () => {
    const node = `---\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\nspec: {podCIDR: 10.244.1.0/24}\nstatus: {addresses: [{type: InternalIP, address: 192.168.0.2}]}\n`;
    const r = cli(['compile', '-', '--node', 'n1'], HOST + node);
    expect(r.stdout).toContain('KUBE-');
    expect(r.stdout).not.toContain('DOCKER');
  });
});
