import { describe, expect, it } from 'vitest';
import { clusterIpTrace } from '../shared/test-traces.ts';
import { decidedBy } from './decided-by.ts';

describe('what decided a step', () => {
  const steps = clusterIpTrace().sim.packets[0]?.steps ?? [];

  it('says nothing before the packet enters', () => {
    expect(decidedBy(steps, -1, 'en')).toBeNull();
  });

  it('names table, hook, chain and rule, and where a DNAT sends the packet', () => {
    const i = steps.findIndex((s) => s.kind === 'nat');
    const nat = steps[i];
    expect(nat?.kind).toBe('nat');
    const chain = nat && 'chain' in nat ? nat.chain : '';
    expect(decidedBy(steps, i, 'en')).toBe(
      `nat PREROUTING → ${chain} rule 2: DNAT to 10.42.0.43:8080`,
    );
    expect(decidedBy(steps, i, 'ko')).toBe(
      `nat PREROUTING → ${chain} 규칙 2: DNAT, 새 목적지 10.42.0.43:8080`,
    );
  });

  it('names the hook a packet enters and the routing decision', () => {
    expect(decidedBy(steps, 0, 'en')).toMatch(/^PREROUTING: enters/);
    const r = steps.findIndex((s) => s.kind === 'route');
    expect(decidedBy(steps, r, 'en')).toMatch(/^routing after PREROUTING: bridged · out cni0$/);
  });
});
