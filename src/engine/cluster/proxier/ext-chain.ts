/**
 * The KUBE-EXT chain, through which every external destination (external IP, load-balancer IP,
 * NodePort) goes. With externalTrafficPolicy Cluster it masquerades everything; with Local it
 * short-circuits pods and the node itself to the SVC chain, as if their traffic had gone out to
 * the load balancer and come back (the node's masqueraded), and sends the rest to local
 * endpoints only, keeping the client's address. Without a local endpoint the last jump is left
 * out and the filter table's DROP takes the packet.
 */
import { sourceOf } from '../node/provenance.ts';
import type { PortContext } from './context.ts';
import { rule } from './rule.ts';

export function extChainRules(c: PortContext): void {
  if (!c.usesExtChain) return;
  const { w, name, svc, owner } = c;
  const { ext, svc: svcChain } = c.chains;
  const policy = sourceOf(svc.ref, 'spec.externalTrafficPolicy');
  w.declare('nat', ext);
  if (!c.traits.externalPolicyLocal)
    w.add(
      rule`-t nat -A ${ext} -m comment --comment "masquerade traffic for ${name} external destinations"
        -j KUBE-MARK-MASQ`,
      'external-masquerade',
      [policy],
      owner,
    );
  else {
    const detector = c.node.detector;
    if (detector)
      w.add(
        rule`-t nat -A ${ext} -m comment --comment "pod traffic for ${name} external destinations"
          ${detector.ifLocal} -j ${svcChain}`,
        'external-pod-shortcut',
        [policy, detector.source],
        owner,
      );
    w.add(
      rule`-t nat -A ${ext}
        -m comment --comment "masquerade LOCAL traffic for ${name} external destinations"
        -m addrtype --src-type LOCAL -j KUBE-MARK-MASQ`,
      'external-local-masquerade',
      [policy],
      owner,
    );
    w.add(
      rule`-t nat -A ${ext}
        -m comment --comment "route LOCAL traffic for ${name} external destinations"
        -m addrtype --src-type LOCAL -j ${svcChain}`,
      'external-local-shortcut',
      [policy],
      owner,
    );
  }
  if (c.hasExternal)
    w.add(rule`-t nat -A ${ext} -j ${c.externalPolicyChain}`, 'external-policy', [policy], owner);
}
