/**
 * `netfilter-lab compile CLUSTER.yaml --node NAME`: the rules kube-proxy writes on that node, as
 * iptables-save prints them; `--hosts` prints every node's host model (for `trace --host`).
 */
import { stringify } from 'yaml';
import { readArgs } from '../args.ts';
import { exitStatus, type Command } from '../command.ts';
import { readInput } from '../input.ts';
import { Output } from '../output.ts';
import { reportDiagnostics } from '../report.ts';
import { singleFile } from '../ruleset-input.ts';
import { UsageError } from '../usage-error.ts';
import { compileDocker, wantsDocker } from './compile-docker.ts';
import {
  compileModelNode,
  hostsOf,
  ipsetRestoreText,
  loadCluster,
  NO_SPAN,
  partialSync,
  clusterFamilies,
  type ClusterDiagnostic,
  type ClusterModel,
} from '../../engine/cluster/index.ts';
import type { Family } from '../../engine/rules/index.ts';

type HostWithSets = ReturnType<typeof hostsOf>[string] & {
  ipsets?: { name: string; type: string; members: string[] }[];
};

/**
 * Every node's host, with the sets its policy rules name (members as `ipset add` takes them), so
 * that trace --host evaluates their `-m set` matches; without a policy engine no rule names one.
 */
function hostsWithSets(model: ClusterModel): Record<string, HostWithSets> {
  const all: Record<string, HostWithSets> = hostsOf(model);
  if (model.settings.networkPolicy === 'none') return all;
  for (const [name, host] of Object.entries(all)) {
    const sets = compileModelNode(model, name).ipsets;
    if (sets.length > 0)
      host.ipsets = sets.map((s) => ({
        name: s.name,
        type: s.type,
        members: s.members.map((m) => m.text),
      }));
  }
  return all;
}

/**
 * The family --family names; without it IPv4, or IPv6 for an IPv6-only cluster. A dual-stack
 * cluster is told once where its IPv6 rules are.
 */
function chosenFamily(
  written: string | undefined,
  model: ClusterModel,
  diagnostics: ClusterDiagnostic[],
): Family {
  const families = clusterFamilies(model.settings);
  if (written !== undefined && written !== 'ipv4' && written !== 'ipv6')
    throw new UsageError(`--family takes ipv4 or ipv6, not "${written}"`);
  if (written !== undefined) return written;
  if (!families.includes('IPv4')) return 'ipv6';
  if (families.includes('IPv6'))
    diagnostics.push({
      ...NO_SPAN,
      code: 'assumed',
      severity: 'info',
      message:
        "this cluster is dual-stack: these are the node's IPv4 rules (iptables-save); --family ipv6 prints its IPv6 rules (ip6tables-save)",
    });
  return 'ipv4';
}

