/**
 * A NetworkPolicy's chain for one direction, `cali-pi-…` (ingress) or `cali-po-…` (egress), as
 * felix v3.29 writes it from the Calico policy `knp.default.<name>` the Kubernetes one converts to:
 * one allow per (protocol × peer) of each rule, ports merged into ranges, each allow a MARK of the
 * accept bit and a RETURN (the chain's last RETURN left out), an ipBlock's `except` as a match
 * block over the scratch bits. The policy never drops: the pod's chain does, when nothing marked.
 */
import { formatPrefix } from '../../../netfilter/ipv4.ts';
import { sourceOf } from '../../node/provenance.ts';
import type {
  ClusterModel,
  ClusterNetworkPolicy,
  ClusterPod,
  Protocol,
} from '../../model/model.ts';
import { peerPods } from '../select.ts';
import type { PolicyPeer, PolicyRule, PolicyType } from '../types.ts';
import { calicoProv, setMark, type Entry } from './emit.ts';
import type { Fragment, FelixRule } from './felix.ts';
import { ACCEPT, SCRATCH0, SCRATCH_BOTH } from './marks.ts';
import { ALL_SELECTOR_ID, chainName, ipsetName, namedPortId, selectorId } from './names.ts';
import { peerSelector } from './selector.ts';
import type { SetRegistry } from './sets.ts';

/** The policy's name in felix: its namespace and `knp.default.<name>`, in tier default. */
export function policyKey(p: ClusterNetworkPolicy): string {
  return `${p.namespace}/knp.default.${p.name}`;
}

export function policyChain(p: ClusterNetworkPolicy, type: PolicyType): string {
  return chainName(type === 'Ingress' ? 'cali-pi-' : 'cali-po-', `default/${policyKey(p)}`);
}

/** One protocol's ports of a rule: null protocol and no ports when the rule names none. */
interface PortGroup {
  protocol: Protocol | null;
  /** multiport text pieces ("80", "8000:8080"); empty: every port */
  numeric: string[];
  named: string[];
}

const PROTOCOL_ORDER: Protocol[] = ['SCTP', 'TCP', 'UDP'];

