import { describe, expect, it } from 'vitest';
import type { ClusterSummary } from '../../worker/protocol.ts';
import {
  destinationValue,
  parseDestinationValue,
  parseSourceValue,
  sourceValue,
} from './choices.ts';
import { engineApi } from '../../worker/engine-api.ts';
import { resolveDumpPacket, resolvePacket, type PacketForm } from './packet-form.ts';

const CLUSTER: ClusterSummary = {
  nodes: [
    { name: 'node-a', ip: '10.0.0.1', podCIDR: '10.42.0.0/24' },
    { name: 'node-b', ip: '10.0.0.2', podCIDR: '10.42.1.0/24' },
  ],
  pods: [{ namespace: 'default', name: 'client', ip: '10.42.0.10', node: 'node-a', veth: 'veth1' }],
  services: [
    {
      namespace: 'default',
      name: 'web',
      type: 'NodePort',
      clusterIP: '10.43.0.20',
      externalIPs: [],
      loadBalancerIPs: [],
      ports: [{ name: '', protocol: 'TCP', port: 80, nodePort: 30080 }],
    },
  ],
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

describe('resolvePacket', () => {
  it('a pod sends from its own node, arriving on the bridge through its veth', () => {
    expect(resolvePacket(FORM, CLUSTER)).toEqual({
      ok: true,
      node: 'node-a',
      packet: {
        proto: 'tcp',
        src: '10.42.0.10',
        sport: 40000,
        dst: '10.43.0.20',
        dport: 80,
        tcpFlags: 'SYN',
        in: 'veth1',
      },
    });
  });

  it("an external client enters the chosen node's eth0; a NodePort is that node's IP", () => {
    const form: PacketForm = {
      ...FORM,
      source: { kind: 'client', name: 'laptop' },
      destination: {
        kind: 'nodeport',
        namespace: 'default',
        name: 'web',
        nodePort: 30080,
        node: 'node-b',
      },
    };
    expect(resolvePacket(form, CLUSTER)).toMatchObject({
      ok: true,
      node: 'node-b',
      packet: { in: 'eth0', src: '203.0.113.7', dst: '10.0.0.2', dport: 30080 },
    });
  });

  it('a node sends locally; ICMP has no ports', () => {
    const form: PacketForm = {
      ...FORM,
      proto: 'icmp',
      source: { kind: 'node', name: 'node-b' },
      destination: { kind: 'address', address: '8.8.8.8' },
    };
    expect(resolvePacket(form, CLUSTER)).toEqual({
      ok: true,
      node: 'node-b',
      packet: { proto: 'icmp', dst: '8.8.8.8', local: true },
    });
  });

  it('says what is missing instead of sending', () => {
    const form: PacketForm = { ...FORM, source: { kind: 'address', address: '10.0.0.300' } };
    expect(resolvePacket(form, CLUSTER)).toEqual({
      ok: false,
      problem: '10.0.0.300 is neither an IPv4 nor an IPv6 address',
    });
    const gone: PacketForm = { ...FORM, source: { kind: 'pod', namespace: 'default', name: 'x' } };
    expect(resolvePacket(gone, CLUSTER)).toEqual({ ok: false, problem: 'no pod default/x' });
  });

  it('a dump packet goes between addresses, in on the given interface', () => {
    const form: PacketForm = {
      ...FORM,
      source: { kind: 'address', address: '198.51.100.20' },
      destination: { kind: 'address', address: '192.168.1.10' },
      dport: 22,
      entryInterface: 'eth1',
    };
    expect(resolveDumpPacket(form)).toMatchObject({
      ok: true,
      packet: { in: 'eth1', src: '198.51.100.20', dst: '192.168.1.10', dport: 22 },
    });
  });

  const FROM_LAN: PacketForm = {
    ...FORM,
    source: { kind: 'address', address: '192.168.8.20' },
    destination: { kind: 'address', address: '192.168.8.1' },
    proto: 'udp',
    dport: 53,
    entryInterface: 'br-lan',
  };
  const ALLOW_ONE = `*filter
:INPUT DROP [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -i br-lan -m mac --mac-source 02:42:AC:11:00:02 -j ACCEPT
COMMIT
`;
  const HOST = {
    interfaces: [{ name: 'br-lan', addresses: ['192.168.8.1/24'] }],
    routes: [],
    ipForward: false,
  };
  const verdictOf = (form: PacketForm) => {
    const r = resolveDumpPacket(form);
    if (!r.ok) throw new Error(r.problem);
    const traced = engineApi.trace({
      source: { kind: 'dump', text: ALLOW_ONE, host: HOST },
      packets: [r.packet],
    });
    return traced.result?.packets[0]?.result.verdict;
  };

  it('a dump packet carries the source MAC typed, in the form -m mac compares', () => {
    expect(resolveDumpPacket({ ...FROM_LAN, srcMac: ' 2:42:AC:11:0:2 ' })).toMatchObject({
      ok: true,
      packet: { srcMac: '02:42:ac:11:00:02' },
    });
    expect(verdictOf({ ...FROM_LAN, srcMac: '02:42:ac:11:00:02' })).toBe('ACCEPT');
    expect(verdictOf({ ...FROM_LAN, srcMac: '02:42:ac:11:00:03' })).toBe('DROP');
    // no MAC given: the packet has none, and no --mac-source rule matches it
    const none = resolveDumpPacket({ ...FROM_LAN, srcMac: '' });
    expect(none.ok && 'srcMac' in none.packet).toBe(false);
    expect(verdictOf(FROM_LAN)).toBe('DROP');
  });

  it('a source MAC that is not one is said, and a packet of the host itself has none', () => {
    expect(resolveDumpPacket({ ...FROM_LAN, srcMac: 'XX:XX:XX:XX:XX:XX' })).toEqual({
      ok: false,
      problem: 'XX:XX:XX:XX:XX:XX is not a MAC address (six hex octets, e.g. 02:42:ac:11:00:02)',
    });
    const local = resolveDumpPacket({
      ...FROM_LAN,
      source: { kind: 'node', name: '' },
      srcMac: '02:42:ac:11:00:02',
    });
    expect(local.ok && 'srcMac' in local.packet).toBe(false);
  });
});

describe('select values', () => {
  it('round-trip sources and destinations', () => {
    for (const s of [
      FORM.source,
      { kind: 'node', name: 'node-a' },
      { kind: 'client', name: 'laptop' },
    ] as const)
      expect(parseSourceValue(sourceValue(s), s)).toEqual(s);
    const np = {
      kind: 'nodeport',
      namespace: 'ns',
      name: 'web',
      nodePort: 30080,
      node: 'node-b',
    } as const;
    for (const d of [
      FORM.destination,
      np,
      { kind: 'pod', namespace: 'default', name: 'client' },
    ] as const)
      expect(parseDestinationValue(destinationValue(d), d)).toEqual(d);
  });
});