const options = {
  node: { type: 'string' },
  family: { type: 'string' },
  hosts: { type: 'boolean' },
  'ipset-save': { type: 'boolean' },
  since: { type: 'string' },
  full: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const compileCommand: Command = {
  name: 'compile',
  help: `Usage: netfilter-lab compile CLUSTER.yaml|- --node NAME [--family ipv4|ipv6]
       netfilter-lab compile CLUSTER.yaml|- --hosts [--node NAME] [--json]
       netfilter-lab compile CLUSTER.yaml|- --node NAME --since PREVIOUS.yaml [--full] [--family ipv4|ipv6]
       netfilter-lab compile CLUSTER.yaml|- --node NAME --ipset-save

Reads ordinary Kubernetes manifests (Node, Pod, Deployment, Service, EndpointSlice, kind: List),
a KubeProxyConfiguration and an optional netfilter-lab/v1alpha1 Cluster document, and prints
the filter and nat rules kube-proxy (iptables mode) writes on the node, as iptables-save prints
them there. A kind: DockerHost document is compiled into the rules Docker Engine 28.5.2 writes
on that host (--node names one when there are several). Diagnostics go to stderr as FILE:LINE:COL: severity: message.

Options:
  --node NAME   the node to compile (may be left out when the cluster has one node, or when
                it defines none and the nodes are assumed: the first is compiled)
  --family ipv4|ipv6
                which of the node's rulesets to print: ipv4 (iptables-save, the default) or
                ipv6 (ip6tables-save: kube-proxy's IPv6 proxier), for a cluster whose Cluster
                document names an IPv6 range in serviceCIDR; an IPv6-only cluster defaults to ipv6
  --since PREVIOUS.yaml
                print instead the iptables-restore input of kube-proxy's partial sync after
                the cluster changed from PREVIOUS.yaml: the filter table and nat's fixed chains
                whole, the chains of the Services that changed, and the -X of chains gone;
                with --family ipv6, the IPv6 proxier's sync (ip6tables-restore input)
  --full        with --since, the full sync instead (kube-proxy's answer to a failed
                restore): every chain written again, and the -X of chains gone
  --hosts       print each node's host model (interfaces, addresses, routes, and the ipsets its
                NetworkPolicy rules name) as YAML, keyed by node name (trace --host reads it
                with --node NAME); with --node, only that node's host, the file trace --host
                reads alone; with --json, as JSON
  --ipset-save  print instead the ipsets the node's rules name, as ipset save prints them:
                the text ipset restore loads beside iptables-restore, and trace --ipsets reads
  -h, --help    show this help

File formats (docs/formats.md in the project):
  CLUSTER  docs/formats.md#cluster-documents
  --hosts  docs/formats.md#host-file

Exit status: 0 no error, 1 the cluster has errors, 2 usage error.`,

  async run(args) {
    const { values, positionals } = readArgs(args, options);
    if (values.help) {
      process.stdout.write(`${this.help}\n`);
      return 0;
    }
    const input = await readInput(singleFile(positionals));
    const { model, diagnostics } = loadCluster(input.text);
    const nodeNames = model.nodes.map((n) => n.name);
    if (wantsDocker(input.text, values.node, nodeNames)) return compileDocker(input, values);
    const errors = () => diagnostics.filter((d) => d.severity === 'error').length;
    const out = new Output();
    if (values.hosts) {
      const all = hostsWithSets(model);
      const node = values.node;
      if (node !== undefined && !(node in all)) {
        reportDiagnostics(input.name, diagnostics);
        throw new UsageError(`no node "${node}" (nodes: ${Object.keys(all).join(', ') || 'none'})`);
      }
      const hosts = node === undefined ? all : all[node];
      await out.write(values.json ? `${JSON.stringify(hosts, null, 2)}\n` : stringify(hosts));
      await out.flush();
      reportDiagnostics(input.name, diagnostics);
      return exitStatus(errors());
    }
    const names = model.nodes.map((n) => n.name);
    let node = values.node;
    if (node === undefined && names.length > 1 && model.nodes.every((n) => n.assumed)) {
      // plain manifests: the nodes are the loader's assumption, so any of them will do
      node = names[0]!;
      diagnostics.push({
        ...NO_SPAN,
        code: 'assumed',
        severity: 'info',
        message: `compiling ${node}, the first assumed node; --node NAME picks another (${names.join(', ')})`,
      });
    } else if (node === undefined) {
      if (names.length !== 1) {
        reportDiagnostics(input.name, diagnostics);
        throw new UsageError(
          names.length
            ? `--node NAME is needed (nodes: ${names.join(', ')})`
            : 'the cluster has no Node',
        );
      }
      node = names[0]!;
    } else if (!names.includes(node)) {
      reportDiagnostics(input.name, diagnostics);
      throw new UsageError(`no node "${node}" (nodes: ${names.join(', ') || 'none'})`);
    }
    if (values.full && values.since === undefined)
      throw new UsageError('--full goes with --since PREVIOUS.yaml');
    const family = chosenFamily(values.family, model, diagnostics);
    if (values.since !== undefined) {
      if (family === 'ipv6' && !clusterFamilies(model.settings).includes('IPv6'))
        throw new UsageError(
          'this cluster has IPv4 only: kube-proxy runs no IPv6 proxier, so there is no IPv6 sync',
        );
      const prev = await readInput(values.since);
      const before = loadCluster(prev.text);
      reportDiagnostics(prev.name, before.diagnostics);
      if (!before.model.nodes.some((n) => n.name === node))
        throw new UsageError(`no node "${node}" in ${prev.name}`);
      const full = values.full === true;
      await out.write(partialSync(before.model, model, node, { full, family })?.text ?? '');
      await out.flush();
      reportDiagnostics(input.name, diagnostics);
      return exitStatus(errors() + before.diagnostics.filter((d) => d.severity === 'error').length);
    }
    const compiled = compileModelNode(model, node, undefined, family);
    diagnostics.push(...compiled.diagnostics);
    await out.write(
      values['ipset-save'] ? ipsetRestoreText(compiled.ipsets) : compiled.rulesetText,
    );
    await out.flush();
    reportDiagnostics(input.name, diagnostics);
    return exitStatus(errors());
  },
};
