/**
 * A NetworkPolicy's chain `KUBE-NWPLCY-<16>`, written on every node for every policy, as
 * kube-router v2.6.3 builds it: per rule, a pair of rules for each allowed combination — a MARK
 * of 0x10000 and the same match with a RETURN once marked — over the sets of the policy's pods,
 * the rule's peer pods, its ipBlocks and its named ports; k3s's fork ends the chain with an
 * NFLOG of what no rule marked. The chain never drops: the pod chain does, when nothing marked.
 */
import { sourceOf, type RuleProvenance } from '../../node/provenance.ts';
import type { ClusterModel, ClusterNetworkPolicy, ClusterPod } from '../../model/model.ts';
import { peerPods, policyEndpoints, selectedPods } from '../select.ts';
import type { IpBlock, PolicyRule, PolicyType } from '../types.ts';
import {
  comment,
  emit,
  krProv,
  LOG_LIMIT,
  NFLOG,
  lacksMark,
  POLICY_MARK,
  hasMark,
  setMark,
  type Entry,
} from './emit.ts';
import type { CniRules } from '../cni-rules.ts';
import { namedPortSet, peerSet, policyChain, targetSet, type RuleDirection } from './names.ts';
import type { KubeRouterSets } from './sets.ts';

/** A numeric port entry, or a protocol with every port (port null). */
interface PortMatch {
  protocol: string;
  port: string | null;
}

/** A named port resolved to one container port number, with the pods that declare it so. */
interface NamedEndpoint extends PortMatch {
  ips: number[];
}

function ipsOf(pods: readonly ClusterPod[]): number[] {
  return pods.flatMap((p) => (p.podIP === null ? [] : [p.podIP]));
}

function numericPorts(rule: PolicyRule): PortMatch[] {
  return rule.ports.flatMap((p) => {
    if (typeof p.port === 'string') return [];
    const port =
      p.port === null ? null : p.endPort !== null ? `${p.port}:${p.endPort}` : `${p.port}`;
    return [{ protocol: p.protocol.toLowerCase(), port }];
  });
}

/** The rule's named ports, looked up in `pods`: one endpoint per (name, protocol, number). */
function namedEndpoints(rule: PolicyRule, pods: readonly ClusterPod[]): NamedEndpoint[] {
  const out: NamedEndpoint[] = [];
  for (const p of rule.ports) {
    if (typeof p.port !== 'string') continue;
    const byNumber = new Map<number, number[]>();
    for (const pod of pods)
      for (const c of pod.ports)
        if (c.name === p.port && c.protocol === p.protocol && pod.podIP !== null)
          byNumber.set(c.containerPort, [...(byNumber.get(c.containerPort) ?? []), pod.podIP]);
    for (const [n, ips] of [...byNumber].sort((a, b) => a[0] - b[0]))
      out.push({ protocol: p.protocol.toLowerCase(), port: `${n}`, ips });
  }
  return out;
}

interface Context {
  policy: ClusterNetworkPolicy;
  chain: string;
  sets: KubeRouterSets;
  entries: Entry[];
}

/** The MARK and RETURN pair of one allowed combination. */
function pair(
  c: Context,
  text: string,
  src: string | null,
  dst: string | null,
  port: PortMatch | null,
  prov: RuleProvenance,
): void {
  const match: string[] = [];
  if (port) match.push('-p', port.protocol);
  match.push(...comment(`${text} ${c.policy.name} namespace ${c.policy.namespace}`));
  if (src) match.push('-m', 'set', '--match-set', src, 'src');
  if (dst) match.push('-m', 'set', '--match-set', dst, 'dst');
  if (port?.port) match.push('-m', port.protocol, '--dport', port.port);
  c.entries.push({ args: [...match, ...setMark(POLICY_MARK)], prov });
  c.entries.push({ args: [...match, ...hasMark(POLICY_MARK), '-j', 'RETURN'], prov });
}

const FROM_PODS = 'rule to ACCEPT traffic from source pods to dest pods selected by policy name';
const FROM_ALL = 'rule to ACCEPT traffic from all sources to dest pods selected by policy name:';
const FROM_BLOCKS =
  'rule to ACCEPT traffic from specified ipBlocks to dest pods selected by policy name:';
const TO_ALL =
  'rule to ACCEPT traffic from source pods to all destinations selected by policy name:';
const TO_BLOCKS =
  'rule to ACCEPT traffic from source pods to specified ipBlocks selected by policy name:';

/** One rule's peers, split as kube-router splits them: every peer pod, every ipBlock. */
function peersOf(model: ClusterModel, policy: ClusterNetworkPolicy, rule: PolicyRule) {
  const peers = rule.peers ?? [];
  return {
    all: rule.peers === null,
    pods: peers.flatMap((p) => peerPods(model, policy.namespace, p)),
    blocks: peers.flatMap((p): IpBlock[] => (p.ipBlock ? [p.ipBlock] : [])),
  };
}

