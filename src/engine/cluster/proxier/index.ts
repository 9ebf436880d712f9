/**
 * What kube-proxy in iptables mode writes for one node, as the lines of its iptables-restore input
 * (filter and nat), each with its provenance. The facts follow syncProxyRules in kubernetes
 * pkg/proxy/iptables/proxier.go (the release with nfacct counters and KUBE-PROXY-FIREWALL):
 * - the top-level chains first (top-level.ts): KUBE-POSTROUTING returns unmarked packets, clears
 *   the mark and masquerades; KUBE-MARK-MASQ sets the mark; KUBE-FIREWALL blocks incoming
 *   localnet connections when localhost NodePorts are on;
 * - then per Service port (service-ports.ts), one file per rule family in kube-proxy's order:
 *   cluster IP, external IPs, load-balancer IPs, NodePort, health check node port, the
 *   masquerade rule, the EXT chain, the FW chain, the SVC and SVL chains, the SEP chains;
 * - last, the jump to KUBE-NODEPORTS at the end of KUBE-SERVICES, and KUBE-FORWARD.
 * Rules are written with `rule` (rule.ts) so that each reads as the line it becomes. For IPv6
 * (family `ipv6`) the same code paths write what kube-proxy's IPv6 proxier gives ip6tables:
 * IPv6 addresses, `[addr]:port` endpoints, `! -d ::1/128` and no localhost NodePorts.
 */
import type { Endpoint } from '../model/endpoints.ts';
import type { ClusterModel } from '../model/model.ts';
import { RestoreRuleReader } from '../restore/restore-rule.ts';
import type { NodeContext } from './context.ts';
import { localDetector, nodePortScope, nodePortScope6, type NodeView } from './node-settings.ts';
import { legacyLeadingRules, legacyServicePortRules } from './legacy.ts';
import { servicePortRules } from './service-ports.ts';
import { leadingRules, trailingRules } from './top-level.ts';
import { RestoreWriter, type ProxierOutput, type RuleSink } from './writer.ts';

export { markText, probabilityText, type NodeView } from './node-settings.ts';
export { BLOCK_LOCALNET } from './top-level.ts';
export { MARK_DROP } from './legacy.ts';
export type { RestoreTable, RuleLine } from './rule.ts';
export type { ProxierOutput, RestoreRule, RuleSink } from './writer.ts';

export function proxierRules(
  model: ClusterModel,
  view: NodeView,
  endpoints: Map<string, Endpoint[]>,
  parts: RestoreRuleReader = new RestoreRuleReader(),
  sink?: RuleSink,
  family: 'ipv4' | 'ipv6' = 'ipv4',
): ProxierOutput {
  const w = new RestoreWriter(sink);
  const ipv6 = family === 'ipv6';
  // the IPv6 proxier writes the current layout (legacy.ts reads IPv4 addresses only)
  const legacy = !ipv6 && model.settings.kubeProxyVersion.layout === 'legacy';
  const scope = ipv6 ? nodePortScope6(model, view) : nodePortScope(model, view);
  const c: NodeContext = {
    model,
    view,
    w,
    detector: localDetector(model, view.node, ipv6),
    // before 1.24 NodePorts always answered on 127.0.0.1 and kube-proxy wrote no KUBE-FIREWALL
    scope: legacy ? { ...scope, localhostNodePorts: true } : scope,
    parts,
    probabilities: new Map(),
    protocols: new Map(),
    markMasq: parts.jumpPart('KUBE-MARK-MASQ'),
    refSources: new Map(),
    ipv6: ipv6 ? { nodeIP: view.node.ipv6?.internalIPs[0] ?? null } : null,
  };
  if (legacy) {
    legacyLeadingRules(c);
    legacyServicePortRules(c, endpoints);
  } else {
    leadingRules(c);
    servicePortRules(c, endpoints);
  }
  trailingRules(c);
  return w.output;
}
