/**
 * A local pod's chain `KUBE-POD-FW-<16>` and the jumps into it, as kube-router v2.6.3 writes
 * them. One chain serves both directions: KUBE-ROUTER-FORWARD and -OUTPUT send packets to the
 * pod (`-d`), all three KUBE-ROUTER chains packets from it (`-s`), and with a bridge CNI each
 * FORWARD jump has a twin for bridged frames. In the chain, a policy that selects the pod (or the
 * default chain, for a direction no policy isolates) marks what it allows with 0x10000; what is
 * left unmarked is logged and rejected; the rest leaves with 0x20000, which the built-in chain
 * accepts.
 */
import { formatIPv4 } from '../../../netfilter/ipv4.ts';
import { sourceOf } from '../../node/provenance.ts';
import type { ClusterNetworkPolicy, ClusterPod } from '../../model/model.ts';
import type { CniRules } from '../cni-rules.ts';
import { selectorMatches } from '../select.ts';
import {
  comment,
  emit,
  krProv,
  lacksMark,
  LOG_LIMIT,
  NFLOG,
  PASSED_MARK,
  POLICY_MARK,
  setMark,
  type Entry,
} from './emit.ts';
import {
  COMMON_CHAIN,
  DEFAULT_CHAIN,
  FORWARD_CHAIN,
  INPUT_CHAIN,
  OUTPUT_CHAIN,
  podChain,
  policyChain,
} from './names.ts';

const policyName = (p: ClusterNetworkPolicy) => `${p.namespace}/${p.name}`;

/** The policies whose podSelector selects `pod`, in listing order. */
export function selecting(
  policies: readonly ClusterNetworkPolicy[],
  pod: ClusterPod,
): ClusterNetworkPolicy[] {
  return policies.filter(
    (p) => p.namespace === pod.namespace && selectorMatches(p.spec.podSelector, pod.labels),
  );
}

function chainEntries(pod: ClusterPod, policies: readonly ClusterNetworkPolicy[]): Entry[] {
  const ip = `${formatIPv4(pod.podIP ?? 0)}/32`;
  const podName = `${pod.namespace}/${pod.name}`;
  const prov = krProv('policy-endpoint', { pod: podName, sources: [sourceOf(pod.ref)] });
  const ingress = policies.filter((p) => p.spec.policyTypes.includes('Ingress'));
  const egress = policies.filter((p) => p.spec.policyTypes.includes('Egress'));
  const out: Entry[] = [
    { args: [...comment('common bi-directional traffic policy rules'), '-j', COMMON_CHAIN], prov },
    {
      args: [
        '-d',
        ip,
        ...comment(
          "rule to permit the traffic traffic to pods when source is the pod's local node",
        ),
        ...['-m', 'addrtype', '--src-type', 'LOCAL', '-j', 'ACCEPT'],
      ],
      prov,
    },
  ];
  if (egress.length === 0)
    out.push({
      args: [
        '-s',
        ip,
        ...comment('run through default egress network policy chain'),
        '-j',
        DEFAULT_CHAIN,
      ],
      prov,
    });
  if (ingress.length === 0)
    out.push({
      args: [
        '-d',
        ip,
        ...comment('run through default ingress network policy chain'),
        '-j',
        DEFAULT_CHAIN,
      ],
      prov,
    });
  // each jump was inserted at the top, so the last policy listed comes first
  for (const p of [...policies].reverse()) {
    const both = p.spec.policyTypes.includes('Ingress') && p.spec.policyTypes.includes('Egress');
    const side = both ? [] : p.spec.policyTypes.includes('Egress') ? ['-s', ip] : ['-d', ip];
    out.push({
      args: [
        ...side,
        ...comment(`run through nw policy ${p.name}`),
        '-j',
        policyChain(p.namespace, p.name),
      ],
      prov: krProv('policy-endpoint', {
        pod: podName,
        sources: [sourceOf(p.ref)],
        policies: [policyName(p)],
      }),
    });
  }
  const deciding = krProv('policy-endpoint', {
    pod: podName,
    sources: [sourceOf(pod.ref), ...policies.map((p) => sourceOf(p.ref))],
    policies: policies.map(policyName),
    podPolicies: {
      podIP: formatIPv4(pod.podIP ?? 0),
      ingress: ingress.map(policyName),
      egress: egress.map(policyName),
    },
  });
  out.push(
    {
      args: [
        ...comment(`rule to log dropped traffic POD name:${pod.name} namespace: ${pod.namespace}`),
        ...lacksMark(POLICY_MARK),
        ...LOG_LIMIT,
        ...NFLOG(null),
      ],
      prov: deciding,
    },
    {
      args: [
        ...comment(
          `rule to REJECT traffic destined for POD name:${pod.name} namespace: ${pod.namespace}`,
        ),
        ...lacksMark(POLICY_MARK),
        ...['-j', 'REJECT', '--reject-with', 'icmp-port-unreachable'],
      ],
      prov: deciding,
    },
    { args: setMark('0x0/0x10000'), prov },
    {
      args: [
        ...comment('set mark to ACCEPT traffic that comply to network policies'),
        ...setMark(PASSED_MARK),
      ],
      prov,
    },
  );
  return out;
}

/** The jumps from the KUBE-ROUTER chains to the pod's chain, per chain in the order written. */
function jumps(pod: ClusterPod, chain: string): [string, Entry][] {
  const ip = `${formatIPv4(pod.podIP ?? 0)}/32`;
  const prov = krProv('policy-dispatch', {
    pod: `${pod.namespace}/${pod.name}`,
    sources: [sourceOf(pod.ref)],
  });
  const who = `POD name:${pod.name} namespace: ${pod.namespace} to chain ${chain}`;
  const to = comment(`rule to jump traffic destined to ${who}`);
  const from = comment(`rule to jump traffic from ${who}`);
  const bridged = ['-m', 'physdev', '--physdev-is-bridged'];
  const e = (args: string[]): Entry => ({ args: [...args, '-j', chain], prov });
  return [
    [FORWARD_CHAIN, e(['-d', ip, ...to])],
    [OUTPUT_CHAIN, e(['-d', ip, ...to])],
    [FORWARD_CHAIN, e(['-d', ip, ...bridged, ...to])],
    [INPUT_CHAIN, e(['-s', ip, ...from])],
    [FORWARD_CHAIN, e(['-s', ip, ...from])],
    [OUTPUT_CHAIN, e(['-s', ip, ...from])],
    [FORWARD_CHAIN, e(['-s', ip, ...bridged, ...from])],
  ];
}

/** The chain of one local pod, and its jumps appended to the KUBE-ROUTER chains. */
export function podRules(
  out: CniRules,
  pod: ClusterPod,
  policies: readonly ClusterNetworkPolicy[],
): void {
  const chain = podChain(pod.namespace, pod.name);
  emit(out, chain, chainEntries(pod, selecting(policies, pod)));
  for (const [from, entry] of jumps(pod, chain)) emit(out, from, [entry]);
}
