/**
 * What `parse` and `print` share: the FILE argument and the options that force what detection
 * would guess (--format, --family, --table), then one parse of the text.
 */
import type { OptionSpec } from './args.ts';
import { readInput, type Input } from './input.ts';
import { UsageError } from './usage-error.ts';
import {
  parseRuleset,
  type ParseOptions,
  BUILTIN_TABLES,
  type DumpFormat,
  type Family,
  type ParseResult,
} from '../engine/rules/index.ts';

export const FORMATS: readonly DumpFormat[] = ['save', 'S', 'L'];
export const FAMILIES: readonly Family[] = ['ipv4', 'ipv6'];

export const rulesetInputOptions = {
  format: { type: 'string', choices: FORMATS },
  family: { type: 'string', choices: FAMILIES },
  table: { type: 'string', choices: BUILTIN_TABLES },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, OptionSpec>;

export const rulesetInputHelp = `  --format save|S|L    the input's format (default: detected)
  --family ipv4|ipv6   the address family (default: detected)
  --table T            the table -S or -L output came from (default: filter)`;

export interface LoadedRuleset extends ParseResult {
  input: Input;
}

export function singleFile(positionals: readonly string[]): string {
  if (positionals.length === 0)
    throw new UsageError(`missing FILE (a path, or - for standard input)`);
  if (positionals.length > 1)
    throw new UsageError(`one FILE only, got ${positionals.length}: ${positionals.join(' ')}`);
  return positionals[0]!;
}

export async function loadRuleset(
  file: string,
  values: { format?: string; family?: string; table?: string },
): Promise<LoadedRuleset> {
  return parseInput(await readInput(file), values);
}

/** The parse options the command line's --format, --family and --table give. */
export function parseOptions(values: {
  format?: string;
  family?: string;
  table?: string;
}): ParseOptions {
  const opts: ParseOptions = {};
  if (values.format) opts.format = values.format as DumpFormat;
  if (values.family) opts.family = values.family as Family;
  if (values.table) opts.table = values.table;
  return opts;
}

/** One parse of text already read. */
export function parseInput(
  input: Input,
  values: { format?: string; family?: string; table?: string },
): LoadedRuleset {
  return { input, ...parseRuleset(input.text, parseOptions(values)) };
}
