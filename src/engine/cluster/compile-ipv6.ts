/**
 * A node's ip6tables rules: what kube-proxy's IPv6 proxier writes (proxier/index.ts with family
 * `ipv6`) merged with kubelet's chains (node-state.ts), read by the engine's parser as IPv6 and
 * printed as ip6tables-save prints them (`/128`, `--reject-with icmp6-port-unreachable`). The
 * IPv4 path builds its ruleset directly for speed (node-ruleset.ts); a cluster's IPv6 side is
 * read the plain way, since its rules are the same in number and far fewer clusters have it.
 */
import { parseRuleset, printSave, type Ruleset } from '../rules/index.ts';
import { NO_SPAN, type ClusterDiagnostic } from './manifests/diagnostics.ts';
import { buildEndpoints, type Endpoint } from './model/endpoints.ts';
import { clusterFamilies, type ClusterModel, type ClusterNode } from './model/model.ts';
import { nodeRules, restoreText } from './node/node-state.ts';
import { proxierRules, type NodeView } from './proxier/index.ts';
import { RuleProvenanceMap } from './node/provenance-map.ts';
import type { RuleProvenance } from './node/provenance.ts';

export interface IPv6Rules {
  text: string;
  ruleset: Ruleset;
  provenance: ReadonlyMap<string, RuleProvenance>;
  diagnostics: ClusterDiagnostic[];
}

function internal(message: string): ClusterDiagnostic {
  return { code: 'internal', severity: 'error', message, ...NO_SPAN };
}

/** The node as the IPv6 proxier sees it: its IPv6 addresses are the model's `node.ipv6`. */
export function ipv6View(node: ClusterNode): NodeView {
  return { node, nodeIP: null, localAddresses: [] };
}

export function compileIPv6Node(
  model: ClusterModel,
  node: ClusterNode,
  endpoints: Map<string, Endpoint[]> = buildEndpoints(model, undefined, 'ipv6'),
): IPv6Rules {
  const diagnostics: ClusterDiagnostic[] = [];
  if (!clusterFamilies(model.settings).includes('IPv6')) {
    diagnostics.push({
      code: 'family-not-in-cluster',
      severity: 'error',
      message:
        'this cluster has IPv4 only, so kube-proxy writes no ip6tables rules (a dual-stack cluster names two ranges in the Cluster document: serviceCIDR: "10.96.0.0/12,fd00:10:96::/112")',
      ...NO_SPAN,
    });
    const empty = parseRuleset('', { format: 'save', family: 'ipv6' }).ruleset;
    return { text: '', ruleset: empty, provenance: new Map(), diagnostics };
  }
  if (model.settings.kubeProxyVersion.layout === 'legacy')
    diagnostics.push({
      code: 'not-compiled',
      severity: 'info',
      message: `the IPv6 rules are written in the current layout; the kubeProxyVersion ${model.settings.kubeProxyVersion.text} layout is modelled for IPv4 only`,
      ...NO_SPAN,
    });
  if (model.settings.networkPolicy !== 'none')
    diagnostics.push({
      code: 'not-compiled',
      severity: 'info',
      message: `${model.settings.networkPolicy}'s NetworkPolicy rules are modelled for IPv4 only; the IPv6 rules hold kube-proxy's and kubelet's`,
      ...NO_SPAN,
    });
  const proxy = proxierRules(model, ipv6View(node), endpoints, undefined, undefined, 'ipv6');
  const state = nodeRules(proxy, 'current', 'ipv6');
  // read as restore input, printed as ip6tables-save prints it, read again for its spans
  const read = parseRuleset(restoreText(state), { format: 'save', family: 'ipv6' });
  const text = printSave(read.ruleset);
  const parsed = parseRuleset(text, { format: 'save', family: 'ipv6' });
  for (const d of [...read.diagnostics, ...parsed.diagnostics])
    if (d.severity === 'error')
      diagnostics.push(
        internal(`generated IPv6 rule at line ${d.line} was not accepted: ${d.message}`),
      );
  const provenance = new RuleProvenanceMap(
    parsed.ruleset,
    state.rules.map((r) => r.prov),
  );
  if (node.ipv6 === undefined || node.ipv6.internalIPs.length === 0)
    diagnostics.push({
      code: 'missing-field',
      severity: 'warning',
      message: `node ${node.name} has no IPv6 InternalIP: the IPv6 firewall rules that need it are left out`,
      ...node.ref.span,
    });
  return { text, ruleset: parsed.ruleset, provenance, diagnostics };
}
