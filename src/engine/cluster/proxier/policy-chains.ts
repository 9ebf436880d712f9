/**
 * The KUBE-SVC chain (cluster endpoints) and the KUBE-SVL chain (local endpoints): with ClientIP
 * affinity a `-m recent --rcheck` rule per endpoint first, then one rule per endpoint that takes
 * 1/(endpoints left) of what reaches it, the last one taking the rest, so that each endpoint is
 * as likely. The internal traffic chain's masquerade rule comes before these (masquerade.ts).
 */
import type { Endpoint } from '../model/endpoints.ts';
import { sourceOf } from '../node/provenance.ts';
import type { RulePart } from '../restore/restore-rule.ts';
import type { PortContext } from './context.ts';
import { probabilityText } from './node-settings.ts';
import { rule } from './rule.ts';
import { endpointParts } from './sep-chains.ts';

export function policyChainRules(c: PortContext): void {
  const { cluster, local } = c.endpoints;
  if (cluster.length > 0 && c.traits.usesClusterEndpoints) {
    c.w.declare('nat', c.chains.svc);
    dispatchRules(c, c.chains.svc, cluster);
  }
  if (local.length > 0 && c.traits.usesLocalEndpoints) {
    c.w.declare('nat', c.chains.svl);
    dispatchRules(c, c.chains.svl, local);
  }
}

function dispatchRules(c: PortContext, chain: string, endpoints: Endpoint[]): void {
  const { w, svc } = c;
  if (svc.sessionAffinity === 'ClientIP') {
    const affinity = sourceOf(svc.ref, 'spec.sessionAffinity');
    const seconds = svc.affinityTimeoutSeconds;
    for (const ep of endpoints) {
      const sep = endpointParts(c, ep);
      w.add(
        rule`-t nat -A ${chain} ${sep.comment}
          -m recent --name ${sep.chain} --rcheck --seconds ${seconds} --reap ${sep.jump}`,
        'affinity-check',
        [affinity].concat(sep.sources),
        sep.owner,
      );
    }
  }
  const n = endpoints.length;
  for (let i = 0; i < n; i++) {
    const sep = endpointParts(c, endpoints[i]!);
    const line =
      i < n - 1
        ? rule`-t nat -A ${chain} ${sep.comment} ${probabilityPart(c, chain, n - i)} ${sep.jump}`
        : rule`-t nat -A ${chain} ${sep.comment} ${sep.jump}`;
    w.add(line, 'load-balance', sep.balanceSources, sep.owner);
  }
}

/** `-m statistic --mode random --probability 1/left`, read once for every Service. */
function probabilityPart(c: PortContext, chain: string, left: number): RulePart {
  const { probabilities, parts } = c.node;
  let part = probabilities.get(left);
  if (part === undefined) {
    const words = ['-m', 'statistic', '--mode', 'random', '--probability', probabilityText(left)];
    probabilities.set(left, (part = parts.matchPart(words, 'nat', chain)));
  }
  return part;
}
