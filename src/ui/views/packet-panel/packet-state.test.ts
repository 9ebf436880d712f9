import { describe, expect, it } from 'vitest';
import { clusterIpTrace } from '../shared/test-traces.ts';
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
