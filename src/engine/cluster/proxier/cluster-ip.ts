/**
 * The cluster IP (proxier.go's first rules per Service port): captured in nat KUBE-SERVICES
 * toward the internal traffic chain, or, when it leads nowhere, refused in filter KUBE-SERVICES.
 */
import { sourceOf } from '../node/provenance.ts';
import type { PortContext } from './context.ts';
import { rule } from './rule.ts';

export function clusterIPRules(c: PortContext): void {
  const { w, name, proto, clusterIP, svc, verdict } = c;
  const dport = c.port.port;
  if (c.hasInternal)
    w.add(
      rule`-t nat -A KUBE-SERVICES -m comment --comment "${name} cluster IP"
        -m ${proto} -p ${proto} -d ${clusterIP} --dport ${dport} -j ${c.internalTrafficChain}`,
      'cluster-ip',
      [c.portSrc, sourceOf(svc.ref, 'spec.clusterIP')],
      c.owner,
    );
  else
    w.add(
      rule`-t filter -A KUBE-SERVICES -m comment --comment ${verdict.comment}
        -m ${proto} -p ${proto} -d ${clusterIP} --dport ${dport} -j ${verdict.target}`,
      verdict.role,
      [c.portSrc, sourceOf(svc.ref)],
      c.owner,
    );
}
