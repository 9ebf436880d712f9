/**
 * Field problems of a YAML/JSON input (host, packet, flow files) as `FILE:LINE:COL: severity:
 * path: message` lines, the field path turned back into its position in the user's text.
 */
import type { StructuredInput } from './structured-input.ts';

export interface FieldProblem {
  severity: 'error' | 'warning';
  /** an unknown field is pointed at by its key, any other problem by its value */
  code?: string;
  path: string;
  message: string;
}

/** Prints the problems on stderr; returns how many were errors. */
export function reportFieldProblems(
  input: StructuredInput,
  problems: readonly FieldProblem[],
): number {
  let errors = 0;
  let text = '';
  for (const d of problems) {
    const p = input.positionOf(d.path, d.code === 'unknown-field');
    text += `${input.name}:${p.line}:${p.column}: ${d.severity}: ${d.path ? `${d.path}: ` : ''}${d.message}\n`;
    if (d.severity === 'error') errors++;
  }
  process.stderr.write(text);
  return errors;
}

/** Prints YAML/JSON syntax errors; returns how many there were. */
export function reportSyntaxErrors(input: StructuredInput): number {
  for (const e of input.errors)
    process.stderr.write(`${input.name}:${e.line}:${e.column}: error: ${e.message}\n`);
  return input.errors.length;
}
