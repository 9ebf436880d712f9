import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../rules/index.ts';
import { inferHost, type HostDocument } from './infer-host.ts';
import { hostWarnings } from './infer-host-warnings.ts';
import { lookupRoute } from './routing.ts';
import { readHost } from './host-reader.ts';
import { parseIPv4 } from './ipv4.ts';

const inferred = (name: string) =>
  inferHost(
    parseRuleset(readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url), 'utf8'))
      .ruleset,
  );

const host = (interfaces: HostDocument['interfaces']): HostDocument => ({
  interfaces,
  routes: [{ to: 'default', via: '10.0.0.1', dev: 'eth0' }],
  ipForward: true,
});

describe('hostWarnings', () => {
  it('warns of two interfaces whose addresses overlap, naming the one packets leave by', () => {
    const doc = host([
      { name: 'eth0', addresses: ['10.0.0.5/16'] },
      { name: 'cni0', addresses: ['10.0.7.1/24'] },
      { name: 'eth1', addresses: ['192.168.9.2/24'] },
    ]);
    expect(hostWarnings(doc, [])).toEqual([
      {
        kind: 'overlap',
        path: 'interfaces[1].addresses',
        a: { iface: 'eth0', address: '10.0.0.5/16' },
        b: { iface: 'cni0', address: '10.0.7.1/24' },
        net: '10.0.7.0/24',
        winner: 'cni0',
      },
    ]);
    // the winner is the one routing picks
    const r = lookupRoute(readHost(doc).host, parseIPv4('10.0.7.9')!);
    expect(r.kind === 'unicast' && r.dev).toBe('cni0');
  });

  it('on equal prefixes the interface listed first takes the packets', () => {
    const doc = host([
      { name: 'eth0', addresses: ['10.0.0.5/24'] },
      { name: 'eth1', addresses: ['10.0.0.6/24'] },
    ]);
    const [w] = hostWarnings(doc, []);
    expect(w).toMatchObject({ kind: 'overlap', net: '10.0.0.0/24', winner: 'eth0' });
    const r = lookupRoute(readHost(doc).host, parseIPv4('10.0.0.9')!);
    expect(r.kind === 'unicast' && r.dev).toBe('eth0');
    // two addresses of one interface are no such problem
    expect(
      hostWarnings(host([{ name: 'eth0', addresses: ['10.0.0.5/24', '10.0.0.6/24'] }]), []),
    ).toEqual([]);
  });

  it('warns that a pod network was guessed, while it stands as guessed', () => {
    const { host: doc, guesses } = inferred('kube-proxy.rules');
    expect(hostWarnings(doc, guesses)).toEqual([
      {
        kind: 'pod-network-guessed',
        path: 'interfaces[1].addresses',
        iface: 'cni0',
        address: '10.244.0.1/24',
        net: '10.244.0.0/24',
        line: 156,
      },
    ]);
    const changed = structuredClone(doc);
    changed.interfaces[1]!.addresses = ['10.244.3.1/24'];
    expect(hostWarnings(changed, guesses)).toEqual([]);
  });

  it('warns that a Kubernetes node was guessed to have no pod network, until an address is added', () => {
    const { host: doc, guesses } = inferHost(
      parseRuleset(
        [
          '*nat',
          ':PREROUTING ACCEPT [0:0]',
          ':KUBE-SERVICES - [0:0]',
          '-A PREROUTING -j KUBE-SERVICES',
          'COMMIT',
          '',
        ].join('\n'),
      ).ruleset,
    );
    expect(hostWarnings(doc, guesses)).toEqual([
      { kind: 'pod-network-absent', path: 'interfaces', uplink: 'eth0', line: 3 },
    ]);
    const added = structuredClone(doc);
    added.interfaces.push({ name: 'cni0', addresses: ['10.244.0.1/24'] });
    expect(hostWarnings(added, guesses)).toEqual([]);
  });

  it('warns that Calico pods are not listed, until a route by a cali interface is added', () => {
    const { host: doc, guesses } = inferred('calico.rules');
    expect(hostWarnings(doc, guesses)).toEqual([
      expect.objectContaining({ kind: 'pod-network-routed', pattern: 'cali+', path: 'routes' }),
    ]);
    const routed = structuredClone(doc);
    routed.routes.push({ to: '10.244.1.5/32', dev: 'cali12345' });
    expect(hostWarnings(routed, guesses)).toEqual([]);
  });
});
