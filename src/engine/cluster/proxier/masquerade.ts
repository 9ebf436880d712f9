/**
 * The first rule of the internal traffic chain: mark cluster-IP traffic for masquerade when
 * masqueradeAll is set, or when it does not come from a pod (by the local-traffic detector).
 * Without a detector no cluster-IP traffic is masqueraded for this reason.
 */
import { sourceOf } from '../node/provenance.ts';
import type { PortContext } from './context.ts';
import { rule } from './rule.ts';

export function masqueradeRules(c: PortContext): void {
  if (!c.hasInternal) return;
  const { w, name, proto, clusterIP, internalTrafficChain: chain } = c;
  const dport = c.port.port;
  const cfg = c.node.model.proxy;
  const detector = c.node.detector;
  if (cfg.masqueradeAll)
    w.add(
      rule`-t nat -A ${chain} -m comment --comment "${name} cluster IP"
        -m ${proto} -p ${proto} -d ${clusterIP} --dport ${dport} -j KUBE-MARK-MASQ`,
      'cluster-ip-masquerade',
      [c.portSrc, ...(cfg.ref ? [sourceOf(cfg.ref, 'iptables.masqueradeAll')] : [])],
      c.owner,
    );
  else if (detector)
    w.add(
      rule`-t nat -A ${chain} -m comment --comment "${name} cluster IP"
        -m ${proto} -p ${proto} -d ${clusterIP} --dport ${dport} ${detector.ifNotLocal}
        -j KUBE-MARK-MASQ`,
      'cluster-ip-masquerade',
      [c.portSrc, detector.source],
      c.owner,
    );
}