function ingressRule(
  c: Context,
  model: ClusterModel,
  rule: PolicyRule,
  i: number,
  targets: ClusterPod[],
) {
  const { policy, sets } = c;
  const dst = targetSet('DST', policy.namespace, policy.name);
  const prov = ruleProv(policy, 'ingress', i, rule);
  const peers = peersOf(model, policy, rule);
  const ports = numericPorts(rule);
  const named = namedEndpoints(rule, targets);
  const namedSet = (ep: NamedEndpoint, k: number) =>
    sets.addresses(namedPortSet('ingress', policy.namespace, policy.name, i, k), ep.ips);
  const allPorts = rule.ports.length === 0;
  if (peers.pods.length > 0) {
    const src = sets.addresses(
      peerSet('ingress', policy.namespace, policy.name, i, 'pod'),
      ipsOf(peers.pods),
    );
    for (const p of ports) pair(c, FROM_PODS, src, dst, p, prov);
    named.forEach((ep, k) => pair(c, FROM_PODS, src, namedSet(ep, k), ep, prov));
    // a rule whose ports all failed to resolve is written with no port match at all
    if (ports.length === 0 && named.length === 0) pair(c, FROM_PODS, src, dst, null, prov);
  }
  if (peers.all && !allPorts) {
    for (const p of ports) pair(c, FROM_ALL, null, dst, p, prov);
    named.forEach((ep, k) => pair(c, FROM_ALL, null, namedSet(ep, k), ep, prov));
  }
  if (peers.all && allPorts) pair(c, FROM_ALL, null, dst, null, prov);
  if (peers.blocks.length > 0) {
    const src = sets.blocks(
      peerSet('ingress', policy.namespace, policy.name, i, 'ipblock'),
      peers.blocks,
    );
    if (!allPorts) {
      for (const p of ports) pair(c, FROM_BLOCKS, src, dst, p, prov);
      named.forEach((ep, k) => pair(c, FROM_BLOCKS, src, namedSet(ep, k), ep, prov));
    } else pair(c, FROM_BLOCKS, src, dst, null, prov);
  }
}

function egressRule(c: Context, model: ClusterModel, rule: PolicyRule, i: number) {
  const { policy, sets } = c;
  const src = targetSet('SRC', policy.namespace, policy.name);
  const prov = ruleProv(policy, 'egress', i, rule);
  const peers = peersOf(model, policy, rule);
  const ports = numericPorts(rule);
  const allPorts = rule.ports.length === 0;
  if (peers.pods.length > 0) {
    const dst = sets.addresses(
      peerSet('egress', policy.namespace, policy.name, i, 'pod'),
      ipsOf(peers.pods),
    );
    const named = namedEndpoints(rule, peers.pods);
    for (const p of ports) pair(c, FROM_PODS, src, dst, p, prov);
    named.forEach((ep, k) => {
      const set = sets.addresses(
        namedPortSet('egress', policy.namespace, policy.name, i, k),
        ep.ips,
      );
      pair(c, FROM_PODS, src, set, ep, prov);
    });
    if (ports.length === 0 && named.length === 0) pair(c, FROM_PODS, src, dst, null, prov);
  }
  if (peers.all && !allPorts) {
    // a named port to anywhere is looked up among the policy namespace's pods, then matched by number
    const local = policyEndpoints(model).filter((p) => p.namespace === policy.namespace);
    for (const p of [...ports, ...namedEndpoints(rule, local)]) pair(c, TO_ALL, src, null, p, prov);
  }
  if (peers.all && allPorts) pair(c, TO_ALL, src, null, null, prov);
  if (peers.blocks.length > 0) {
    const dst = sets.blocks(
      peerSet('egress', policy.namespace, policy.name, i, 'ipblock'),
      peers.blocks,
    );
    if (!allPorts) for (const p of ports) pair(c, TO_BLOCKS, src, dst, p, prov);
    else pair(c, TO_BLOCKS, src, dst, null, prov);
  }
}

function ruleProv(
  policy: ClusterNetworkPolicy,
  dir: RuleDirection,
  i: number,
  rule: PolicyRule,
): RuleProvenance {
  return krProv('policy-allow', {
    sources: [sourceOf(policy.ref, `spec.${dir}[${i}]`, rule.span)],
    policies: [`${policy.namespace}/${policy.name}`],
    policyRule: `${dir}[${i}]`,
  });
}

/** k3s's fork logs, at most 10 a minute, what reached the end of the chain unmarked. */
function logRule(policy: ClusterNetworkPolicy): Entry {
  return {
    args: [
      ...comment('rule to log dropped traffic'),
      ...LOG_LIMIT,
      ...lacksMark(POLICY_MARK),
      ...NFLOG(`DROP by policy ${logName(policy.namespace, policy.name)}`),
    ],
    prov: krProv('policy-allow', {
      sources: [sourceOf(policy.ref)],
      policies: [`${policy.namespace}/${policy.name}`],
    }),
  };
}

/** `namespace/name`, cut so the NFLOG prefix stays within its 64 bytes. */
export function logName(namespace: string, name: string): string {
  if (namespace.length + name.length < 48) return `${namespace}/${name}`;
  if (namespace.length < 24) return `${namespace}/${name.slice(0, 47 - namespace.length)}`;
  if (name.length < 24) return `${namespace.slice(0, 47 - name.length)}/${name}`;
  return `${namespace.slice(0, 23)}/${name.slice(0, 23)}`;
}

const has = (policy: ClusterNetworkPolicy, t: PolicyType) => policy.spec.policyTypes.includes(t);

/** The chain of `policy` and the sets it names. */
export function policyRules(
  out: CniRules,
  model: ClusterModel,
  policy: ClusterNetworkPolicy,
  sets: KubeRouterSets,
): void {
  const c: Context = {
    policy,
    chain: policyChain(policy.namespace, policy.name),
    sets,
    entries: [],
  };
  const targets = selectedPods(model, policy);
  if (has(policy, 'Ingress')) {
    sets.addresses(targetSet('DST', policy.namespace, policy.name), ipsOf(targets));
    for (const rule of policy.spec.ingress) ingressRule(c, model, rule, rule.index, targets);
  }
  if (has(policy, 'Egress')) {
    sets.addresses(targetSet('SRC', policy.namespace, policy.name), ipsOf(targets));
    for (const rule of policy.spec.egress) egressRule(c, model, rule, rule.index);
  }
  c.entries.push(logRule(policy));
  emit(out, c.chain, c.entries);
}
