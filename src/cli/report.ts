/** Diagnostics on stderr, one line each: `FILE:LINE:COL: severity: message`. */
import { formatDiagnostic, type PositionedProblem } from '../engine/rules/index.ts';

export function reportDiagnostics(file: string, diagnostics: readonly PositionedProblem[]): void {
  if (diagnostics.length === 0) return;
  let text = '';
  for (const d of diagnostics) text += `${formatDiagnostic(file, d)}\n`;
  process.stderr.write(text);
}
