/**
 * What kube-router's network policy controller writes on one node, as k3s embeds it
 * (k3s-io/kube-router v2.6.3-k3s1, IPv4): its static chains and hooks, a chain per local pod, a
 * chain per policy of the whole cluster, and the ipsets those rules name.
 */
import type { ClusterModel, ClusterNode } from '../../model/model.ts';
import { emptyCniRules, type CniRules } from '../cni-rules.ts';
import { policyEndpoints } from '../select.ts';
import { podRules } from './pod.ts';
import { policyRules } from './policy.ts';
import { KubeRouterSets } from './sets.ts';
import { staticRules } from './top.ts';

export function kubeRouterRules(model: ClusterModel, node: ClusterNode): CniRules {
  const out = emptyCniRules();
  staticRules(out, model.settings.serviceCIDR);
  const sets = new KubeRouterSets();
  for (const policy of model.networkPolicies) policyRules(out, model, policy, sets);
  for (const pod of policyEndpoints(model))
    if (pod.nodeName === node.name) podRules(out, pod, model.networkPolicies);
  out.ipsets = sets.list();
  return out;
}
