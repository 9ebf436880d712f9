/**
 * The cluster compiler's public entry: cluster YAML + node name → the iptables-save text that node
 * shows, the Ruleset, provenance for every rule and the diagnostics. The rules are made as
 * kube-proxy's restore lines and, as the proxier writes them, turned into the model the engine's
 * parser would make of them (node-ruleset.ts, restore-rule.ts), which applies the normalisation
 * real iptables applies on the way in (/32, -m tcp, --set-xmark, 0.33333333349), and printed as
 * iptables-save prints them. A cluster with IPv6 has a second ruleset per node, its ip6tables
 * rules (compile-ipv6.ts), asked for with `family: 'ipv6'`.
 */
import { parseRuleset, type Family, type Ruleset } from '../rules/index.ts';
import { compileIPv6Node } from './compile-ipv6.ts';
import { NO_SPAN, type ClusterDiagnostic } from './manifests/diagnostics.ts';
import { buildEndpoints, type Endpoint } from './model/endpoints.ts';
import { loadCluster } from './manifests/load.ts';
import { NodeRulesetBuilder } from './node/node-ruleset.ts';
import { RestoreRuleReader } from './restore/restore-rule.ts';
import { proxierRules, type NodeView } from './proxier/index.ts';
import type { ClusterModel, ClusterNode } from './model/model.ts';
import type { RuleProvenance } from './node/provenance.ts';
import type { IpSet } from '../netfilter/host.ts';
import { cniRules } from './netpol/index.ts';

export interface CompiledNode {
  /** what `iptables-save` prints on the node (without its header comments and counters) */
  rulesetText: string;
  ruleset: Ruleset;
  /** rule id (`table/chain/index`, as in `ruleset`) → why the rule exists */
  provenance: ReadonlyMap<string, RuleProvenance>;
  /** the ipsets the rules name (a CNI's policy sets), with their members */
  ipsets: IpSet[];
  diagnostics: ClusterDiagnostic[];
}

/** The addresses on a node's interfaces, in the order the host model lists them (lo, eth0, cni0). */
export function nodeLocalAddresses(node: ClusterNode): number[] {
  const out = [0x7f000001, ...node.internalIPs];
  if (node.podCIDR) out.push((node.podCIDR.address + 1) >>> 0);
  return out;
}

export function nodeView(node: ClusterNode): NodeView {
  return { node, nodeIP: node.internalIPs[0] ?? null, localAddresses: nodeLocalAddresses(node) };
}

/** Compiles one node; `family` picks its iptables (ipv4) or ip6tables (ipv6) rules. */
export function compileNode(
  clusterText: string,
  nodeName: string,
  family: Family = 'ipv4',
): CompiledNode {
  const { model, diagnostics } = loadCluster(clusterText);
  const result = compileModelNode(model, nodeName, undefined, family);
  return { ...result, diagnostics: [...diagnostics, ...result.diagnostics] };
}

/**
 * Compiles one node of an already loaded model; `endpoints` (of `family`: buildEndpoints with
 * the same family) may be shared across nodes.
 */
export function compileModelNode(
  model: ClusterModel,
  nodeName: string,
  endpoints?: Map<string, Endpoint[]>,
  family: Family = 'ipv4',
): CompiledNode {
  const diagnostics: ClusterDiagnostic[] = [];
  const node = model.nodes.find((n) => n.name === nodeName);
  if (!node) {
    const known = model.nodes.map((n) => n.name).join(', ') || 'none';
    diagnostics.push({
      code: 'unknown-node-name',
      severity: 'error',
      message: `there is no node named ${nodeName} (nodes: ${known})`,
      ...NO_SPAN,
    });
    const empty = parseRuleset('', { format: 'save', family }).ruleset;
    return { rulesetText: '', ruleset: empty, provenance: new Map(), ipsets: [], diagnostics };
  }
  if (family === 'ipv6') {
    const v6 = compileIPv6Node(model, node, endpoints);
    diagnostics.push(...v6.diagnostics);
    const { text, ruleset, provenance } = v6;
    return { rulesetText: text, ruleset, provenance, ipsets: [], diagnostics };
  }
  endpoints ??= buildEndpoints(model);
  // the proxier and the ruleset share one reader: parts it makes are read once (restore-rule.ts)
  const reader = new RestoreRuleReader();
  const builder = new NodeRulesetBuilder(reader);
  const proxy = proxierRules(model, nodeView(node), endpoints, reader, builder.add);
  const cni = cniRules(model, node);
  const built = builder.finish(proxy.chains, model.settings.kubeProxyVersion.layout, cni);
  for (const d of built.diagnostics) {
    // nfacct is a match the engine keeps verbatim; anything else is a compiler bug
    if (d.code === 'unknown-module' && model.settings.features.nfacct) continue;
    diagnostics.push({
      code: 'internal',
      severity: 'error',
      message: `generated rule at line ${d.line} was not accepted: ${d.message}`,
      ...NO_SPAN,
    });
  }
  for (const chain of built.lost)
    diagnostics.push({
      code: 'internal',
      severity: 'error',
      message: `a rule was generated for ${chain}, which is not declared`,
      ...NO_SPAN,
    });
  if (node.internalIPs.length === 0)
    diagnostics.push({
      code: 'missing-field',
      severity: 'warning',
      message: `node ${node.name} has no InternalIP: NodePort and firewall rules that need it are left out`,
      ...node.ref.span,
    });
  return {
    rulesetText: built.text,
    ruleset: built.ruleset,
    provenance: built.provenance,
    ipsets: cni?.ipsets ?? [],
    diagnostics,
  };
}
