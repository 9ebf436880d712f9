import { describe, expect, it } from 'vitest';
import { journey } from '../cluster/journey/index.ts';
import { netpolKubeRouter } from './netpol-kube-router.ts';
import { scenarioById } from './index.ts';

describe('netpol-kube-router', () => {
  const run = (i: number) => journey(netpolKubeRouter.clusters[i]!.yaml, netpolKubeRouter.flow);

  it('is in the example picker beside the Calico one', () => {
    expect(scenarioById('netpol-kube-router')).toBe(netpolKubeRouter);
    expect(
      netpolKubeRouter.clusters.map((c) => c.yaml.includes('networkPolicy: kube-router')),
    ).toEqual([true, true]);
  });

  it('is delivered without the policy and rejected by db-from-frontend on the database node', () => {
    expect(run(0).journey?.request.outcome).toBe('delivered');
    const end = run(1).journey!.request;
    expect(end.outcome).toBe('rejected');
    expect(end.node).toBe('node-a');
    expect(end.packet).toMatchObject({ dst: '10.244.1.10', dport: 5432 });
    expect(end.policy).toMatchObject({
      policies: ['shop/db-from-frontend'],
      pod: 'shop/db',
      direction: 'ingress',
    });
    expect(end.policy?.chain).toMatch(/^KUBE-POD-FW-/);
    expect(end.decidedBy).toMatch(/-j REJECT --reject-with icmp-port-unreachable$/);
  });

  it('lets frontend through', () => {
    const r = journey(netpolKubeRouter.clusters[1]!.yaml, {
      from: 'pod/shop/frontend',
      to: 'svc/shop/db:sql',
    });
    expect(r.journey?.request.outcome).toBe('delivered');
  });
});
