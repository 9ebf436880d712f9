/**
 * Who a NetworkPolicy is about, as the API defines it: label selectors over pods and namespaces,
 * the pods a policy selects (its own namespace only), the pods a peer names. Pods without an IP,
 * finished pods and host-network pods are no policy endpoints (both CNIs skip them).
 */
import type { ClusterModel, ClusterPod } from '../model/model.ts';
import type { LabelSelector, PolicyPeer, PolicyType } from './types.ts';
import type { ClusterNetworkPolicy } from '../model/model.ts';

export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

export function selectorMatches(sel: LabelSelector, labels: Record<string, string>): boolean {
  for (const [k, v] of Object.entries(sel.matchLabels)) if (labels[k] !== v) return false;
  for (const e of sel.matchExpressions) {
    const has = Object.prototype.hasOwnProperty.call(labels, e.key);
    const v = labels[e.key];
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
    if (e.operator === 'In' && (v === undefined || !e.values.includes(v))) return false;
    if (e.operator === 'NotIn' && v !== undefined && e.values.includes(v)) return false;
  }
  return true;
}

/** A namespace's labels: the Namespace object's, with the name label the API server sets. */
export function namespaceLabels(model: ClusterModel, name: string): Record<string, string> {
  const ns = model.namespaces.find((n) => n.name === name);
  return { ...(ns?.labels ?? {}), [NAMESPACE_NAME_LABEL]: name };
}

/** Every namespace the description names: Namespace objects and the namespaces of pods. */
export function namespaceNames(model: ClusterModel): string[] {
  const names = new Set(model.namespaces.map((n) => n.name));
  for (const p of model.pods) names.add(p.namespace);
  return [...names].sort();
}

/** Pods that are policy endpoints: they have an IP and are not finished. */
export function policyEndpoints(model: ClusterModel): ClusterPod[] {
  return model.pods.filter((p) => p.podIP !== null && !p.finished);
}

/** The pods `policy` selects (its own namespace only). */
export function selectedPods(model: ClusterModel, policy: ClusterNetworkPolicy): ClusterPod[] {
  return policyEndpoints(model).filter(
    (p) => p.namespace === policy.namespace && selectorMatches(policy.spec.podSelector, p.labels),
  );
}

/** Whether `policy` applies to `pod` in direction `type`. */
export function appliesTo(
  policy: ClusterNetworkPolicy,
  pod: ClusterPod,
  type: PolicyType,
): boolean {
  return (
    policy.namespace === pod.namespace &&
    policy.spec.policyTypes.includes(type) &&
    selectorMatches(policy.spec.podSelector, pod.labels)
  );
}

/** The pods a selector peer names (a peer with an ipBlock names none). */
export function peerPods(
  model: ClusterModel,
  policyNamespace: string,
  peer: PolicyPeer,
): ClusterPod[] {
  if (peer.ipBlock) return [];
  return policyEndpoints(model).filter((p) => {
    if (peer.namespaceSelector === null) {
      if (p.namespace !== policyNamespace) return false;
    } else if (!selectorMatches(peer.namespaceSelector, namespaceLabels(model, p.namespace)))
      return false;
    return peer.podSelector === null || selectorMatches(peer.podSelector, p.labels);
  });
}
