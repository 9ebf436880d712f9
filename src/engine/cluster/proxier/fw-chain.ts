/**
 * The KUBE-FW chain of loadBalancerSourceRanges: one jump to EXT per range, then one per
 * load-balancer IP when the node's own IP is in a range (a node reaching its own load balancer
 * usually comes back with the load-balancer IP as source), then a rule with no target: what
 * falls through is dropped by KUBE-PROXY-FIREWALL in the filter table.
 */
import { formatPrefix, inPrefix } from '../../netfilter/ipv4.ts';
import { inIPv6Range } from '../manifests/ipv6-range.ts';
import { sourceOf } from '../node/provenance.ts';
import type { PortContext } from './context.ts';
import { rule } from './rule.ts';

export function fwChainRules(c: PortContext): void {
  if (!c.usesFwChain) return;
  const { w, name, svc, owner } = c;
  const { fw, ext } = c.chains;
  const { nodeIP, node } = c.node.view;
  w.declare('nat', fw);
  let allowFromNode = false;
  const v6 = c.node.ipv6;
  const ranges = v6
    ? (svc.ipv6?.loadBalancerSourceRanges ?? [])
    : svc.loadBalancerSourceRanges.map((r, index) => ({ text: formatPrefix(r), index }));
  ranges.forEach(({ text, index }, i) => {
    w.add(
      rule`-t nat -A ${fw} -m comment --comment "${name} loadbalancer IP" -s ${text} -j ${ext}`,
      'firewall-allow-range',
      [sourceOf(svc.ref, `spec.loadBalancerSourceRanges[${index}]`)],
      owner,
    );
    if (v6) {
      if (v6.nodeIP !== null && inIPv6Range(v6.nodeIP, text)) allowFromNode = true;
    } else if (nodeIP !== null && inPrefix(nodeIP, svc.loadBalancerSourceRanges[i]!))
      allowFromNode = true;
  });
  if (allowFromNode)
    c.loadBalancerIPs.forEach((ip, i) =>
      w.add(
        rule`-t nat -A ${fw} -m comment --comment "${name} loadbalancer IP" -s ${ip} -j ${ext}`,
        'firewall-allow-self',
        [
          sourceOf(svc.ref, `status.loadBalancer.ingress[${c.loadBalancerIndexes?.[i] ?? i}]`),
          sourceOf(node.ref, 'status.addresses'),
        ],
        owner,
      ),
    );
  w.add(
    rule`-t nat -A ${fw}
      -m comment --comment "other traffic to ${name} will be dropped by KUBE-PROXY-FIREWALL"`,
    'firewall-fallthrough',
    [sourceOf(svc.ref, 'spec.loadBalancerSourceRanges')],
    owner,
  );
}
