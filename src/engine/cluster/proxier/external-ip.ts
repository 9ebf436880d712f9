/**
 * spec.externalIPs: each captured in nat KUBE-SERVICES toward the EXT chain while the Service
 * has endpoints, and refused in filter KUBE-EXTERNAL-SERVICES while it leads nowhere.
 */
import { formatIPv4 } from '../../netfilter/ipv4.ts';
import { sourceOf } from '../node/provenance.ts';
import type { PortContext } from './context.ts';
import { rule } from './rule.ts';

export function externalIPRules(c: PortContext): void {
  const { w, name, proto, svc, verdict } = c;
  const dport = c.port.port;
  const listed = c.node.ipv6
    ? (svc.ipv6?.externalIPs ?? [])
    : svc.externalIPs.map((a, index) => ({ text: formatIPv4(a), index }));
  listed.forEach(({ text: ip, index }) => {
    const sources = [c.portSrc, sourceOf(svc.ref, `spec.externalIPs[${index}]`)];
    if (c.hasEndpoints)
      w.add(
        rule`-t nat -A KUBE-SERVICES -m comment --comment "${name} external IP"
          -m ${proto} -p ${proto} -d ${ip} --dport ${dport} -j ${c.chains.ext}`,
        'external-ip',
        sources,
        c.owner,
      );
    if (!c.hasExternal)
      w.add(
        rule`-t filter -A KUBE-EXTERNAL-SERVICES -m comment --comment ${verdict.comment}
          -m ${proto} -p ${proto} -d ${ip} --dport ${dport} -j ${verdict.target}`,
        verdict.role,
        sources,
        c.owner,
      );
  });
}
