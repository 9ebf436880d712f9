/**
 * The health check node port, which only a LoadBalancer with externalTrafficPolicy Local has:
 * accepted in filter KUBE-NODEPORTS (always TCP, whatever the Service's protocol), whether or
 * not the Service has endpoints.
 */
import { sourceOf } from '../node/provenance.ts';
import type { PortContext } from './context.ts';
import { rule } from './rule.ts';

export function healthCheckRules(c: PortContext): void {
  const { svc, name } = c;
  const port = svc.healthCheckNodePort;
  if (port === 0 || svc.type !== 'LoadBalancer' || !c.traits.externalPolicyLocal) return;
  c.w.add(
    rule`-t filter -A KUBE-NODEPORTS -m comment --comment "${name} health check node port"
      -m tcp -p tcp --dport ${port} -j ACCEPT`,
    'health-check-node-port',
    [sourceOf(svc.ref, 'spec.healthCheckNodePort')],
    c.owner,
  );
}
