/**
 * `--ipsets FILE`: the node's sets as `ipset save` or `ipset list` prints them, read beside a
 * dump. Its problems go to stderr at their line and column; a set the rules name that neither
 * the file nor the host defines is said once, at the first rule that names it.
 */
import { readInput } from './input.ts';
import { reportDiagnostics } from './report.ts';
import type { Ruleset } from '../engine/rules/index.ts';
import {
  describeMissingSet,
  missingSets,
  readIpsetText,
  type IpSet,
} from '../engine/netfilter/index.ts';

export { ipsetHelp, ipsetOptions } from './ipset-options.ts';

export interface LoadedIpsets {
  sets: IpSet[];
  errors: number;
}

export async function loadIpsets(file: string | undefined): Promise<LoadedIpsets> {
  if (file === undefined) return { sets: [], errors: 0 };
  const input = await readInput(file);
  const r = readIpsetText(input.text);
  reportDiagnostics(input.name, r.diagnostics);
  return { sets: r.sets, errors: r.diagnostics.filter((d) => d.severity === 'error').length };
}

/** Warns once per set the rules name and `sets` lacks; only when an ipset text was given. */
export function reportMissingSets(
  rulesFile: string,
  ruleset: Ruleset,
  sets: readonly IpSet[],
): void {
  reportDiagnostics(
    rulesFile,
    missingSets(ruleset, sets).map((use) => ({
      line: use.rules[0]!.span.line,
      column: use.rules[0]!.span.column,
      severity: 'warning',
      message: describeMissingSet(use),
    })),
  );
}
