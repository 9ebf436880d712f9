import { describe, expect, it } from 'vitest';
import type { ClusterSummary } from '../../../worker/protocol.ts';
import type { PacketForm } from '../../packet/packet-form.ts';
import { flowOf } from './flow-of.ts';
import { DUAL_STACK_YAML } from '../../../engine/scenarios/dual-stack.ts';
import { engineApi } from '../../../worker/engine-api.ts';

const CLUSTER: ClusterSummary = {
  nodes: [
    { name: 'node-a', ip: '10.0.0.1', podCIDR: '10.42.0.0/24' },
    { name: 'node-b', ip: '10.0.0.2', podCIDR: '10.42.1.0/24' },
  ],
  pods: [{ namespace: 'default', name: 'client', ip: '10.42.0.10', node: 'node-a', veth: 'veth1' }],
  services: [],
  clients: [{ name: 'laptop', address: '203.0.113.7' }],
};

const FORM: PacketForm = {
  source: { kind: 'pod', namespace: 'default', name: 'client' },
  destination: { kind: 'service', namespace: 'default', name: 'web', port: 80 },
  proto: 'tcp',
  sport: 40000,
  dport: 8080,
  tcpFlags: 'SYN',
  entryNode: 'node-b',
  entryInterface: 'eth0',
};

describe('flowOf', () => {
  it('a pod to a Service port: names, not addresses; TCP keeps its flags', () => {
    expect(flowOf(FORM, CLUSTER)).toEqual({
      ok: true,
      flow: {
        from: 'pod/default/client',
        to: 'svc/default/web:80',
        proto: 'tcp',
        sport: 40000,
        tcpFlags: 'SYN',
      },
    });
  });

  it('an external client to a NodePort enters by the chosen node', () => {
    const form: PacketForm = {
      ...FORM,
      source: { kind: 'client', name: 'laptop' },
      destination: {
        kind: 'nodeport',
        namespace: 'default',
        name: 'web',
        nodePort: 30080,
        node: 'node-a',
      },
      proto: 'udp',
      sport: 5353,
    };
    expect(flowOf(form, CLUSTER)).toEqual({
      ok: true,
      flow: {
        from: 'client/laptop',
        to: 'node/node-a:30080',
        proto: 'udp',
        sport: 5353,
        via: 'node/node-b',
      },
    });
  });

  it('a node to a pod uses the form port; an empty flag list means SYN', () => {
    const form: PacketForm = {
      ...FORM,
      source: { kind: 'node', name: 'node-b' },
      destination: { kind: 'pod', namespace: 'default', name: 'client' },
      tcpFlags: '',
    };
    expect(flowOf(form, CLUSTER)).toEqual({
      ok: true,
      flow: {
        from: 'node/node-b',
        to: 'pod/default/client:8080',
        proto: 'tcp',
        sport: 40000,
        tcpFlags: 'SYN',
      },
    });
  });

  it('an outside address enters by the entry node; a pod address sends from its own node', () => {
    const outside: PacketForm = {
      ...FORM,
      source: { kind: 'address', address: '198.51.100.9' },
      destination: { kind: 'address', address: '10.42.0.10' },
      proto: 'sctp',
    };
    expect(flowOf(outside, CLUSTER)).toEqual({
      ok: true,
      flow: {
        from: '198.51.100.9',
        to: '10.42.0.10:8080',
        proto: 'sctp',
        sport: 40000,
        via: 'node/node-b',
      },
    });
    const podAddress: PacketForm = {
      ...outside,
      source: { kind: 'address', address: '10.42.0.10' },
    };
    expect(flowOf(podAddress, CLUSTER)).toEqual({
      ok: true,
      flow: { from: '10.42.0.10', to: '10.42.0.10:8080', proto: 'sctp', sport: 40000 },
    });
  });

  it('ICMP is not a connection to follow; a half-typed address is not a flow yet', () => {
    expect(flowOf({ ...FORM, proto: 'icmp' }, CLUSTER)).toEqual({ ok: false, why: 'protocol' });
    expect(
      flowOf({ ...FORM, destination: { kind: 'address', address: '10.42.0.' } }, CLUSTER),
    ).toEqual({ ok: false, why: 'incomplete' });
    expect(flowOf({ ...FORM, source: { kind: 'address', address: '' } }, CLUSTER)).toEqual({
      ok: false,
      why: 'incomplete',
    });
  });

  it('an unknown entry node is left out (the engine then picks the node owning the address)', () => {
    const form: PacketForm = { ...FORM, source: { kind: 'client', name: 'laptop' }, entryNode: '' };
    const f = flowOf(form, CLUSTER);
    expect(f.ok && 'via' in f.flow).toBe(false);
  });
});

describe('flowOf for an IPv6 packet', () => {
  const c = engineApi.compileCluster(DUAL_STACK_YAML).summary;
  const form: PacketForm = {
    ...FORM,
    source: { kind: 'pod', namespace: 'default', name: 'client' },
    destination: { kind: 'service', namespace: 'default', name: 'web', port: 80, family: 'ipv6' },
  };

  it('names both ends by their IPv6 addresses, since a name does not say its family', () => {
    expect(flowOf(form, c)).toMatchObject({
      ok: true,
      flow: { from: 'fd00:10:244:1::20', to: '[fd00:10:96::80]:80', proto: 'tcp', family: 'ipv6' },
    });
  });

  it('names the IPv4 family of its IPv4 twin, and none in a cluster without IPv6', () => {
    const v4 = { ...form, destination: { ...form.destination, family: undefined } };
    const twin = flowOf(v4 as PacketForm, c);
    expect(twin).toMatchObject({ ok: true, flow: { to: 'svc/default/web:80', family: 'ipv4' } });
    const only4 = flowOf(v4 as PacketForm, { ...c, families: ['ipv4'] });
    expect(only4.ok && 'family' in only4.flow).toBe(false);
  });

  it('the engine follows the IPv6 flow across the nodes, hops written with IPv6 addresses', () => {
    const f = flowOf(form, c);
    if (!f.ok) throw new Error('no flow');
    const j = engineApi.journey({ yaml: DUAL_STACK_YAML, flow: f.flow, seed: 1 });
    expect(j.problems).toEqual([]);
    const hops = j.journey?.hops ?? [];
    expect(hops.length).toBeGreaterThan(0);
    for (const h of hops) expect(h.before.dst).toContain(':');
  });

  it('takes an IPv6 address typed as the destination', () => {
    const typed = flowOf({ ...form, destination: { kind: 'address', address: 'fd00::9' } }, c);
    expect(typed).toMatchObject({ ok: true, flow: { to: '[fd00::9]:8080' } });
  });
});
