/** `netfilter-lab parse FILE|-`: the parsed ruleset and its diagnostics as JSON. */
import { readArgs } from '../args.ts';
import { exitStatus, type Command } from '../command.ts';
import { Output } from '../output.ts';
import { countParse, prettyParseJson, writeParseJson } from '../parse-json.ts';
import { reportDiagnostics } from '../report.ts';
import { ipsetHelp, ipsetOptions, loadIpsets, reportMissingSets } from '../ipset-input.ts';
import {
  loadRuleset,
  rulesetInputHelp,
  rulesetInputOptions,
  singleFile,
} from '../ruleset-input.ts';

const options = {
  ...rulesetInputOptions,
  ...ipsetOptions,
  pretty: { type: 'boolean' },
} as const;

export const parseCommand: Command = {
  name: 'parse',
  help: `Usage: netfilter-lab parse FILE|- [options]

Parses iptables-save, iptables -S or iptables -L -n -v output and prints one JSON document:
format, family, counts, tables → chains → rules (core criteria, matches, target), diagnostics.
Diagnostics also go to stderr as FILE:LINE:COL: severity: message.

Options:
${rulesetInputHelp}
${ipsetHelp}
  --pretty             indent the JSON (slow and large for big dumps)
  -h, --help           show this help

File formats (docs/formats.md in the project):
  FILE    docs/formats.md#rulesets
  output  docs/formats.md#parse-json

Exit status: 0 no error, 1 the ruleset has errors, 2 usage error.`,

  async run(args) {
    const { values, positionals } = readArgs(args, options);
    if (values.help) {
      process.stdout.write(`${this.help}\n`);
      return 0;
    }
    const file = singleFile(positionals);
    const result = await loadRuleset(file, values);
    const out = new Output();
    if (values.pretty) await out.write(prettyParseJson(result));
    else await writeParseJson(out, result);
    await out.flush();
    reportDiagnostics(result.input.name, result.diagnostics);
    const ipsets = await loadIpsets(values.ipsets);
    if (values.ipsets !== undefined)
      reportMissingSets(result.input.name, result.ruleset, ipsets.sets);
    return exitStatus(countParse(result).errors + ipsets.errors);
  },
};
