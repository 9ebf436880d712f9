import { describe, expect, it } from 'vitest';
import { DUAL_STACK_YAML } from '../../engine/scenarios/dual-stack.ts';
import { engineApi } from '../../worker/engine-api.ts';
import {
  destinationFamily,
  protoLabel,
  resolveDumpPacket,
  resolvePacket,
  type PacketForm,
} from './packet-form.ts';

const summary = engineApi.compileCluster(DUAL_STACK_YAML).summary;

const FORM: PacketForm = {
  source: { kind: 'pod', namespace: 'default', name: 'client' },
  destination: { kind: 'service', namespace: 'default', name: 'web', port: 80, family: 'ipv6' },
  proto: 'tcp',
  sport: 40000,
  dport: 8080,
  tcpFlags: 'SYN',
  entryNode: 'node-a',
  entryInterface: 'eth0',
};

describe('the packet form in a dual-stack cluster', () => {
  it('sends to the Service’s IPv6 ClusterIP from the pod’s IPv6 address', () => {
    const r = resolvePacket(FORM, summary);
    expect(r).toMatchObject({
      ok: true,
      node: 'node-b',
      packet: { src: 'fd00:10:244:1::20', dst: 'fd00:10:96::80', dport: 80 },
    });
  });

  it('keeps IPv4 for a destination without a family', () => {
    const { family: _six, ...v4 } = FORM.destination as { family?: string };
    const r = resolvePacket({ ...FORM, destination: v4 as PacketForm['destination'] }, summary);
    expect(r).toMatchObject({ ok: true, packet: { src: '10.244.1.20', dst: '10.96.0.80' } });
  });

  it('picks a node’s and a pod’s IPv6 address', () => {
    const np = resolvePacket(
      {
        ...FORM,
        destination: {
          kind: 'nodeport',
          namespace: 'default',
          name: 'web',
          node: 'node-a',
          nodePort: 30080,
          family: 'ipv6',
        },
      },
      summary,
    );
    expect(np).toMatchObject({ ok: true, packet: { dst: 'fd00:192:168:10::11' } });
    const pod = resolvePacket(
      {
        ...FORM,
        destination: { kind: 'pod', namespace: 'default', name: 'web-1', family: 'ipv6' },
      },
      summary,
    );
    expect(pod).toMatchObject({ ok: true, packet: { dst: 'fd00:10:244::5', dport: 8080 } });
  });

  it('sends ICMP over IPv6 as ICMPv6, without ports', () => {
    const r = resolvePacket({ ...FORM, proto: 'icmp' }, summary);
    expect(r.ok && r.packet).toEqual({
      proto: 'icmpv6',
      dst: 'fd00:10:96::80',
      src: 'fd00:10:244:1::20',
      in: r.ok ? r.packet.in : '',
    });
  });

  it('names ICMP ICMPv6 in the protocol list when the destination is IPv6', () => {
    expect(protoLabel('icmp', destinationFamily(FORM.destination))).toBe('ICMPv6');
    expect(protoLabel('icmp', destinationFamily({ kind: 'address', address: '10.0.0.1' }))).toBe(
      'ICMP',
    );
    expect(protoLabel('tcp', destinationFamily({ kind: 'address', address: 'fd00::1' }))).toBe(
      'TCP',
    );
  });

  it('takes IPv6 typed as any address, and refuses a mix of families or neither', () => {
    const any: PacketForm = {
      ...FORM,
      source: { kind: 'address', address: '2001:db8::7' },
      destination: { kind: 'address', address: 'fd00:10:96::80' },
      dport: 80,
    };
    expect(resolvePacket(any, summary)).toMatchObject({
      ok: true,
      node: 'node-a',
      packet: { src: '2001:db8::7', dst: 'fd00:10:96::80', dport: 80 },
    });
    expect(
      resolvePacket({ ...any, source: { kind: 'address', address: '203.0.113.9' } }, summary),
    ).toEqual({
      ok: false,
      problem:
        '203.0.113.9 and fd00:10:96::80 are of different families: a packet is IPv4 or IPv6 throughout',
    });
    expect(
      resolvePacket({ ...any, destination: { kind: 'address', address: 'fd00::1::2' } }, summary),
    ).toEqual({ ok: false, problem: 'fd00::1::2 is neither an IPv4 nor an IPv6 address' });
    expect(resolveDumpPacket({ ...any, source: { kind: 'node', name: '' } })).toMatchObject({
      ok: true,
      packet: { dst: 'fd00:10:96::80', local: true },
    });
  });

  it('traces the IPv6 packet to an endpoint’s [address]:8080', () => {
    const r = resolvePacket(FORM, summary);
    if (!r.ok) throw new Error(r.problem);
    const traced = engineApi.trace({
      source: { kind: 'cluster', yaml: DUAL_STACK_YAML, node: r.node },
      packets: [r.packet],
      seed: 3,
    });
    expect(traced.problems).toEqual([]);
    expect(JSON.stringify(traced.result)).toMatch(/\[fd00:10:244(:1)?::[57]\]:8080/);
  });
});
