/**
 * Reads one command's options with node:util parseArgs, and turns every mistake (unknown option,
 * missing value, value outside its choices) into a UsageError with one short line, instead of
 * parseArgs' own long messages.
 */
import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.ts';

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** the values a string option accepts */
  choices?: readonly string[];
}

export type OptionValues<S extends Record<string, OptionSpec>> = {
  [K in keyof S]?: S[K]['type'] extends 'string' ? string : boolean;
};

export interface ParsedArgs<S extends Record<string, OptionSpec>> {
  values: OptionValues<S>;
  positionals: string[];
}

export function readArgs<S extends Record<string, OptionSpec>>(
  args: readonly string[],
  spec: S,
): ParsedArgs<S> {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const [name, o] of Object.entries(spec))
    options[name] = o.short ? { type: o.type, short: o.short } : { type: o.type };
  // strict: false so that we can word the errors ourselves from the tokens
  const { values, positionals, tokens } = parseArgs({
    args: [...args],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    const o = spec[t.name];
    if (!o) throw new UsageError(`unknown option ${t.rawName}`);
    if (o.type === 'string') {
      if (t.value === undefined) throw new UsageError(`option ${t.rawName} needs a value`);
      if (o.choices && !o.choices.includes(t.value))
        throw new UsageError(`option ${t.rawName} takes ${o.choices.join(', ')}, not "${t.value}"`);
    } else if (t.value !== undefined) {
      throw new UsageError(`option ${t.rawName} takes no value`);
    }
  }
  return { values: values as OptionValues<S>, positionals };
}
