/**
 * `netfilter-lab journey CLUSTER.yaml --flow FLOW.json [--seed N | --all-paths] [--json]`: a
 * connection followed across the cluster's nodes, each node's kube-proxy rules simulated in turn,
 * and the reply's way back through their conntrack tables.
 */
import { readArgs } from '../args.ts';
import { exitStatus, type Command } from '../command.ts';
import { reportFieldProblems, reportSyntaxErrors } from '../field-report.ts';
import { readInput } from '../input.ts';
import { reportDiagnostics } from '../report.ts';
import { Output } from '../output.ts';
import { singleFile } from '../ruleset-input.ts';
import { readStructured } from '../structured-input.ts';
import { UsageError } from '../usage-error.ts';
import { loadCluster } from '../../engine/cluster/index.ts';
import {
  describeJourneyResult,
  journey,
  type JourneyOptions,
} from '../../engine/cluster/journey/index.ts';

const options = {
  flow: { type: 'string' },
  seed: { type: 'string' },
  'all-paths': { type: 'boolean' },
  json: { type: 'boolean' },
  steps: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const journeyCommand: Command = {
  name: 'journey',
  help: `Usage: netfilter-lab journey CLUSTER.yaml|- --flow FLOW.json [--seed N | --all-paths] [--json]

Compiles kube-proxy's rules for each node of the cluster and follows one connection through
them: the node it enters, DNAT and masquerade there, routing to the node with the endpoint,
FORWARD there, delivery to the pod (and the source address the pod sees), then the reply's way
back through each node's conntrack table. Pod networking is modelled plainly: each node's podCIDR
on a bridge cni0 with a veth per pod, routes to the other nodes' podCIDRs via their node IPs.
An IPv6 flow crosses each node's ip6tables rules (a dual-stack cluster has both).

FLOW (JSON or YAML):
  {"from": "pod/NAMESPACE/NAME" | "node/NAME" | "client/NAME" | "10.0.0.5" | "fd00::5",
   "to": "svc/NAMESPACE/NAME:PORT" | "node/NAME:NODEPORT" | "pod/NAMESPACE/NAME:PORT" | "10.96.0.10:80"
         | "[fd00:10:96::80]:80",
   "proto": "tcp", "sport": 40000, "tcpFlags": "SYN",
   "via": "node/NAME",     (the node a packet from outside reaches, for a cluster, LB or external IP)
   "family": "ipv6"}       (ipv4 or ipv6: the address pods, nodes and Services are reached by;
                           default: the family of an address written, else the cluster's primary)

Options:
  --flow FILE    the flow file (- for standard input)
  --seed N       seed for the random rules: the same seed, the same journey (default 1)
  --all-paths    follow every random branch: each ending (endpoint, verdict, source seen) with its
                 exact probability
  --json         print the journey as JSON: {flow, podNetwork, notes, journey: {hops, request,
                 sourceSeen, reply, ...}, outcomes?}; each hop carries its translations in
                 order (kind dnat, snat, masquerade, un-dnat or un-snat; the rule or conntrack
                 that did it; the packet before and after) and the node's full trace
  --steps        with the text output, print every trace step of every hop
  -h, --help     show this help

File formats (docs/formats.md in the project):
  CLUSTER  docs/formats.md#cluster-documents
  FLOW     docs/formats.md#flow-file

Exit status: 0 followed (whatever the verdict), 1 an input has errors, 2 usage error.`,

  async run(args) {
    const { values, positionals } = readArgs(args, options);
    if (values.help) {
      process.stdout.write(`${this.help}\n`);
      return 0;
    }
    const clusterFile = singleFile(positionals);
    if (!values.flow) throw new UsageError('missing --flow FILE');
    if (clusterFile === '-' && values.flow === '-')
      throw new UsageError('only one of CLUSTER and --flow can be - (standard input)');
    if (values.seed !== undefined && values['all-paths'])
      throw new UsageError('--seed and --all-paths exclude each other');
    const opts: JourneyOptions = {};
    if (values.seed !== undefined) {
      if (!/^\d+$/.test(values.seed))
        throw new UsageError(`--seed takes a whole number, not "${values.seed}"`);
      opts.seed = Number(values.seed);
    }
    if (values['all-paths']) opts.allPaths = true;

    const input = await readInput(clusterFile);
    const { model, diagnostics } = loadCluster(input.text);
    const flowIn = await readStructured(values.flow);
    const clusterErrors = diagnostics.filter((d) => d.severity === 'error').length;
    const syntaxErrors = reportSyntaxErrors(flowIn);
    if (clusterErrors || syntaxErrors) {
      reportDiagnostics(input.name, diagnostics);
      return exitStatus(clusterErrors + syntaxErrors);
    }

    const result = journey(model, flowIn.value, opts);
    reportDiagnostics(input.name, [...diagnostics, ...result.diagnostics]);
    const flowErrors = reportFieldProblems(flowIn, result.flowDiagnostics);
    const internal = result.diagnostics.filter((d) => d.severity === 'error').length;
    if (flowErrors || internal) return exitStatus(flowErrors + internal);

    const out = new Output();
    if (values.json) {
      const { diagnostics: _d, flowDiagnostics: _f, noteData: _n, ...doc } = result;
      await out.write(`${JSON.stringify(doc, null, 2)}\n`);
    } else await out.write(describeJourneyResult(result, values.steps === true));
    await out.flush();
    return 0;
  },
};
