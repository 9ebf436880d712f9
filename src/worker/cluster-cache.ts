/**
 * Compiles a cluster once per YAML text and keeps the last few: typing in the editor, tracing
 * and printing all ask about the same text, and compiling every node again each time would be
 * wasted work.
 */
import {
  compileModelNode,
  hostsOf,
  loadCluster,
  type ClusterDiagnostic,
  type ClusterModel,
} from '../engine/cluster/index.ts';
import { buildEndpoints } from '../engine/cluster/endpoints.ts';
import { podDevice } from '../engine/cluster/hosts.ts';
import { formatIPv4 } from '../engine/rules/index.ts';
import { formatPrefix } from '../engine/netfilter/ipv4.ts';
import { readHost, type Host } from '../engine/netfilter/index.ts';
import type { IpSet } from '../engine/netfilter/host.ts';
import type { ClusterSummary, CompileClusterResult, CompiledNodeData } from './protocol.ts';

export interface CompiledCluster {
  result: CompileClusterResult;
  hosts: Record<string, Host>;
}

const KEEP = 4;
const cache = new Map<string, CompiledCluster>();

export function summarize(model: ClusterModel): ClusterSummary {
  return {
    nodes: model.nodes.map((n) => ({
      name: n.name,
      ip: n.internalIPs[0] === undefined ? null : formatIPv4(n.internalIPs[0]),
      podCIDR: n.podCIDR ? formatPrefix(n.podCIDR) : null,
    })),
    pods: model.pods.flatMap((p) =>
      p.podIP === null || p.nodeName === null || p.finished
        ? []
        : [
            {
              namespace: p.namespace,
              name: p.name,
              ip: formatIPv4(p.podIP),
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
  const ipsets = new Map<string, IpSet[]>();
  const nodes: CompiledNodeData[] = model.nodes.map((n) => {
    const c = compileModelNode(model, n.name, endpoints);
    ipsets.set(n.name, c.ipsets);
    return {
      name: n.name,
      rulesetText: c.rulesetText,
      ruleset: c.ruleset,
      diagnostics: c.diagnostics,
      provenance: [...c.provenance],
    };
  });
  const hosts: Record<string, Host> = {};
  for (const [name, file] of Object.entries(hostsOf(model))) {
    const host = readHost(file).host;
    // a CNI's policy rules name ipsets: the node's kernel holds them beside the rules
    host.ipsets = [...host.ipsets, ...(ipsets.get(name) ?? [])];
    hosts[name] = host;
  }
  const all: ClusterDiagnostic[] = [...diagnostics, ...nodes.flatMap((n) => n.diagnostics)];
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
