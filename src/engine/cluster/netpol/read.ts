/**
 * Reads a NetworkPolicy manifest into its spec, applying what the API server defaults on write
 * (policyTypes, protocol TCP). A peer or port that cannot be read is reported at its place and
 * left out; a rule that loses every peer (or every port) it named is left out whole, so bad
 * input never widens what a policy allows.
 */
import { readMeta } from '../manifests/read-core.ts';
import { isRecord, Reader, shown } from '../manifests/read-kit.ts';
import type { Path } from '../manifests/source.ts';
import type { ClusterNamespace, ClusterNetworkPolicy } from '../model/model.ts';
import type {
  LabelSelector,
  PolicyPeer,
  PolicyPort,
  PolicyRule,
  PolicyType,
  SelectorExpression,
  SelectorOperator,
} from './types.ts';

const OPERATORS: readonly SelectorOperator[] = ['In', 'NotIn', 'Exists', 'DoesNotExist'];

/** A LabelSelector at `path`; undefined when it cannot be read (reported). */
export function readSelector(r: Reader, path: Path): LabelSelector | undefined {
  if (r.get(path) === undefined || r.get(path) === null)
    return { matchLabels: {}, matchExpressions: [] };
  if (r.record(path) === undefined) return undefined;
  const matchLabels = r.labels([...path, 'matchLabels']);
  const matchExpressions: SelectorExpression[] = [];
  let ok = true;
  r.list([...path, 'matchExpressions']).forEach((_, i) => {
    const p = [...path, 'matchExpressions', i];
    const key = r.str([...p, 'key']);
    const operator = r.oneOf(p.concat('operator'), OPERATORS);
    if (key === undefined || operator === undefined) {
      if (key === undefined)
        r.error(p, 'missing-field', 'a match expression needs a key', {
          sentence: 'expression-key',
        });
      ok = false;
      return;
    }
    const values = r.list([...p, 'values']).map((v) => String(v));
    if ((operator === 'In' || operator === 'NotIn') && values.length === 0) {
      r.error(p, 'missing-field', `operator ${operator} needs at least one value`, {
        sentence: 'expression-values',
        operator,
      });
      ok = false;
      return;
    }
    matchExpressions.push({ key, operator, values });
  });
  return ok ? { matchLabels, matchExpressions } : undefined;
}

function readPeer(r: Reader, path: Path, peer: unknown): PolicyPeer | undefined {
  if (!isRecord(peer)) {
    r.error(path, 'bad-type', `a peer should be a mapping, got ${shown(peer)}`, {
      expected: 'peer-mapping',
      got: shown(peer),
    });
    return undefined;
  }
  const span = r.span(path);
  if (peer['ipBlock'] !== undefined) {
    if (peer['podSelector'] !== undefined || peer['namespaceSelector'] !== undefined) {
      r.error(path, 'bad-value', 'a peer with ipBlock may not also have selectors', {
        sentence: 'ipblock-and-selectors',
      });
      return undefined;
    }
    const cidr = r.cidr([...path, 'ipBlock', 'cidr']);
    if (cidr === undefined) {
      if (r.get([...path, 'ipBlock', 'cidr']) === undefined)
        r.error([...path, 'ipBlock'], 'missing-field', 'an ipBlock needs a cidr', {
          sentence: 'ipblock-cidr',
        });
      return undefined;
    }
    const except = [];
    let ok = true;
    for (const [k] of r.list([...path, 'ipBlock', 'except']).entries()) {
      const e = r.cidr([...path, 'ipBlock', 'except', k]);
      if (e === undefined) ok = false;
      else except.push(e);
    }
    // an except that cannot be read would allow what it meant to keep out
    if (!ok) return undefined;
    return { podSelector: null, namespaceSelector: null, ipBlock: { cidr, except }, span };
  }
  const hasPod = peer['podSelector'] !== undefined;
  const hasNs = peer['namespaceSelector'] !== undefined;
  if (!hasPod && !hasNs) {
    r.error(path, 'missing-field', 'a peer needs podSelector, namespaceSelector or ipBlock', {
      sentence: 'peer-empty',
    });
    return undefined;
  }
  const podSelector = hasPod ? readSelector(r, [...path, 'podSelector']) : null;
  const namespaceSelector = hasNs ? readSelector(r, [...path, 'namespaceSelector']) : null;
  if (podSelector === undefined || namespaceSelector === undefined) return undefined;
  return { podSelector, namespaceSelector, ipBlock: null, span };
}

