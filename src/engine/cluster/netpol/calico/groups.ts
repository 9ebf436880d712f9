/**
 * Policy groups (felix v3.28+): the policies that apply to an endpoint in one direction, in
 * order, are cut into runs of consecutive policies with the same endpoint selector. A run of one
 * is jumped to straight from the endpoint's chain; a longer run gets a chain of its own,
 * `cali-gi-<uid>` (ingress) or `cali-go-<uid>` (egress), so that pods sharing the run share its
 * jumps. Inside, the first jump of every five is unguarded (nothing can have marked the packet
 * yet) and the others run only while no policy has given a verdict; a "Return on verdict" rule
 * stands before each such block after the first.
 */
import { sha3_224 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { sourceOf } from '../../node/provenance.ts';
import type { ClusterNetworkPolicy } from '../../model/model.ts';
import type { LabelSelector, PolicyType } from '../types.ts';
import { calicoProv, jump, type Entry } from './emit.ts';
import { ENDPOINT_CLEAR } from './marks.ts';
import { base64url, MAX_CHAIN_NAME } from './names.ts';
import { policyChain, policyKey } from './policy.ts';

const TIER = 'default';
const RETURN_STRIDE = 5;

/** A run of policies felix jumps to as one: a policy's own chain, or a group chain. */
export interface PolicyGroup {
  policies: ClusterNetworkPolicy[];
  /** the chain the endpoint chain jumps to */
  chain: string;
}

function quoted(v: string): string {
  return `'${v}'`;
}

/**
 * The selector the Kubernetes conversion writes for a policy's `podSelector`, wrapped with its
 * namespace by the syncer: felix groups by this text as it arrives, before any canonical form.
 */
export function endpointSelector(namespace: string, sel: LabelSelector): string {
  const terms = ["projectcalico.org/orchestrator == 'k8s'"];
  for (const k of Object.keys(sel.matchLabels).sort())
    terms.push(`${k} == ${quoted(sel.matchLabels[k]!)}`);
  for (const e of sel.matchExpressions) {
    const values = `{ '${e.values.join("', '")}' }`;
    if (e.operator === 'In') terms.push(`${e.key} in ${values}`);
    else if (e.operator === 'NotIn') terms.push(`${e.key} not in ${values}`);
    else if (e.operator === 'Exists') terms.push(`has(${e.key})`);
    else terms.push(`! has(${e.key})`);
  }
  return `(${terms.join(' && ')}) && projectcalico.org/namespace == ${quoted(namespace)}`;
}

/** SHA3-224 over newline-ended fields: tier, selector, direction, count, each policy's name. */
export function groupChainName(selector: string, type: PolicyType, names: string[]): string {
  const prefix = type === 'Ingress' ? 'cali-gi-' : 'cali-go-';
  const fields = [TIER, selector, type === 'Ingress' ? 'inbound' : 'outbound', `${names.length}`];
  const text = [...fields, ...names].map((f) => `${f}\n`).join('');
  return prefix + base64url(sha3_224(utf8ToBytes(text))).slice(0, MAX_CHAIN_NAME - prefix.length);
}

/** The endpoint's policies (sorted) cut into felix's groups. */
export function policyGroups(
  policies: readonly ClusterNetworkPolicy[],
  type: PolicyType,
): PolicyGroup[] {
  const runs: { selector: string; policies: ClusterNetworkPolicy[] }[] = [];
  for (const p of policies) {
    const selector = endpointSelector(p.namespace, p.spec.podSelector);
    const last = runs[runs.length - 1];
    if (last && last.selector === selector) last.policies.push(p);
    else runs.push({ selector, policies: [p] });
  }
  return runs.map((r) => ({
    policies: r.policies,
    chain:
      r.policies.length === 1
        ? policyChain(r.policies[0]!, type)
        : groupChainName(r.selector, type, r.policies.map(policyKey)),
  }));
}

/** The rules of a group's own chain. */
export function groupEntries(group: PolicyGroup, type: PolicyType): Entry[] {
  const out: Entry[] = [];
  const verdict = { kind: 'mark', value: 0, mask: ENDPOINT_CLEAR } as const;
  group.policies.forEach((p, i) => {
    const prov = calicoProv('policy-group', {
      sources: [sourceOf(p.ref)],
      policies: [`${p.namespace}/${p.name}`],
    });
    if (i > 0 && i % RETURN_STRIDE === 0)
      out.push({
        rule: {
          comments: ['Return on verdict'],
          match: [{ ...verdict, negate: true }],
          action: jump('RETURN'),
        },
        prov,
      });
    const match = i % RETURN_STRIDE === 0 ? [] : [verdict];
    out.push({ rule: { comments: [], match, action: jump(policyChain(p, type)) }, prov });
  });
  return out;
}
