/**
 * What Calico's felix (v3.29, iptables dataplane, default settings) writes on one node for the
 * cluster's NetworkPolicies: its static chains and hooks, a dispatch and two chains per local
 * pod, a chain per policy that applies to a local pod in that direction, the profiles, and the
 * ipsets those rules name (members from the whole cluster).
 */
import type {
  ClusterModel,
  ClusterNetworkPolicy,
  ClusterNode,
  ClusterPod,
} from '../../model/model.ts';
import { emptyCniRules, type CniRules } from '../cni-rules.ts';
import { appliesTo, policyEndpoints } from '../select.ts';
import type { PolicyType } from '../types.ts';
import { dispatchChains } from './dispatch.ts';
import { emit } from './emit.ts';
import { endpointEntries, profileChains, profileEntries } from './endpoint.ts';
import { groupEntries, policyGroups, type PolicyGroup } from './groups.ts';
import { workloadInterface } from './names.ts';
import { policyChain, policyEntries, policyKey } from './policy.ts';
import { SetRegistry } from './sets.ts';
import { ALL_POOLS_SET, MASQ_POOLS_SET, staticRules } from './static.ts';

export { workloadInterface } from './names.ts';

const TYPES: PolicyType[] = ['Ingress', 'Egress'];

/** The policies that apply to `pod` in direction `type`, in felix's order (by name). */
export function policiesFor(
  model: ClusterModel,
  pod: ClusterPod,
  type: PolicyType,
): ClusterNetworkPolicy[] {
  return model.networkPolicies
    .filter((p) => appliesTo(p, pod, type))
    .sort((a, b) => (policyKey(a) < policyKey(b) ? -1 : policyKey(a) > policyKey(b) ? 1 : 0));
}

export function calicoRules(model: ClusterModel, node: ClusterNode): CniRules {
  const out = emptyCniRules();
  const sets = new SetRegistry(model);
  staticRules(out, model.settings.features.randomFully);
  const pools = model.proxy.clusterCIDR ? [model.proxy.clusterCIDR] : [];
  sets.netSet(ALL_POOLS_SET, pools);
  sets.netSet(MASQ_POOLS_SET, pools);

  const local = policyEndpoints(model).filter((p) => p.nodeName === node.name);
  const used = new Map<string, { policy: ClusterNetworkPolicy; type: PolicyType }>();
  const groups = new Map<string, { group: PolicyGroup; type: PolicyType }>();
  const namespaces = new Set<string>();
  for (const pod of local) {
    const iface = workloadInterface(pod.namespace, pod.name);
    namespaces.add(pod.namespace);
    for (const type of TYPES) {
      const policies = policiesFor(model, pod, type);
      for (const p of policies) used.set(policyChain(p, type), { policy: p, type });
      for (const g of policyGroups(policies, type))
        if (g.policies.length > 1) groups.set(g.chain, { group: g, type });
      const chain = `${type === 'Ingress' ? 'cali-tw-' : 'cali-fw-'}${iface}`;
      emit(out, 'filter', chain, endpointEntries(pod, type, policies));
    }
  }
  const targets = local.map((p) => ({
    iface: workloadInterface(p.namespace, p.name),
    pod: `${p.namespace}/${p.name}`,
  }));
  dispatchChains(out, targets, 'to');
  dispatchChains(out, targets, 'from');
  for (const [chain, { group, type }] of groups)
    emit(out, 'filter', chain, groupEntries(group, type));
  for (const [chain, { policy, type }] of used)
    emit(out, 'filter', chain, policyEntries(model, policy, type, sets));
  for (const ns of namespaces)
    for (const type of TYPES) {
      const names = profileChains(ns, type);
      const entries = profileEntries(ns, type);
      emit(out, 'filter', names.kns, entries.kns);
      emit(out, 'filter', names.ksa, entries.ksa);
    }
  out.ipsets = sets.list();
  return out;
}
