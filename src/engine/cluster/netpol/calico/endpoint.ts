/**
 * A local pod's two chains, `cali-tw-<iface>` (to the workload: its ingress) and `cali-fw-<iface>`
 * (from it: its egress), as felix v3.29 writes them, and the profile chains they end in. The
 * tier section exists only when a policy applies in that direction: that is where a pod becomes
 * isolated, its last rule dropping what no policy marked accepted.
 */
import { sourceOf } from '../../node/provenance.ts';
import type { ClusterNetworkPolicy, ClusterPod } from '../../model/model.ts';
import type { PolicyType } from '../types.ts';
import { calicoProv, jump, setMark, type Entry } from './emit.ts';
import type { FelixRule } from './felix.ts';
import { ACCEPT, ENDPOINT_CLEAR, PASS } from './marks.ts';
import { chainName } from './names.ts';
import { policyGroups } from './groups.ts';

const SERVICE_ACCOUNT = 'default';
const accepted = { kind: 'mark', value: ACCEPT, mask: ACCEPT } as const;
const noVerdict = { kind: 'mark', value: 0, mask: PASS } as const;
const DROP = jump('DROP');

export function profileChains(namespace: string, type: PolicyType): { kns: string; ksa: string } {
  const prefix = type === 'Ingress' ? 'cali-pri-' : 'cali-pro-';
  return {
    kns: chainName(prefix, `kns.${namespace}`),
    ksa: chainName(prefix, `ksa.${namespace}.${SERVICE_ACCOUNT}`),
  };
}

/** The namespace profile allows everything; the service-account profile only carries labels. */
export function profileEntries(
  namespace: string,
  type: PolicyType,
): { kns: Entry[]; ksa: Entry[] } {
  const dir = type === 'Ingress' ? 'ingress' : 'egress';
  const prov = calicoProv('policy-profile');
  return {
    kns: [
      {
        rule: {
          comments: [`Profile kns.${namespace} ${dir}`],
          match: [],
          action: setMark(ACCEPT, ACCEPT),
        },
        prov,
      },
    ],
    ksa: [
      {
        rule: {
          comments: [`Profile ksa.${namespace}.${SERVICE_ACCOUNT} ${dir}`],
          match: [],
          action: null,
        },
        prov,
      },
    ],
  };
}

/** The rules of the pod's chain for `type`, with `policies` (sorted) applying in that direction. */
export function endpointEntries(
  pod: ClusterPod,
  type: PolicyType,
  policies: readonly ClusterNetworkPolicy[],
): Entry[] {
  const podName = `${pod.namespace}/${pod.name}`;
  const prov = calicoProv('policy-endpoint', { pod: podName, sources: [sourceOf(pod.ref)] });
  const names = policies.map((p) => `${p.namespace}/${p.name}`);
  const policyProv = calicoProv('policy-endpoint', {
    pod: podName,
    sources: [sourceOf(pod.ref), ...policies.map((p) => sourceOf(p.ref))],
    policies: names,
  });
  const r = (match: FelixRule['match'], action: FelixRule['action'], comments: string[] = []) => ({
    comments,
    match,
    action,
  });
  const out: Entry[] = [
    { rule: r([{ kind: 'ctstate', states: 'RELATED,ESTABLISHED' }], jump('ACCEPT')), prov },
    { rule: r([{ kind: 'ctstate', states: 'INVALID' }], DROP), prov },
    { rule: r([], setMark(0, ENDPOINT_CLEAR)), prov },
  ];
  if (type === 'Egress') {
    out.push({
      rule: r(
        [
          { kind: 'proto', felix: '17', save: 'udp' },
          { kind: 'dports', ports: '4789' },
        ],
        DROP,
        ['Drop VXLAN encapped packets originating in workloads'],
      ),
      prov,
    });
    out.push({
      rule: r([{ kind: 'proto', felix: '4', save: 'ipencap' }], DROP, [
        'Drop IPinIP encapped packets originating in workloads',
      ]),
      prov,
    });
  }
  if (policies.length > 0) {
    out.push({ rule: r([], setMark(0, PASS), ['Start of tier default']), prov: policyProv });
    for (const g of policyGroups(policies, type)) {
      const one = calicoProv('policy-endpoint', {
        pod: podName,
        sources: g.policies.map((p) => sourceOf(p.ref)),
        policies: g.policies.map((p) => `${p.namespace}/${p.name}`),
      });
      out.push({ rule: r([noVerdict], jump(g.chain)), prov: one });
      out.push({ rule: r([accepted], jump('RETURN'), ['Return if policy accepted']), prov: one });
    }
    out.push({
      rule: r([noVerdict], DROP, ['End of tier default. Drop if no policies passed packet']),
      prov: policyProv,
    });
  }
  const profiles = profileChains(pod.namespace, type);
  for (const chain of [profiles.kns, profiles.ksa]) {
    out.push({ rule: r([], jump(chain)), prov });
    out.push({ rule: r([accepted], jump('RETURN'), ['Return if profile accepted']), prov });
  }
  out.push({ rule: r([], DROP, ['Drop if no profiles matched']), prov });
  return out;
}
