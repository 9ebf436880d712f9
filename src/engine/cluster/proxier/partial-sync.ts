/**
 * What kube-proxy sends on a partial sync after the cluster changed from `prev` to `next`
 * (facts: pkg/proxy/iptables/proxier.go, syncProxyRules with MinimizeIPTablesRestore): the
 * filter table and nat's KUBE-SERVICES, KUBE-NODEPORTS, KUBE-POSTROUTING and KUBE-MARK-MASQ are
 * written whole; a Service's own chains only when the Service or its endpoints changed; chains of
 * the previous sync that no longer exist are flushed and deleted (`-X`), just before the
 * NodePort hand-off that stays last. The comparison leaves out where a field was written.
 * A full sync (kube-proxy's first, and its answer to a failed restore) writes every chain but
 * still deletes the previous sync's stale ones.
 */
import { nodeView } from '../compile.ts';
import { buildEndpoints, servicePortKey, type Endpoint } from '../model/endpoints.ts';
import { clusterFamilies, type ClusterModel } from '../model/model.ts';
import { ipv6View } from '../compile-ipv6.ts';
import { proxierRules, type ProxierOutput, type RestoreRule } from './index.ts';

type Family = 'ipv4' | 'ipv6';

const FIXED_NAT = new Set([
  'KUBE-SERVICES',
  'KUBE-NODEPORTS',
  'KUBE-POSTROUTING',
  'KUBE-MARK-MASQ',
]);
const SERVICE_CHAIN = /^KUBE-(SVC|SVL|EXT|FW|SEP|XLB)-/;

export interface PartialSync {
  /** the iptables-restore input */
  text: string;
  /** the Services (`namespace/name`) whose chains are rewritten */
  changed: string[];
  /** the Services of the previous sync that are gone (their chains are deleted) */
  removed: string[];
  /** the per-Service nat chains written again (declared and refilled), in restore order */
  rewritten: string[];
  /** the chains deleted */
  deleted: string[];
}

export interface SyncOptions {
  /** write every chain, as a full sync does */
  full?: boolean;
  /** the proxier whose sync it is: kube-proxy runs one per family (default ipv4) */
  family?: Family;
}

/** JSON of what kube-proxy reads, without source positions (they move when lines move). */
function facts(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) =>
    key === 'span' || key === 'ref' || key === 'at' || key === 'sources' ? undefined : v,
  );
}

function serviceFacts(
  model: ClusterModel,
  endpoints: Map<string, Endpoint[]>,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const svc of model.services) {
    const eps = svc.ports.map((p) => endpoints.get(servicePortKey(svc, p)) ?? []);
    out.set(`${svc.namespace}/${svc.name}`, facts({ svc, eps }));
  }
  return out;
}

function proxierOf(
  model: ClusterModel,
  nodeName: string,
  family: Family,
): {
  out: ProxierOutput;
  endpoints: Map<string, Endpoint[]>;
} | null {
  const node = model.nodes.find((n) => n.name === nodeName);
  if (!node) return null;
  if (family === 'ipv6') {
    // a cluster without IPv6 runs no IPv6 proxier, so there is no sync to show
    if (!clusterFamilies(model.settings).includes('IPv6')) return null;
    const endpoints = buildEndpoints(model, undefined, 'ipv6');
    const out = proxierRules(model, ipv6View(node), endpoints, undefined, undefined, 'ipv6');
    return { out, endpoints };
  }
  const endpoints = buildEndpoints(model);
  return { out: proxierRules(model, nodeView(node), endpoints), endpoints };
}

/** The Service a rule belongs to (`namespace/name`), from its service port. */
function serviceOf(r: RestoreRule): string | undefined {
  return r.prov.servicePort?.split(':')[0];
}

const words = (r: RestoreRule): string =>
  ['-A', r.chain, ...r.args.map((w) => (typeof w === 'string' ? w : w.restore))].join(' ');

export function partialSync(
  prev: ClusterModel,
  next: ClusterModel,
  nodeName: string,
  options: SyncOptions = {},
): PartialSync | null {
  const family = options.family ?? 'ipv4';
  const before = proxierOf(prev, nodeName, family);
  const after = proxierOf(next, nodeName, family);
  if (!before || !after) return null;
  const old = serviceFacts(prev, before.endpoints);
  const now = serviceFacts(next, after.endpoints);
  const changed = [...now].filter(([name, f]) => old.get(name) !== f).map(([name]) => name);
  const removed = [...old.keys()].filter((name) => !now.has(name));
  // each per-Service chain's Service, from the rules written to it
  const ownerOf = new Map<string, string>();
  for (const r of after.out.rules)
    if (r.table === 'nat' && SERVICE_CHAIN.test(r.chain)) {
      const s = serviceOf(r);
      if (s !== undefined) ownerOf.set(r.chain, s);
    }
  const rewritten = (chain: string): boolean =>
    options.full === true || FIXED_NAT.has(chain) || changed.includes(ownerOf.get(chain) ?? '');
  const nextChains = new Set(after.out.chains.nat);
  const deleted = before.out.chains.nat.filter((c) => SERVICE_CHAIN.test(c) && !nextChains.has(c));

  const lines = ['*filter', ...after.out.chains.filter.map((c) => `:${c} - [0:0]`)];
  for (const r of after.out.rules) if (r.table === 'filter') lines.push(words(r));
  lines.push('COMMIT', '*nat');
  for (const c of after.out.chains.nat) if (rewritten(c)) lines.push(`:${c} - [0:0]`);
  for (const c of deleted) lines.push(`:${c} - [0:0]`);
  const last: string[] = [];
  for (const r of after.out.rules) {
    if (r.table !== 'nat' || !rewritten(r.chain)) continue;
    (r.prov.role === 'nodeports-jump' ? last : lines).push(words(r));
  }
  for (const c of deleted) lines.push(`-X ${c}`);
  lines.push(...last, 'COMMIT');
  const serviceChains = after.out.chains.nat.filter((c) => !FIXED_NAT.has(c) && rewritten(c));
  return {
    text: `${lines.join('\n')}\n`,
    changed,
    removed,
    rewritten: serviceChains,
    deleted,
  };
}
