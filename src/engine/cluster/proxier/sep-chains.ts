/**
 * One KUBE-SEP chain per endpoint this node may send to: a hairpin rule (a pod reaching itself
 * through the Service is masqueraded, or the reply would skip conntrack), then the DNAT, which
 * with ClientIP affinity also records the client (`-m recent --set`). An endpoint is named in up
 * to four rules of its port, so its chain, comment, jump and source are made and read once.
 */
import { endpointChain } from './chain-names.ts';
import type { Endpoint } from '../model/endpoints.ts';
import { sourceOf, type ProvenanceSource } from '../node/provenance.ts';
import type { RulePart } from '../restore/restore-rule.ts';
import { unreadPart } from '../restore/rule-part.ts';
import type { PortContext } from './context.ts';
import { rule } from './rule.ts';
import type { RuleOwner } from './writer.ts';

export interface EndpointParts {
  /** the KUBE-SEP chain */
  chain: string;
  jump: RulePart;
  /** `-m comment --comment "NAME -> ENDPOINT"` */
  comment: RulePart;
  /** `-s ENDPOINT-IP` */
  source: RulePart;
  /** the objects behind the endpoint, then its service port (the SEP rules' provenance) */
  sepSources: ProvenanceSource[];
  /** the service port, then the objects behind the endpoint (the load-balancing rule's) */
  balanceSources: ProvenanceSource[];
  /** the objects behind the endpoint */
  sources: ProvenanceSource[];
  owner: RuleOwner;
}

export function endpointParts(c: PortContext, ep: Endpoint): EndpointParts {
  let sep = c.seps.get(ep.text);
  if (sep !== undefined) return sep;
  const { parts, refSources } = c.node;
  const chain = endpointChain(c.name, c.port.protocol, ep.text);
  const sources = ep.sources.map((ref) => {
    let s = refSources.get(ref);
    if (s === undefined) refSources.set(ref, (s = sourceOf(ref)));
    return s;
  });
  sep = {
    chain,
    jump: parts.jumpPart(chain),
    comment: parts.commentPart(`${c.name} -> ${ep.text}`),
    source: ep.ipv6 === undefined ? parts.hostSourcePart(ep.ip) : unreadPart(`-s ${ep.ipv6}`),
    // concat, not spread: a spread array keeps room to grow (100,000 of these)
    sepSources: sources.concat(c.portSrc),
    balanceSources: [c.portSrc].concat(sources),
    sources,
    owner: { servicePort: c.name, endpoint: ep.text },
  };
  c.seps.set(ep.text, sep);
  return sep;
}

export function sepChainRules(c: PortContext): void {
  const { w, name, proto, svc } = c;
  const { parts, markMasq } = c.node;
  const nameComment = parts.commentPart(name);
  for (const ep of c.endpoints.reachable) {
    const sep = endpointParts(c, ep);
    w.declare('nat', sep.chain);
    w.add(
      rule`-t nat -A ${sep.chain} ${nameComment} ${sep.source} ${markMasq}`,
      'endpoint-hairpin-masquerade',
      sep.sepSources,
      sep.owner,
    );
    const dnat =
      ep.ipv6 === undefined
        ? parts.endpointDnatPart(ep.ip, ep.port, ep.text, proto)
        : unreadPart(`-j DNAT --to-destination ${ep.text}`);
    const line =
      svc.sessionAffinity === 'ClientIP'
        ? rule`-t nat -A ${sep.chain} ${nameComment}
            -m recent --name ${sep.chain} --set -m ${proto} -p ${proto} ${dnat}`
        : rule`-t nat -A ${sep.chain} ${nameComment} ${protocolPart(c, sep.chain)} ${dnat}`;
    w.add(line, 'endpoint-dnat', sep.sepSources, sep.owner);
  }
}

/** `-m PROTO -p PROTO` in a KUBE-SEP chain (all are user chains: one part serves them all). */
function protocolPart(c: PortContext, chain: string): RulePart {
  const { protocols, parts } = c.node;
  let part = protocols.get(c.proto);
  if (part === undefined)
    protocols.set(c.proto, (part = parts.protocolPart(c.proto, 'nat', chain)));
  return part;
}
