/** `netfilter-lab print FILE|- [--as save|S|L]`: the ruleset as canonical iptables text. */
import { readArgs } from '../args.ts';
import { tuneJitForOnePass } from '../batch-jit.ts';
import { exitStatus, type Command } from '../command.ts';
import { Output } from '../output.ts';
import { copiedBytes } from '../copied-bytes.ts';
import { countParse } from '../parse-json.ts';
import { reportDiagnostics } from '../report.ts';
import { ipsetHelp, ipsetOptions } from '../ipset-options.ts';
import { readInput } from '../input.ts';
import {
  FORMATS,
  parseInput,
  parseOptions,
  rulesetInputHelp,
  rulesetInputOptions,
  singleFile,
} from '../ruleset-input.ts';
import {
  type DumpFormat,
  type Ruleset,
  copySaveParts,
  printSave,
  printS,
  printList,
} from '../../engine/rules/index.ts';

type Printer = (ruleset: Ruleset, opts: { counters: boolean }) => string;

/**
 * `iptables -S` and `-L` never name their table; a `# iptables -t T …` line before each table
 * keeps the text readable back, except for a lone filter table, which is what plain
 * `iptables -S` / `iptables -L -n -v` show.
 */
function needsHeadings(ruleset: Ruleset): boolean {
  return !(ruleset.tables.length === 1 && ruleset.tables[0]!.name === 'filter');
}

const printers: Record<DumpFormat, Printer> = {
  save: (ruleset, { counters }) => printSave(ruleset, { counters }),
  S: (ruleset, { counters }) => printS(ruleset, { counters, headings: needsHeadings(ruleset) }),
  // -L -n -v always shows counters
  L: (ruleset) => printList(ruleset, { headings: needsHeadings(ruleset) }),
};

const options = {
  ...rulesetInputOptions,
  ...ipsetOptions,
  as: { type: 'string', choices: FORMATS },
  counters: { type: 'boolean' },
} as const;

export const printCommand: Command = {
  name: 'print',
  help: `Usage: netfilter-lab print FILE|- [options]

Parses a ruleset (in any of the three formats) and prints it the way iptables itself would.
Diagnostics go to stderr as FILE:LINE:COL: severity: message.

Options:
  --as save|S|L        the output: iptables-save (default), iptables -S, iptables -L -n -v
  --counters           with packet and byte counters (iptables-save -c, iptables -S -v;
                       -L -n -v always shows them)
${rulesetInputHelp}
${ipsetHelp}
  -h, --help           show this help

File formats (docs/formats.md in the project):
  FILE    docs/formats.md#rulesets

Exit status: 0 no error, 1 the ruleset has errors, 2 usage error.`,

  async run(args) {
    const { values, positionals } = readArgs(args, options);
    if (values.help) {
      process.stdout.write(`${this.help}\n`);
      return 0;
    }
    const file = singleFile(positionals);
    tuneJitForOnePass();
    const input = await readInput(file);
    const as = (values.as ?? 'save') as DumpFormat;
    const out = new Output();
    // iptables-save's own output printed back as iptables-save, with nothing to report: its lines
    // are copied, with no ruleset made (anything else is parsed and printed below)
    if (as === 'save' && !values.counters && values.ipsets === undefined) {
      const copied = copySaveParts(input.text, parseOptions(values));
      if (copied !== undefined) {
        await out.writeBytes(copiedBytes(copied, input.bytes));
        await out.flush();
        return 0;
      }
    }
    const result = parseInput(input, values);
    await out.write(printers[as](result.ruleset, { counters: values.counters ?? false }));
    await out.flush();
    reportDiagnostics(result.input.name, result.diagnostics);
    let ipsetErrors = 0;
    if (values.ipsets !== undefined) {
      // read with the simulator's set reader, loaded only now (ipset-options.ts says why)
      const { loadIpsets, reportMissingSets } = await import('../ipset-input.ts');
      const ipsets = await loadIpsets(values.ipsets);
      ipsetErrors = ipsets.errors;
      reportMissingSets(result.input.name, result.ruleset, ipsets.sets);
    }
    return exitStatus(countParse(result).errors + ipsetErrors);
  },
};
