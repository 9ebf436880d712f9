/**
 * The Calico selector a Kubernetes NetworkPolicy peer becomes, printed in felix's canonical form
 * (its ipset name is a hash of that text): `(<namespace part> && <pod part>)`, where the pod part
 * always holds `projectcalico.org/orchestrator == "k8s"` and namespace labels are read through
 * the `pcns.` prefix the namespace profile gives every pod. A group of one term is unwrapped.
 */
import type { LabelSelector, PolicyPeer } from '../types.ts';

const ORCHESTRATOR = 'projectcalico.org/orchestrator == "k8s"';

function value(v: string): string {
  return v.includes('"') ? `'${v}'` : `"${v}"`;
}

function setOf(values: string[]): string {
  return `{${[...new Set(values)].sort().map(value).join(', ')}}`;
}

/** The terms of a LabelSelector, label keys prefixed with `prefix`. */
function terms(sel: LabelSelector, prefix: string): string[] {
  const out: string[] = [];
  for (const k of Object.keys(sel.matchLabels).sort())
    out.push(`${prefix}${k} == ${value(sel.matchLabels[k]!)}`);
  for (const e of sel.matchExpressions) {
    const key = prefix + e.key;
    if (e.operator === 'In') out.push(`${key} in ${setOf(e.values)}`);
    else if (e.operator === 'NotIn') out.push(`${key} not in ${setOf(e.values)}`);
    else if (e.operator === 'Exists') out.push(`has(${key})`);
    else out.push(`!has(${key})`);
  }
  return out;
}

function group(parts: string[]): string {
  return parts.length === 1 ? parts[0]! : `(${parts.join(' && ')})`;
}

/** The canonical selector of a selector peer of a policy in `namespace`. */
export function peerSelector(namespace: string, peer: PolicyPeer): string {
  const pod = [ORCHESTRATOR, ...(peer.podSelector ? terms(peer.podSelector, '') : [])];
  let ns: string[];
  if (peer.namespaceSelector === null) ns = [`projectcalico.org/namespace == ${value(namespace)}`];
  else {
    ns = terms(peer.namespaceSelector, 'pcns.');
    if (ns.length === 0) ns = ['has(projectcalico.org/namespace)'];
  }
  return `(${group(ns)} && ${group(pod)})`;
}
