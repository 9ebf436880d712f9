/**
 * `--ipsets FILE` as an option and in --help, apart from the reading of the file
 * (ipset-input.ts), which needs the simulator's set reader: `print` loads that only when the
 * option is given, so printing a small dump does not read and compile the simulator first.
 */
import type { OptionSpec } from './args.ts';

export const ipsetOptions = {
  ipsets: { type: 'string' },
} as const satisfies Record<string, OptionSpec>;

export const ipsetHelp = `  --ipsets FILE        the node's sets, as ipset save (or ipset list) prints them`;
