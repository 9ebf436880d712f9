/**
 * The problems that stop a trace, as the UI shows them: the English sentence (the CLI's, and the
 * fallback) with the code, values and field the UI's Korean is built from (ui/diagnostics).
 */
import { formatFieldDiagnostic, type FieldDiagnostic } from '../engine/netfilter/index.ts';
import type { DiagnosticArgs } from '../engine/rules/index.ts';
import type { TraceProblem } from './protocol.ts';

/** A packet or host file's diagnostic, its field kept apart from its sentence. */
export function fieldProblem(where: TraceProblem['where'], d: FieldDiagnostic): TraceProblem {
  return {
    where,
    message: formatFieldDiagnostic(d),
    code: d.code,
    ...(d.args ? { args: d.args } : {}),
    ...(d.path ? { path: d.path } : {}),
  };
}

/** A problem of the rules to trace against, said by the worker itself. */
export function sourceProblem(message: string, args: DiagnosticArgs): TraceProblem {
  return { where: 'source', message, code: 'unknown-reference', args };
}