function ranges(list: [number, number][]): string[] {
  const sorted = [...list].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = out[out.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out.map(([f, t]) => (f === t ? `${f}` : `${f}:${t}`));
}

/** multiport takes 15 ports, a range counting two: longer lists become more rules. */
function chunks(pieces: string[]): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let slots = 0;
  for (const p of pieces) {
    const cost = p.includes(':') ? 2 : 1;
    if (slots + cost > 15) {
      out.push(cur);
      cur = [];
      slots = 0;
    }
    cur.push(p);
    slots += cost;
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

function portGroups(rule: PolicyRule): PortGroup[] {
  if (rule.ports.length === 0) return [{ protocol: null, numeric: [], named: [] }];
  const groups: PortGroup[] = [];
  for (const protocol of PROTOCOL_ORDER) {
    const ports = rule.ports.filter((p) => p.protocol === protocol);
    if (ports.length === 0) continue;
    if (ports.some((p) => p.port === null)) {
      groups.push({ protocol, numeric: [], named: [] });
      continue;
    }
    const numeric: [number, number][] = [];
    const named: string[] = [];
    for (const p of ports)
      if (typeof p.port === 'number') numeric.push([p.port, p.endPort ?? p.port]);
      else if (typeof p.port === 'string' && !named.includes(p.port)) named.push(p.port);
    groups.push({ protocol, numeric: ranges(numeric), named });
  }
  return groups;
}

interface Context {
  model: ClusterModel;
  policy: ClusterNetworkPolicy;
  type: PolicyType;
  sets: SetRegistry;
}

/** The match of one allow, before its ports: the peer on the source (ingress) or destination side. */
interface PeerMatch {
  cidr: string | null;
  except: string[];
  /** the peer's selector set, and its ID (a named port's set is keyed by it) */
  set: string | null;
  selector: string;
  /** the pods the peer names; null for a peer that is an address range or everything */
  pods: (() => ClusterPod[]) | null;
}

function peerMatch(c: Context, peer: PolicyPeer | null): PeerMatch {
  if (peer === null)
    return { cidr: null, except: [], set: null, selector: ALL_SELECTOR_ID, pods: null };
  if (peer.ipBlock)
    return {
      cidr: formatPrefix(peer.ipBlock.cidr),
      except: peer.ipBlock.except.map(formatPrefix),
      set: null,
      selector: ALL_SELECTOR_ID,
      pods: null,
    };
  const id = selectorId(peerSelector(c.policy.namespace, peer));
  const pods = () => peerPods(c.model, c.policy.namespace, peer);
  return { cidr: null, except: [], set: ipsetName(id), selector: id, pods };
}

function protoFragment(p: Protocol): Fragment {
  const name = p.toLowerCase();
  return { kind: 'proto', felix: name, save: name };
}

/**
 * The felix rules of one allow. One iptables rule cannot OR, so when the ports need more than
 * one match (several multiport lists, or numeric and named ports together) they become a match
 * block first: each alternative sets scratch bit 0, which the main rule then requires. An
 * ipBlock's `except` is a negated block after it that clears the same bit.
 */
function allowRules(
  c: Context,
  peer: PeerMatch,
  protocol: Protocol | null,
  numeric: string[],
  namedPorts: string[],
): FelixRule[] {
  const ingress = c.type === 'Ingress';
  const side = ingress ? 'src' : 'dst';
  const named = protocol === null ? [] : namedPorts.map((n) => namedSet(c, peer, protocol, n));
  const splits = chunks(numeric);
  const portBlock = splits.length + named.length > 1;
  const match: Fragment[] = [];
  if (protocol) match.push(protoFragment(protocol));
  if (peer.cidr) match.push({ kind: side, cidr: peer.cidr });
  // a side with only named ports leaves its selector to the named-port sets
  if (peer.set && peer.pods && !(named.length > 0 && numeric.length === 0 && !ingress))
    match.push({ kind: 'set', name: c.sets.selectorSet(peer.set, peer.pods), dirs: side });
  if (!portBlock && splits[0]) match.push({ kind: 'dports', ports: splits[0].join(',') });
  if (!portBlock && named[0]) match.push({ kind: 'set', name: named[0], dirs: 'dst,dst' });
  const out: FelixRule[] = [];
  const block = (m: Fragment[], value: number, mask: number) =>
    out.push({ comments: [], match: m, action: setMark(value, mask) });
  if (portBlock) {
    block([], 0, SCRATCH_BOTH);
    for (const split of splits)
      block(
        [
          ...(protocol ? [protoFragment(protocol)] : []),
          { kind: 'dports', ports: split.join(',') },
        ],
        SCRATCH0,
        SCRATCH0,
      );
    for (const set of named)
      block([{ kind: 'set', name: set, dirs: 'dst,dst' }], SCRATCH0, SCRATCH0);
  }
  if (peer.except.length > 0) {
    // a negated block that comes first starts from "passes" and clears the bit on a match
    if (!portBlock) block([], SCRATCH0, SCRATCH_BOTH);
    for (const e of peer.except) block([{ kind: side, cidr: e }], 0, SCRATCH0);
  }
  if (out.length > 0) match.push({ kind: 'mark', value: SCRATCH0, mask: SCRATCH0 });
  out.push({ comments: [], match, action: setMark(ACCEPT, ACCEPT) });
  out.push({
    comments: [],
    match: [{ kind: 'mark', value: ACCEPT, mask: ACCEPT }],
    action: { kind: 'jump', chain: 'RETURN' },
  });
  return out;
}

/** The ipset of the pods (the peer's on egress, any on ingress) with a port of that name. */
function namedSet(c: Context, peer: PeerMatch, protocol: Protocol, name: string): string {
  const ingress = c.type === 'Ingress';
  const selector = ingress ? ALL_SELECTOR_ID : peer.selector;
  return c.sets.namedPortSet(
    ipsetName(namedPortId(selector, protocol.toLowerCase(), name)),
    (ingress ? null : peer.pods) ?? (() => c.sets.everyPod()),
    protocol,
    name,
  );
}

/** The chain's rules with provenance: the policy, the rule of it each allow comes from. */
export function policyEntries(
  model: ClusterModel,
  policy: ClusterNetworkPolicy,
  type: PolicyType,
  sets: SetRegistry,
): Entry[] {
  const c: Context = { model, policy, type, sets };
  const dir = type === 'Ingress' ? 'ingress' : 'egress';
  const rules = type === 'Ingress' ? policy.spec.ingress : policy.spec.egress;
  const entries: Entry[] = [];
  // the rule's own place in the YAML: a rule left out for a mistake must not shift the ones after it
  rules.forEach((rule) => {
    const i = rule.index;
    const prov = calicoProv('policy-allow', {
      sources: [sourceOf(policy.ref, `spec.${dir}[${i}]`, rule.span)],
      policies: [`${policy.namespace}/${policy.name}`],
      policyRule: `${dir}[${i}]`,
    });
    for (const group of portGroups(rule))
      for (const peer of rule.peers ?? [null]) {
        const m = peerMatch(c, peer);
        for (const rule of allowRules(c, m, group.protocol, group.numeric, group.named))
          entries.push({ rule, prov });
      }
  });
  const last = entries[entries.length - 1];
  // felix leaves out the RETURN that would end the chain
  if (last && last.rule.action?.kind === 'jump' && last.rule.action.chain === 'RETURN')
    entries.pop();
  const comment = `Policy ${policyKey(policy)} ${dir}`;
  const policyProv = calicoProv('policy-allow', {
    sources: [sourceOf(policy.ref)],
    policies: [`${policy.namespace}/${policy.name}`],
  });
  if (entries.length === 0)
    return [{ rule: { comments: [comment], match: [], action: null }, prov: policyProv }];
  entries[0] = { ...entries[0]!, rule: { ...entries[0]!.rule, comments: [comment] } };
  return entries;
}
