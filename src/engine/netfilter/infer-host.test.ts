import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../rules/index.ts';
import { inferHost } from './infer-host.ts';
import { readHost } from './host-reader.ts';

const fixture = (name: string) =>
  parseRuleset(readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url), 'utf8'))
    .ruleset;
const dump = (lines: string[]) => parseRuleset(lines.join('\n') + '\n').ruleset;

describe('inferHost', () => {
  it('gives Docker bridges the first address of the subnet they masquerade', () => {
    const { host, guesses } = inferHost(fixture('docker-host.rules'));
    expect(host).toEqual({
      interfaces: [
        { name: 'eth0', addresses: ['192.168.1.10/24'] },
        { name: 'br-5c1d0e8a9f3b', addresses: ['172.19.0.1/16'] },
        { name: 'docker0', addresses: ['172.17.0.1/16'] },
      ],
      routes: [{ to: 'default', via: '192.168.1.1', dev: 'eth0' }],
      ipForward: true,
    });
    expect(guesses.map((g) => [g.kind, g.subject, g.line])).toEqual([
      ['placeholder-address', 'eth0', null],
      ['masquerade-bridge', 'br-5c1d0e8a9f3b', 10],
      ['masquerade-bridge', 'docker0', 11],
      ['default-route', 'default', null],
      ['forwarding', 'ipForward', 34],
    ]);
    expect(readHost(host).diagnostics).toEqual([]);
  });

  it('takes one API server endpoint as the node and the cluster CIDR for cni0', () => {
    const { host, guesses } = inferHost(fixture('kube-proxy.rules'));
    expect(host.interfaces).toEqual([
      { name: 'eth0', addresses: ['192.168.1.10/24'] },
      { name: 'cni0', addresses: ['10.244.0.1/24'] },
    ]);
    expect(guesses.slice(0, 3)).toEqual([
      { kind: 'placeholder-uplink', subject: 'eth0', value: 'eth0', line: null },
      { kind: 'apiserver-endpoint', subject: 'eth0', value: '192.168.1.10/24', line: 109 },
      { kind: 'pod-cidr', subject: 'cni0', value: '10.244.0.1/24', line: 156 },
    ]);
    expect(readHost(host).diagnostics).toEqual([]);
  });

  it('prefers NodePort and LOCAL addresses, names interfaces and patterns', () => {
    const { host, guesses } = inferHost(
      dump([
        '*nat',
        ':PREROUTING ACCEPT [0:0]',
        ':KUBE-NODEPORTS - [0:0]',
        ':KUBE-SEP-A - [0:0]',
        '-A PREROUTING -d 10.0.5.7/32 -m addrtype --dst-type LOCAL -j ACCEPT',
        '-A KUBE-NODEPORTS -d 10.0.5.8/32 -p tcp -m tcp --dport 30080 -j ACCEPT',
        '-A KUBE-SEP-A -p tcp -m comment --comment "default/kubernetes:https" -m tcp -j DNAT --to-destination 10.0.9.9:6443',
        'COMMIT',
        '*filter',
        ':INPUT ACCEPT [0:0]',
        '-A INPUT -i ens5 -j ACCEPT',
        '-A INPUT -i docker0 -j ACCEPT',
        '-A INPUT -i wg0 -s 10.8.0.0/24 -j ACCEPT',
        '-A INPUT -i veth+ -j ACCEPT',
        'COMMIT',
      ]),
    );
    expect(host).toEqual({
      interfaces: [
        { name: 'ens5', addresses: ['10.0.5.8/24', '10.0.5.7/24'] },
        { name: 'docker0', addresses: ['172.17.0.1/16'] },
        { name: 'wg0', addresses: ['10.8.0.1/24'] },
      ],
      routes: [{ to: 'default', via: '10.0.5.1', dev: 'ens5' }],
      ipForward: true,
    });
    expect(guesses.map((g) => [g.kind, g.subject, g.value, g.line])).toEqual([
      ['nodeport-address', 'ens5', '10.0.5.8/24', 6],
      ['local-address', 'ens5', '10.0.5.7/24', 5],
      ['docker-default', 'docker0', '172.17.0.1/16', 12],
      // KUBE- chains but no pod CIDR anywhere: said, not a bridge made up
      ['no-pod-network', '', '', 3],
      ['interface-subnet', 'wg0', '10.8.0.1/24', 13],
      ['interface-pattern', 'veth+', '', 14],
      ['default-route', 'default', 'via 10.0.5.1 dev ens5', null],
      // no FORWARD rule, but the DNAT means the node passes packets on
      ['forwarding', 'ipForward', 'true', 7],
    ]);
    expect(readHost(host).diagnostics).toEqual([]);
  });

  it('says that Calico pods sit behind cali* interfaces rather than a bridge', () => {
    const { host, guesses } = inferHost(fixture('calico.rules'));
    expect(host.interfaces.some((i) => i.name === 'cni0')).toBe(false);
    const routed = guesses.find((g) => g.kind === 'pod-cidr-routed');
    expect(routed).toMatchObject({ subject: 'cali+' });
    // Calico masquerades by ipset: the CIDR itself is not in the rules
    expect(routed?.value).toBe('');
    expect(guesses.some((g) => g.kind === 'no-pod-network')).toBe(false);
  });

  it('says so when nothing forwards, and stands in an uplink for an empty dump', () => {
    const { host, guesses } = inferHost(dump(['*filter', ':INPUT DROP [0:0]', 'COMMIT']));
    expect(host).toEqual({
      interfaces: [{ name: 'eth0', addresses: ['192.168.1.10/24'] }],
      routes: [{ to: 'default', via: '192.168.1.1', dev: 'eth0' }],
      ipForward: false,
    });
    expect(guesses.map((g) => g.kind)).toEqual([
      'placeholder-uplink',
      'placeholder-address',
      'default-route',
      'no-forwarding',
    ]);
  });
});