function readPort(r: Reader, path: Path): PolicyPort | undefined {
  const protocol = r.protocol([...path, 'protocol']);
  const raw = r.get([...path, 'port']);
  let port: number | string | null = null;
  if (typeof raw === 'number') {
    const n = r.int([...path, 'port'], 1, 65535);
    if (n === undefined) return undefined;
    port = n;
  } else if (typeof raw === 'string') {
    if (/^[0-9]+$/.test(raw)) {
      const n = r.int([...path, 'port'], 1, 65535);
      if (n === undefined) return undefined;
      port = n;
    } else port = raw;
  } else if (raw !== undefined && raw !== null) {
    r.error([...path, 'port'], 'bad-type', `port should be a number or a name, got ${shown(raw)}`, {
      expected: 'port-number-or-name',
      got: shown(raw),
    });
    return undefined;
  }
  let endPort: number | null = null;
  if (r.get([...path, 'endPort']) !== undefined) {
    const e = r.int([...path, 'endPort'], 1, 65535);
    if (e === undefined) return undefined;
    if (typeof port !== 'number') {
      r.error([...path, 'endPort'], 'bad-value', 'endPort needs a numeric port', {
        sentence: 'endport-named',
      });
      return undefined;
    }
    if (e < port) {
      r.error([...path, 'endPort'], 'bad-value', `endPort ${e} is below port ${port}`, {
        sentence: 'endport-below',
        endPort: e,
        port,
      });
      return undefined;
    }
    endPort = e;
  }
  return { protocol, port, endPort, span: r.span(path) };
}

function readRules(r: Reader, dir: 'ingress' | 'egress'): PolicyRule[] {
  const peersKey = dir === 'ingress' ? 'from' : 'to';
  const rules: PolicyRule[] = [];
  r.list(['spec', dir]).forEach((item, i) => {
    const path = ['spec', dir, i];
    if (item !== null && item !== undefined && !isRecord(item)) {
      r.error(path, 'bad-type', `a ${dir} rule should be a mapping, got ${shown(item)}`, {
        expected: 'rule-mapping',
        direction: dir,
        got: shown(item),
      });
      return;
    }
    const written = r.list([...path, peersKey]);
    const peers = written.flatMap((p, j) => readPeer(r, [...path, peersKey, j], p) ?? []);
    const writtenPorts = r.list([...path, 'ports']);
    const ports = writtenPorts.flatMap((_, k) => readPort(r, [...path, 'ports', k]) ?? []);
    if (written.length > 0 && peers.length === 0) return;
    if (writtenPorts.length > 0 && ports.length === 0) return;
    rules.push({ peers: written.length === 0 ? null : peers, ports, index: i, span: r.span(path) });
  });
  return rules;
}

/** The NetworkPolicy in `r`, with its spec read and defaulted. */
export function readNetworkPolicy(r: Reader): ClusterNetworkPolicy | undefined {
  const meta = readMeta(r, 'NetworkPolicy');
  if (!meta) return undefined;
  if (r.record(['spec']) === undefined) {
    r.error([], 'missing-field', 'a NetworkPolicy needs spec', { sentence: 'policy-spec' });
    return undefined;
  }
  const podSelector = readSelector(r, ['spec', 'podSelector']);
  // a policy whose podSelector cannot be read is left out: guessing whom it selects would be worse
  if (podSelector === undefined) return undefined;
  const types: PolicyType[] = [];
  r.list(['spec', 'policyTypes']).forEach((_, i) => {
    const t = r.oneOf(['spec', 'policyTypes', i], ['Ingress', 'Egress'] as const);
    if (t && !types.includes(t)) types.push(t);
  });
  const ingress = readRules(r, 'ingress');
  const egress = readRules(r, 'egress');
  if (r.get(['spec', 'policyTypes']) === undefined) {
    types.push('Ingress');
    if (r.list(['spec', 'egress']).length > 0) types.push('Egress');
  }
  return {
    namespace: meta.namespace,
    name: meta.name,
    spec: { podSelector, policyTypes: types, ingress, egress },
    ref: r.ref('NetworkPolicy', meta.name, meta.namespace, ['kind', 'spec.podSelector']),
  };
}

/** A Namespace's name and labels (what namespaceSelector matches). */
export function readNamespace(r: Reader): ClusterNamespace | undefined {
  const name = r.str(['metadata', 'name']);
  if (name === undefined || name === '') return undefined;
  return { name, labels: r.labels(['metadata', 'labels']), ref: r.ref('Namespace', name) };
}
