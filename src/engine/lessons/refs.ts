/**
 * Resolves a lesson's refs to the names and addresses of the learner's current scenario: the
 * hashed chain of a Service port, an endpoint, a pod's or a node's address. Chains are found
 * through the compiled rules' provenance (the rule that exists because of that Service port);
 * a chain with no rules yet (no endpoints) gets kube-proxy's name for it.
 */
import { endpointChain, servicePortName, serviceChains } from '../cluster/proxier/chain-names.ts';
import { formatIPv4 } from '../rules/index.ts';
import type { Env } from './env.ts';
import type { Ref } from './types.ts';

function splitName(name: string): [string, string] {
  const slash = name.indexOf('/');
  return slash < 0 ? ['default', name] : [name.slice(0, slash), name.slice(slash + 1)];
}

function servicePort(env: Env, service: string, port: string | number | undefined) {
  const [ns, name] = splitName(service);
  const svc = env.model?.services.find((s) => s.namespace === ns && s.name === name);
  const sp = svc?.ports.find((p) => port === undefined || p.name === port || p.port === port);
  if (!svc || !sp) return null;
  return { portName: servicePortName(ns, name, sp.name), protocol: sp.protocol };
}

/** The endpoints of a Service port in the order its KUBE-SVC chain tries them. */
export function endpointsOf(env: Env, service: string, port?: string | number): string[] {
  const sp = servicePort(env, service, port);
  const rules = env.rulesOn();
  if (!sp || !rules) return [];
  const out: string[] = [];
  for (const [, prov] of rules.provenance)
    if (prov.role === 'load-balance' && prov.servicePort === sp.portName && prov.endpoint)
      if (!out.includes(prov.endpoint)) out.push(prov.endpoint);
  return out;
}

function chainOf(
  env: Env,
  service: string,
  port: string | number | undefined,
  kind: string,
): string | null {
  const sp = servicePort(env, service, port);
  if (!sp) return null;
  const prefix = `KUBE-${kind}-`;
  const rules = env.rulesOn();
  for (const [id, prov] of rules?.provenance ?? []) {
    if (prov.servicePort !== sp.portName) continue;
    const chain = id.split('/')[1] ?? '';
    if (chain.startsWith(prefix)) return chain;
  }
  if (kind === 'SEP') return null;
  const names = serviceChains(sp.portName, sp.protocol);
  return { SVC: names.svc, SVL: names.svl, EXT: names.ext, FW: names.fw }[kind] ?? null;
}

export function resolveRef(env: Env, ref: Ref): string | null {
  if ('chainOf' in ref)
    return chainOf(env, ref.chainOf.service, ref.chainOf.port, ref.chainOf.kind);
  if ('endpoint' in ref) {
    const eps = endpointsOf(env, ref.endpoint.service, ref.endpoint.port);
    return eps[ref.endpoint.index - 1] ?? null;
  }
  if ('pod' in ref) {
    const [ns, name] = splitName(ref.pod);
    const pod = env.model?.pods.find((p) => p.namespace === ns && p.name === name);
    return pod?.podIP == null ? null : formatIPv4(pod.podIP);
  }
  const node = env.model?.nodes.find((n) => n.name === ref.nodeIp);
  return node?.internalIPs[0] === undefined ? null : formatIPv4(node.internalIPs[0]);
}

/** A SEP chain of an endpoint, for checks that name one. */
export function endpointChainOf(
  env: Env,
  service: string,
  port: string | number | undefined,
  endpoint: string,
): string | null {
  const sp = servicePort(env, service, port);
  return sp ? endpointChain(sp.portName, sp.protocol, endpoint) : null;
}

/** A chain name in a pattern or focus: a ref's name resolves, anything else is literal. */
export function chainName(env: Env, name: string): string {
  const ref = env.loaded.lesson.refs?.[name];
  if (!ref) return name;
  return resolveRef(env, ref) ?? `(${name}: not in this scenario)`;
}
