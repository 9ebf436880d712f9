import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../../../engine/rules/index.ts';
import { readHost, readPackets, simulate } from '../../../engine/netfilter/index.ts';
import { clusterIpTrace } from '../shared/test-traces.ts';
import { stepLabel } from '../trace-player/step-label.ts';
import { packetPanelState } from './packet-state.ts';

const steps = clusterIpTrace().sim.packets[0]?.steps ?? [];

describe('packet panel state', () => {
  it('shows the packet as it arrives before the first step', () => {
    const st = packetPanelState(steps, -1);
    expect(st?.values).toEqual({
      proto: 'tcp SYN',
      src: '10.42.0.44',
      sport: '40000',
      dst: '10.43.62.130',
      dport: '80',
      mark: '0x0',
      ttl: '64',
      tos: '0x00 (DSCP 0, ECN 0)',
      length: '60',
      ctstate: '—',
      in: '—',
      out: '—',
    });
    expect(st?.changed.size).toBe(0);
  });

  it('marks the fields the DNAT step changed', () => {
    const i = steps.findIndex((s) => s.kind === 'nat');
    const st = packetPanelState(steps, i);
    expect([...(st?.changed ?? [])]).toEqual(['dst', 'dport']);
    expect(st?.cause).toBe('DNAT');
    expect(st?.was).toEqual({ dst: '10.43.62.130', dport: '80' });
    expect(st?.values.in).toBe('cni0 (veth86567624)');
    expect(st?.values.ctstate).toBe('NEW');
    // the next step changes nothing, but the rewrite is still shown against the original
    const next = packetPanelState(steps, i + 1);
    expect(next?.changed.size).toBe(0);
    expect(next?.was).toEqual({ dst: '10.43.62.130', dport: '80' });
  });

  it('shows the interfaces the packet leaves by at the end', () => {
    const st = packetPanelState(steps, steps.length - 1);
    expect([st?.values.in, st?.values.out]).toEqual(['—', 'cni0 (veth887deb36)']);
  });
});

describe('packet panel state: header rewrites', () => {
  const ruleset = parseRuleset(
    '*mangle\n:PREROUTING ACCEPT [0:0]\n-A PREROUTING -j TTL --ttl-set 5\n-A PREROUTING -j DSCP --set-dscp-class EF\nCOMMIT\n',
  ).ruleset;
  const host = readHost({ interfaces: [{ name: 'eth0', addresses: ['192.168.1.10/24'] }] }).host;
  const { packets } = readPackets({
    in: 'eth0',
    proto: 'udp',
    src: '192.168.1.100',
    dst: '192.168.1.10',
    dport: 53,
  });
  const rw = simulate(ruleset, host, packets).packets[0]?.steps ?? [];

  it('marks the field a rewriting target changed, with the target as the cause', () => {
    const ttl = rw.findIndex((s) => s.kind === 'rewrite' && s.field === 'ttl');
    const st = packetPanelState(rw, ttl);
    expect([...(st?.changed ?? [])]).toEqual(['ttl']);
    expect(st?.cause).toBe('TTL');
    expect(st?.values.ttl).toBe('5');
    const dscp = packetPanelState(
      rw,
      rw.findIndex((s) => s.kind === 'rewrite' && s.field === 'dscp'),
    );
    expect([...(dscp?.changed ?? [])]).toEqual(['tos']);
    expect(dscp?.values.tos).toBe('0xb8 (DSCP 46, ECN 0)');
    expect(dscp?.was).toEqual({ ttl: '64', tos: '0x00 (DSCP 0, ECN 0)' });
  });

  it('labels the step with the value before and after', () => {
    const i = rw.findIndex((s) => s.kind === 'rewrite' && s.field === 'dscp');
    expect(stepLabel(rw[i]!, 'en').what).toBe('DSCP 0x00 (CS0) → 0x2e (EF)');
  });
});
