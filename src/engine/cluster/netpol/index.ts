/** NetworkPolicy: reading, checking, and the rules a CNI writes for it (one public face). */
import type { ClusterModel, ClusterNode } from '../model/model.ts';
import { calicoRules } from './calico/index.ts';
import { kubeRouterRules } from './kube-router/index.ts';
import type { CniRules } from './cni-rules.ts';

export { readNamespace, readNetworkPolicy } from './read.ts';
export { checkPolicies } from './check.ts';
export { ipsetRestoreText } from './ipset-text.ts';
export { workloadInterface } from './calico/index.ts';
export type { CniRules } from './cni-rules.ts';
export type { NetworkPolicyEngine, PolicySpec } from './types.ts';

/** The rules the cluster's CNI writes on `node` for NetworkPolicy; undefined when none does. */
export function cniRules(model: ClusterModel, node: ClusterNode): CniRules | undefined {
  if (model.settings.networkPolicy === 'calico') return calicoRules(model, node);
  if (model.settings.networkPolicy === 'kube-router') return kubeRouterRules(model, node);
  return undefined;
}
