/**
 * status.loadBalancer.ingress IPs: each captured in nat KUBE-SERVICES toward the FW chain (with
 * loadBalancerSourceRanges) or the EXT chain, with a KUBE-PROXY-FIREWALL drop for what FW does
 * not accept; then, while the Service leads nowhere, each refused in KUBE-EXTERNAL-SERVICES.
 */
import { sourceOf } from '../node/provenance.ts';
import type { PortContext } from './context.ts';
import { rule } from './rule.ts';

export function loadBalancerRules(c: PortContext): void {
  const { w, name, proto, svc, verdict } = c;
  const dport = c.port.port;
  const ingress = (i: number) =>
    sourceOf(svc.ref, `status.loadBalancer.ingress[${c.loadBalancerIndexes?.[i] ?? i}]`);
  c.loadBalancerIPs.forEach((ip, i) => {
    const sources = [c.portSrc, ingress(i)];
    if (c.hasEndpoints)
      w.add(
        rule`-t nat -A KUBE-SERVICES -m comment --comment "${name} loadbalancer IP"
          -m ${proto} -p ${proto} -d ${ip} --dport ${dport} -j ${c.loadBalancerChain}`,
        'load-balancer-ip',
        sources,
        c.owner,
      );
    if (c.usesFwChain)
      w.add(
        rule`-t filter -A KUBE-PROXY-FIREWALL
          -m comment --comment "${name} traffic not accepted by ${c.chains.fw}"
          -m ${proto} -p ${proto} -d ${ip} --dport ${dport} -j DROP`,
        'firewall-drop',
        [...sources, sourceOf(svc.ref, 'spec.loadBalancerSourceRanges')],
        c.owner,
      );
  });
  if (c.hasExternal) return;
  c.loadBalancerIPs.forEach((ip, i) => {
    w.add(
      rule`-t filter -A KUBE-EXTERNAL-SERVICES -m comment --comment ${verdict.comment}
        -m ${proto} -p ${proto} -d ${ip} --dport ${dport} -j ${verdict.target}`,
      verdict.role,
      [c.portSrc, ingress(i)],
      c.owner,
    );
  });
}
