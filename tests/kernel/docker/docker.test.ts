// Docker hosts against the kernel: the rules the Docker compiler writes for a DockerHost are
// loaded with iptables-nft-restore into a host namespace built from the compiled host model, and
// real TCP connections must be delivered or refused exactly as the engine's trace says: a port
// published from outside, a container reaching the outside (masqueraded), isolation between two
// bridge networks, and a container's unpublished port from outside.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileDockerHost, vethName } from '../../../src/engine/docker/index.ts';
import { readHost, readPackets, simulate } from '../../../src/engine/netfilter/index.ts';
import { kernelEnvironment, kernelSuiteTitle } from '../environment.ts';
import { buildDockerLab, type DockerLab } from './docker-lab.ts';

const env = kernelEnvironment();

const HOST = `apiVersion: netfilter-lab/v1alpha1
kind: DockerHost
metadata: {name: lab}
spec:
  interfaces: [{name: eth0, address: 192.168.61.5/24, gateway: 192.168.61.1}]
  networks:
  - {name: backend, bridge: br-backend, subnet: 172.18.0.0/16}
  containers:
  - {name: web, ports: ['8080:80']}
  - {name: cache}
  - {name: db, networks: [backend]}
`;

const compiled = compileDockerHost(HOST);
const OUTSIDE = '192.168.61.100';

/** Where each case starts (the namespace and the interface the host sees it arrive on). */
const FROM: Record<string, { in: string; src: string }> = {
  outside: { in: 'eth0', src: OUTSIDE },
  web: { in: 'docker0', src: '172.17.0.2' },
  db: { in: 'br-backend', src: '172.18.0.2' },
};

const CASES: [name: string, from: string, dst: string, port: number, server: string][] = [
  ['a published port reached from outside', 'outside', '192.168.61.5', 8080, 'web'],
  ['a container reaching the outside', 'web', OUTSIDE, 443, 'outside'],
  ['a container of one bridge network reaching another', 'db', '172.17.0.3', 80, 'cache'],
  ["an unpublished container's port from outside", 'outside', '172.17.0.3', 80, 'cache'],
];

function engine(from: string, dst: string, dport: number) {
  const host = readHost(compiled.host).host;
  const { packets } = readPackets({ ...FROM[from], proto: 'tcp', dst, dport });
  return simulate(compiled.ruleset, host, packets).packets[0]!.result;
}

describe.skipIf(!env.ok)(kernelSuiteTitle('Docker host'), () => {
  let lab: DockerLab;

  beforeAll(async () => {
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const spec = compiled.spec!;
    const containers = spec.containers.map((c) => {
      const a = c.attachments[0]!;
      const net = spec.networks.find((n) => n.name === a.network)!;
      const ip = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
      return {
        name: c.name,
        veth: vethName(c.name, net.name),
        address: ip(a.address),
        prefix: net.subnet.prefix,
        gateway: ip(net.gateway),
      };
    });
    lab = buildDockerLab(compiled.host!, containers, [`${OUTSIDE}/24`, '192.168.61.1/24']);
    lab.loadRules(compiled.rulesetText);
    await Promise.all([lab.serve('web', 80), lab.serve('cache', 80), lab.serve('outside', 443)]);
  });

  afterAll(() => lab?.teardown());

  it.each(CASES)('%s: the kernel agrees with the trace', (_, from, dst, port) => {
    const traced = engine(from, dst, port);
    const real = lab.connect(from, dst, port, 2);
    expect(real.ok, JSON.stringify(real)).toBe(traced.verdict === 'ACCEPT');
    if (!real.ok) return;
    // the echo server answers "LOCAL_ADDR LOCAL_PORT PEER_ADDR PEER_PORT": where the connection
    // landed (after DNAT) and the source it came from (after MASQUERADE)
    const [local, localPort, peer] = real.reply.split(' ');
    expect(`${local}:${localPort}`).toBe(`${traced.packet.dst}:${traced.packet.dport}`);
    expect(peer).toBe(traced.packet.src);
  });

  it('the cases cover delivery and refusal both', () => {
    const verdicts = CASES.map(([, from, dst, port]) => engine(from, dst, port).verdict);
    expect(verdicts).toEqual(['ACCEPT', 'ACCEPT', 'DROP', 'DROP']);
  });
});
