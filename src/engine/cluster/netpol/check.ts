/**
 * The cross-object checks on NetworkPolicy, once every manifest is read: whether a CNI enforces
 * policies at all, policies that select no pod, and port names no container of the pods a rule
 * means declares (such a port allows nothing).
 */
import type { ClusterReport } from '../manifests/diagnostics.ts';
import { spanOf, type ClusterModel, type ClusterPod } from '../model/model.ts';
import { peerPods, policyEndpoints, selectedPods } from './select.ts';
import type { PolicyRule } from './types.ts';

function declares(pods: ClusterPod[], name: string, protocol: string): boolean {
  return pods.some((p) => p.ports.some((c) => c.name === name && c.protocol === protocol));
}

/**
 * kube-router drops the ports that resolve to nothing; when a rule naming peer pods is left with
 * no port at all, it writes the rule without a port match, so every port of those peers is open.
 */
function widensToEveryPort(model: ClusterModel, rule: PolicyRule, pods: ClusterPod[]): boolean {
  return (
    model.settings.networkPolicy === 'kube-router' &&
    rule.peers !== null &&
    rule.peers.some((p) => p.ipBlock === null) &&
    rule.ports.every((p) => typeof p.port === 'string' && !declares(pods, p.port, p.protocol))
  );
}

function checkPortNames(
  model: ClusterModel,
  namespace: string,
  rules: PolicyRule[],
  destinations: (rule: PolicyRule) => ClusterPod[],
  report: ClusterReport,
): void {
  for (const rule of rules)
    for (const port of rule.ports) {
      if (typeof port.port !== 'string') continue;
      const pods = destinations(rule);
      if (declares(pods, port.port, port.protocol)) continue;
      const widens = widensToEveryPort(model, rule, pods);
      const effect = widens
        ? 'kube-router then writes the rule with no port match, so it allows every port from its peers'
        : 'this entry allows nothing';
      report.warn(
        'unknown-port-name',
        port.span,
        `no container of the pods this rule reaches (namespace ${namespace}) declares a ${port.protocol} port named ${port.port}: ${effect}`,
        {
          namespace,
          protocol: port.protocol,
          name: port.port,
          effect: widens ? 'every-port' : 'nothing',
        },
      );
    }
}

export function checkPolicies(model: ClusterModel, report: ClusterReport): void {
  for (const policy of model.networkPolicies) {
    if (model.settings.networkPolicy === 'none')
      report.info(
        'not-compiled',
        spanOf(policy.ref, 'kind'),
        'NetworkPolicy is read but not enforced: kube-proxy ignores it, a CNI plugin writes its rules (set networkPolicy: calico or kube-router in the Cluster document)',
        { sentence: 'policy-not-enforced' },
      );
    const selected = selectedPods(model, policy);
    if (selected.length === 0)
      report.warn(
        'selects-nothing',
        spanOf(policy.ref, 'spec.podSelector'),
        `NetworkPolicy ${policy.namespace}/${policy.name} selects no pod in namespace ${policy.namespace}: it changes nothing`,
        { kind: 'NetworkPolicy', namespace: policy.namespace, name: policy.name },
      );
    else checkPortNames(model, policy.namespace, policy.spec.ingress, () => selected, report);
    // an egress rule's named port is the destination's: its peers, or any pod when it names none
    checkPortNames(
      model,
      policy.namespace,
      policy.spec.egress,
      (rule) =>
        rule.peers === null
          ? policyEndpoints(model)
          : rule.peers.flatMap((peer) => peerPods(model, policy.namespace, peer)),
      report,
    );
  }
}
