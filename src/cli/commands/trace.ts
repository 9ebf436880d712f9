/**
 * `netfilter-lab trace --rules FILE --host HOST --packet PACKET [--seed N | --all-paths] [--json]`:
 * what netfilter does to one packet or a list of packets (one conntrack table for the list).
 */
import { readArgs } from '../args.ts';
import { exitStatus, type Command } from '../command.ts';
import { Output } from '../output.ts';
import { reportDiagnostics } from '../report.ts';
import { loadRuleset, rulesetInputHelp, rulesetInputOptions } from '../ruleset-input.ts';
import {
  entryOf,
  hostMapNodes,
  readStructured,
  type StructuredInput,
} from '../structured-input.ts';
import { reportFieldProblems, reportSyntaxErrors } from '../field-report.ts';
import { UsageError } from '../usage-error.ts';
import { ipsetHelp, ipsetOptions, loadIpsets, reportMissingSets } from '../ipset-input.ts';
import { hasErrors } from '../../engine/rules/index.ts';
import {
  describeResult,
  describeStep,
  readHost,
  NO_NEIGHBOUR_DISCOVERY,
  readPackets,
  simulate,
  toTraceJson,
  type SimulateOptions,
} from '../../engine/netfilter/index.ts';

const options = {
  ...rulesetInputOptions,
  ...ipsetOptions,
  rules: { type: 'string' },
  host: { type: 'string' },
  node: { type: 'string' },
  packet: { type: 'string' },
  seed: { type: 'string' },
  'all-paths': { type: 'boolean' },
  json: { type: 'boolean' },
  backend: { type: 'string', choices: ['nft', 'legacy'] },
  'assume-unknown': { type: 'string', choices: ['match', 'nomatch'] },
} as const;

/** The host to trace on: the file itself, or one node of a `compile --hosts` map. */
function pickHost(file: StructuredInput, node: string | undefined): StructuredInput {
  const nodes = hostMapNodes(file.value);
  if (nodes === null) {
    if (node !== undefined)
      throw new UsageError(
        `--node ${node} picks a node from a host map (compile --hosts), but ${file.name} is one host`,
      );
    return file;
  }
  if (node === undefined)
    throw new UsageError(
      `${file.name} holds the hosts of ${nodes.length} nodes (${nodes.join(', ')}): pick one with --node NAME`,
    );
  if (!nodes.includes(node))
    throw new UsageError(`no node "${node}" in ${file.name} (nodes: ${nodes.join(', ')})`);
  return entryOf(file, node);
}

export const traceCommand: Command = {
  name: 'trace',
  help: `Usage: netfilter-lab trace --rules FILE --host HOST.yaml --packet PACKET.json [options]

Runs the packets through the ruleset as Linux netfilter would on the host described by HOST
(interfaces, routes, ipsets; YAML or JSON) and prints each step. PACKET holds one packet or a list;
a list shares one conntrack table, so a later packet or a reply sees the connection.

Options:
  --rules FILE         the ruleset (iptables-save, iptables -S or iptables -L -n -v text; - for stdin)
  --host FILE          the host file, or the map of every node's host that compile --hosts
                       prints, with --node
  --node NAME          the node to take from a host map
  --packet FILE        the packet file: one packet or a list
${ipsetHelp}
  --seed N             seed for random rules (statistic --mode random); the same seed, the same trace
  --all-paths          enumerate every random branch and print each outcome with its exact probability
  --json               print the trace as JSON ({"packets": [{"steps": [...], "result": {...}}]})
  --backend nft|legacy the iptables backend (default: the host file's, else nft)
  --assume-unknown match|nomatch
                       what a module the engine cannot evaluate is taken to do (default nomatch)
${rulesetInputHelp}
  -h, --help           show this help

File formats (docs/formats.md in the project):
  rules   docs/formats.md#rulesets
  host    docs/formats.md#host-file
  packet  docs/formats.md#packet-file
  --json  docs/formats.md#trace-json

Exit status: 0 traced, 1 an input has errors, 2 usage error.`,

  async run(args) {
    const { values, positionals } = readArgs(args, options);
    if (values.help) {
      process.stdout.write(`${this.help}\n`);
      return 0;
    }
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    for (const k of ['rules', 'host', 'packet'] as const)
      if (!values[k]) throw new UsageError(`missing --${k} FILE`);
    if (values.seed !== undefined && values['all-paths'])
      throw new UsageError('--seed and --all-paths exclude each other');
    let seed: number | undefined;
    if (values.seed !== undefined) {
      if (!/^\d+$/.test(values.seed))
        throw new UsageError(`--seed takes a whole number, not "${values.seed}"`);
      seed = Number(values.seed);
    }
    if (
      [values.rules, values.host, values.packet, values.ipsets].filter((f) => f === '-').length > 1
    )
      throw new UsageError(
        'only one of --rules, --host, --packet, --ipsets can be - (standard input)',
      );

    const rules = await loadRuleset(values.rules!, values);
    reportDiagnostics(rules.input.name, rules.diagnostics);
    let errors = hasErrors(rules.diagnostics) ? 1 : 0;
    const ipsets = await loadIpsets(values.ipsets);
    errors += ipsets.errors;

    const hostFile = await readStructured(values.host!);
    const packetIn = await readStructured(values.packet!);
    errors += reportSyntaxErrors(hostFile) + reportSyntaxErrors(packetIn);
    if (errors) return exitStatus(errors);
    const hostIn = pickHost(hostFile, values.node);
    const host = readHost(hostIn.value);
    const packets = readPackets(packetIn.value, rules.ruleset.family);
    errors +=
      reportFieldProblems(hostIn, host.diagnostics) +
      reportFieldProblems(packetIn, packets.diagnostics);
    if (errors) return exitStatus(errors);
    // the text's sets stand beside the host file's; a name in both is the text's
    const fromText = new Set(ipsets.sets.map((s) => s.name));
    host.host.ipsets = [...host.host.ipsets.filter((s) => !fromText.has(s.name)), ...ipsets.sets];
    if (values.ipsets !== undefined)
      reportMissingSets(rules.input.name, rules.ruleset, host.host.ipsets);

    const opts: SimulateOptions = {};
    if (seed !== undefined) opts.seed = seed;
    if (values['all-paths']) opts.allPaths = true;
    if (values.backend) opts.backend = values.backend as 'nft' | 'legacy';
    if (values['assume-unknown'])
      opts.assumeUnknown = values['assume-unknown'] as 'match' | 'nomatch';
    const sim = simulate(rules.ruleset, host.host, packets.packets, opts);

    const out = new Output();
    if (values.json) await out.write(`${JSON.stringify(toTraceJson(sim), null, 2)}\n`);
    else {
      let text = `backend: ${sim.backend}${sim.conntrackActive ? '' : ' (conntrack inactive: no rule needs it)'}\n`;
      if (rules.ruleset.family === 'ipv6') text += `${NO_NEIGHBOUR_DISCOVERY}\n`;
      sim.packets.forEach((p, i) => {
        text += `\npacket ${i + 1}\n`;
        for (const s of p.steps) text += `  ${describeStep(s)}\n`;
        text += `  => ${describeResult(p.result)}\n`;
      });
      if (sim.outcomes) {
        text += `\noutcomes (${sim.outcomes.length}${sim.complete === false ? ', enumeration stopped early' : ''}):\n`;
        for (const o of sim.outcomes)
          text += `  ${(o.probability * 100).toFixed(4).padStart(8)} %  ${o.results.map(describeResult).join(' | ')}\n`;
      }
      await out.write(text);
    }
    await out.flush();
    return 0;
  },
};
