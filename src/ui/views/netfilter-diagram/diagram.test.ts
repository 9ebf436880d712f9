import { describe, expect, it } from 'vitest';
import { clusterIpTrace, rejectTrace } from '../shared/test-traces.ts';
import { diagramState } from './diagram-state.ts';
import { diagramLayout, fitShape, MIN_SCALE } from './layout.ts';
import { strings } from './strings.ts';

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

  for (const shape of ['wide', 'tall'] as const)
    for (const backend of ['nft', 'legacy'] as const)
      it(`keeps every box and spot of the ${shape} shape (${backend}) inside its view box, apart`, () => {
        const l = diagramLayout(backend, shape);
        const rects = [
          ...l.hooks.map((h) => ({ id: h.id, x: h.x, y: h.y, w: h.w, h: h.h })),
          ...l.spots.map((s) => ({ id: s.id, x: s.x - s.w / 2, y: s.y - 14, w: s.w, h: 28 })),
        ];
        for (const r of rects) {
          expect(r.x, r.id).toBeGreaterThanOrEqual(0);
          expect(r.y, r.id).toBeGreaterThanOrEqual(0);
          expect(r.x + r.w, r.id).toBeLessThanOrEqual(l.width);
          expect(r.y + r.h, r.id).toBeLessThanOrEqual(l.height);
        }
        for (const a of rects)
          for (const b of rects) {
            if (a === b) continue;
            const apart =
              a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
            expect(apart, `${a.id} overlaps ${b.id}`).toBe(true);
          }
        for (const e of l.edges)
          for (const p of e.points) {
            expect(p.x).toBeGreaterThanOrEqual(0);
            expect(p.y).toBeLessThanOrEqual(l.height);
          }
      });

  it('chooses the wide shape only where its words stay 12 px or more', () => {
    expect(fitShape(1200)).toEqual({ shape: 'wide', scale: 1200 / 940 });
    expect(fitShape(820).shape).toBe('wide');
    expect(fitShape(700).shape).toBe('tall');
    expect(fitShape(340)).toEqual({ shape: 'tall', scale: 1 });
    // too narrow even for the tall shape: the scale stays readable and the box scrolls
    expect(fitShape(200).scale).toBe(MIN_SCALE);
    expect(14 * MIN_SCALE).toBeGreaterThanOrEqual(12);
    expect(fitShape(5000).scale).toBeLessThan(1.5);
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

describe('the table order line', () => {
  it('names ip6tables for an IPv6 packet and iptables for an IPv4 one, in each language', () => {
    expect(strings.en.backend('nft', 'ipv6')).toBe('ip6tables-nft table order');
    expect(strings.en.backend('legacy', 'ipv4')).toBe('iptables-legacy table order');
    expect(strings.ko.backend('nft', 'ipv6')).toBe('ip6tables-nft 테이블 순서');
  });
});
