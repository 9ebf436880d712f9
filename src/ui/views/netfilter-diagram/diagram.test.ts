import { describe, expect, it } from 'vitest';
import { clusterIpTrace, rejectTrace } from '../shared/test-traces.ts';
import { diagramState } from './diagram-state.ts';
import { diagramLayout } from './layout.ts';

describe('diagram layout', () => {
  it('lists each hook’s tables in kernel order for the backend', () => {
    const stages = (backend: 'nft' | 'legacy', hook: string) =>
      diagramLayout(backend)
        .hooks.find((h) => h.hook === hook)
        ?.stages.map((s) => s.stage);
    expect(stages('nft', 'INPUT')).toEqual(['mangle', 'filter', 'nat', 'security', 'confirm']);
    expect(stages('legacy', 'INPUT')).toEqual(['mangle', 'filter', 'security', 'nat', 'confirm']);
    expect(stages('nft', 'PREROUTING')).toEqual(['raw', 'conntrack', 'mangle', 'nat']);
    expect(stages('nft', 'OUTPUT')).toEqual([
      'raw',
      'conntrack',
      'mangle',
      'nat',
      'filter',
      'security',
    ]);
  });

  it('keeps every box inside the view box', () => {
    for (const h of diagramLayout('nft').hooks) {
      expect(h.x).toBeGreaterThanOrEqual(0);
      expect(h.y).toBeGreaterThanOrEqual(0);
      expect(h.x + h.w).toBeLessThanOrEqual(940);
      expect(h.y + h.h).toBeLessThanOrEqual(420);
    }
  });
});

describe('diagram state', () => {
  const { sim } = clusterIpTrace();
  const steps = sim.packets[0]?.steps ?? [];

  it('shows nothing before the first step', () => {
    const st = diagramState(steps, -1);
    expect(st.current).toBeNull();
    expect(st.visited.size).toBe(0);
  });

  it('follows the packet into nat PREROUTING and notes the DNAT', () => {
    const i = steps.findIndex((s) => s.kind === 'nat');
    const st = diagramState(steps, i);
    expect(st.current).toBe('PREROUTING/nat');
    expect(st.currentHook).toBe('hook:PREROUTING');
    expect([...st.edges]).toEqual(['in>hook:PREROUTING']);
    expect(st.nat).toEqual([
      {
        at: 'PREROUTING/nat',
        hook: 'PREROUTING',
        type: 'DNAT',
        change: '10.43.62.130:80 → 10.42.0.43:8080',
      },
    ]);
    expect(st.inIface).toBe('cni0');
  });

  it('lights the forward path and leaves by the out interface at the end', () => {
    const st = diagramState(steps, steps.length - 1);
    expect([...st.edges]).toEqual([
      'in>hook:PREROUTING',
      'hook:PREROUTING>route-in',
      'route-in>hook:FORWARD',
      'hook:FORWARD>hook:POSTROUTING',
      'hook:POSTROUTING>out',
    ]);
    expect(st.current).toBe('out');
    expect(st.badges).toEqual([{ at: 'out', verdict: 'ACCEPT' }]);
    expect(st.outIface).toBe('cni0');
    expect(st.visited.has('hook:INPUT')).toBe(false);
  });

  it('puts a REJECT badge on the table where it fell', () => {
    const r = rejectTrace().sim.packets[0];
    const rsteps = r?.steps ?? [];
    const st = diagramState(rsteps, rsteps.length - 1);
    expect(r?.result.verdict).toBe('REJECT');
    expect(st.badges).toEqual([{ at: 'FORWARD/filter', verdict: 'REJECT' }]);
  });
});
