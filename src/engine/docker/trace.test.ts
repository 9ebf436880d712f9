// The compiled rules traced on the compiled host: what Lesson 10 and the Docker example teach.
import { describe, expect, it } from 'vitest';
import { readHost, readPackets, simulate } from '../netfilter/index.ts';
import { parseRuleset } from '../rules/index.ts';
import { compileDockerHost } from './index.ts';

const HOST = `apiVersion: netfilter-lab/v1alpha1
kind: DockerHost
metadata: {name: web-host}
spec:
  interfaces: [{name: eth0, address: 203.0.113.5/24, gateway: 203.0.113.1}]
  networks:
  - {name: backend, bridge: br-backend, subnet: 172.18.0.0/16}
  containers:
  - {name: web, ports: ['8080:80', '127.0.0.1:9090:90']}
  - {name: db, networks: [backend]}
  - {name: cache}
`;

function trace(packet: Record<string, unknown>, text = HOST) {
  const compiled = compileDockerHost(text);
  const host = readHost(compiled.host);
  expect(host.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const { packets } = readPackets(packet);
  const run = simulate(compiled.ruleset, host.host, packets);
  const t = run.packets[0]!;
  const hooks = t.steps.filter((s) => s.kind === 'hook-enter').map((s) => s.hook);
  return { result: t.result, hooks, steps: t.steps };
}

const fromOutside = { in: 'eth0', proto: 'tcp', src: '198.51.100.66', dst: '203.0.113.5' };

describe('a Docker host traced', () => {
  it('a published port is DNATed in PREROUTING and forwarded: INPUT is not on the path', () => {
    const { result, hooks } = trace({ ...fromOutside, dport: 8080 });
    expect(hooks).toEqual(['PREROUTING', 'FORWARD', 'POSTROUTING']);
    expect(result).toMatchObject({ verdict: 'ACCEPT', fate: 'forward', outInterface: 'docker0' });
    expect(result.packet).toMatchObject({ dst: '172.17.0.2', dport: 80 });
  });

  it('a port published on 127.0.0.1 is not DNATed for a packet from outside', () => {
    const { result, hooks } = trace({ ...fromOutside, dport: 9090 });
    expect(hooks).toContain('INPUT');
    expect(result.packet.dst).toBe('203.0.113.5');
  });

  // a container with a published port may be reached only from its own bridge (raw PREROUTING)
  it("a packet sent straight to a container's address from outside is dropped in raw", () => {
    const { result, steps } = trace({ ...fromOutside, dst: '172.17.0.2', dport: 80 });
    expect(result.verdict).toBe('DROP');
    const drop = steps.find((s) => s.kind === 'rule' && s.matched && s.target === 'DROP');
    expect(drop).toMatchObject({ table: 'raw', chain: 'PREROUTING' });
  });

  it('a container reaches the outside, masqueraded to the host address', () => {
    const { result } = trace({
      in: 'docker0',
      proto: 'tcp',
      src: '172.17.0.2',
      dst: '93.184.216.34',
      dport: 443,
    });
    expect(result).toMatchObject({ verdict: 'ACCEPT', fate: 'forward', outInterface: 'eth0' });
    expect(result.packet.src).toBe('203.0.113.5');
  });

  // cache publishes nothing, so no raw rule protects it: the isolation chains decide
  it('two bridge networks are isolated: DOCKER-ISOLATION-STAGE-2 drops the packet', () => {
    const { result, steps } = trace({
      in: 'br-backend',
      proto: 'tcp',
      src: '172.18.0.2',
      dst: '172.17.0.3',
      dport: 80,
    });
    expect(result.verdict).toBe('DROP');
    const drop = steps.find((s) => s.kind === 'rule' && s.matched && s.target === 'DROP');
    expect(drop).toMatchObject({ chain: 'DOCKER-ISOLATION-STAGE-2' });
  });

  it('a DOCKER-USER rule must name the container port: after DNAT the packet is for 80', () => {
    const compiled = compileDockerHost(HOST);
    const withUser = (rule: string) =>
      compiled.rulesetText
        .replace(':DOCKER-USER - [0:0]\n', `:DOCKER-USER - [0:0]\n`)
        .replace(/\nCOMMIT\n$/, `\n${rule}\nCOMMIT\n`);
    const host = readHost(compiled.host).host;
    const { packets } = readPackets({ ...fromOutside, dport: 8080 });
    const verdict = (rule: string) => {
      const rs = parseRuleset(withUser(rule), { format: 'save', family: 'ipv4' }).ruleset;
      return simulate(rs, host, packets).packets[0]!.result.verdict;
    };
    expect(verdict('-A DOCKER-USER -p tcp -m tcp --dport 8080 -j DROP')).toBe('ACCEPT');
    expect(verdict('-A DOCKER-USER -p tcp -m tcp --dport 80 -j DROP')).toBe('DROP');
  });
});
