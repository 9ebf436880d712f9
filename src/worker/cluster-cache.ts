/**
 * Compiles a cluster once per YAML text and keeps the last few: typing in the editor, tracing
 * and printing all ask about the same text, and compiling every node again each time would be
 * wasted work.
 */
import {
  clusterFamilies,
  compileModelNode,
  hostsOf,
  loadCluster,
  type ClusterDiagnostic,
  type ClusterModel,
} from '../engine/cluster/index.ts';
import { buildEndpoints, PodIndex } from '../engine/cluster/model/endpoints.ts';
import { podDevice } from '../engine/cluster/node/hosts.ts';
import { formatIPv4 } from '../engine/rules/index.ts';
import { formatPrefix } from '../engine/netfilter/ipv4.ts';
import { readHost, type Host } from '../engine/netfilter/index.ts';
import type { IpSet } from '../engine/netfilter/host.ts';
import type {
  AddressFamily,
  ClusterSummary,
  CompileClusterResult,
  CompiledNodeData,
  CompiledRulesetData,
} from './protocol.ts';

export interface CompiledCluster {
  result: CompileClusterResult;
  hosts: Record<string, Host>;
}

const KEEP = 4;
const cache = new Map<string, CompiledCluster>();

function familiesOf(model: ClusterModel): AddressFamily[] {
  return clusterFamilies(model.settings).map((f) => (f === 'IPv6' ? 'ipv6' : 'ipv4'));
}

export function summarize(model: ClusterModel): ClusterSummary {
  return {
    families: familiesOf(model),
    nodes: model.nodes.map((n) => ({
      name: n.name,
      ip: n.internalIPs[0] === undefined ? null : formatIPv4(n.internalIPs[0]),
      ipv6: n.ipv6?.internalIPs[0] ?? null,
      podCIDR: n.podCIDR ? formatPrefix(n.podCIDR) : null,
    })),
    pods: model.pods.flatMap((p) =>
      (p.podIP === null && p.podIPv6 === undefined) || p.nodeName === null || p.finished
        ? []
        : [
            {
              namespace: p.namespace,
              name: p.name,
              ip: p.podIP === null ? '' : formatIPv4(p.podIP),
              ...(p.podIPv6 === undefined ? {} : { ipv6: p.podIPv6 }),
              node: p.nodeName,
              veth: podDevice(model, p.namespace, p.name),
              ports: p.ports.map((c) => ({ port: c.containerPort, protocol: c.protocol })),
            },
          ],
    ),
    services: model.services.map((s) => ({
      namespace: s.namespace,
      name: s.name,
      type: s.type,
      clusterIP: s.clusterIP === null ? null : formatIPv4(s.clusterIP),
      clusterIPv6: s.ipv6?.clusterIP ?? null,
      externalIPs: s.externalIPs.map(formatIPv4),
      loadBalancerIPs: s.loadBalancerIngressIPs.map(formatIPv4),
      ports: s.ports.map((p) => ({
        name: p.name,
        protocol: p.protocol,
        port: p.port,
        nodePort: p.nodePort,
      })),
    })),
    clients: model.settings.externalClients.map((c) => ({
      name: c.name,
      address: formatIPv4(c.address),
    })),
  };
}

function compile(yaml: string): CompiledCluster {
  const { model, diagnostics } = loadCluster(yaml);
  const endpoints = buildEndpoints(model);
  // the ip6tables rules of every node, for a cluster with IPv6
  const endpoints6 = familiesOf(model).includes('ipv6')
    ? buildEndpoints(model, new PodIndex(model.pods), 'ipv6')
    : null;
  const ipsets = new Map<string, IpSet[]>();
  const nodes: CompiledNodeData[] = model.nodes.map((n) => {
    const c = compileModelNode(model, n.name, endpoints);
    ipsets.set(n.name, c.ipsets);
    const data: CompiledNodeData = { name: n.name, ...rulesetData(c) };
    if (endpoints6) data.ipv6 = rulesetData(compileModelNode(model, n.name, endpoints6, 'ipv6'));
    return data;
  });
  const hosts: Record<string, Host> = {};
  for (const [name, file] of Object.entries(hostsOf(model))) {
    const host = readHost(file).host;
    // a CNI's policy rules name ipsets: the node's kernel holds them beside the rules
    host.ipsets = [...host.ipsets, ...(ipsets.get(name) ?? [])];
    hosts[name] = host;
  }
  const all: ClusterDiagnostic[] = [
    ...diagnostics,
    ...nodes.flatMap((n) => [...n.diagnostics, ...(n.ipv6?.diagnostics ?? [])]),
  ];
  return {
    result: {
      nodes,
      summary: summarize(model),
      diagnostics,
      hasErrors: all.some((d) => d.severity === 'error'),
    },
    hosts,
  };
}

function rulesetData(c: ReturnType<typeof compileModelNode>): CompiledRulesetData {
  return {
    rulesetText: c.rulesetText,
    ruleset: c.ruleset,
    diagnostics: c.diagnostics,
    provenance: [...c.provenance],
  };
}

export function compiledCluster(yaml: string): CompiledCluster {
  const hit = cache.get(yaml);
  if (hit) {
    // most recently used last, so the oldest is dropped first
    cache.delete(yaml);
    cache.set(yaml, hit);
    return hit;
  }
  const fresh = compile(yaml);
  cache.set(yaml, fresh);
  while (cache.size > KEEP) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return fresh;
}
