/** Diagnostics (the compiler's, the dump parser's) as the plain marker data the editor shows. */
import type { DiagnosticArgs } from '../../engine/rules/index.ts';
import { diagnosticText } from '../diagnostics/diagnostic-text.ts';
import type { Lang } from '../i18n/index.ts';

export type MarkerSeverity = 'error' | 'warning' | 'info';

export interface EditorMarker {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: MarkerSeverity;
  /** in the learner's language */
  message: string;
  /** the engine's English sentence, when `message` is a translation of it */
  original?: string;
  /** the diagnostic code, shown after the message */
  code: string;
}

/** Where the editor should move its cursor: `seq` changes so the same place can be asked twice. */
export interface RevealRequest {
  line: number;
  column: number;
  seq: number;
}

export function toMarkers(
  diagnostics: readonly {
    line: number;
    column: number;
    endLine: number;
    endColumn: number;
    severity: MarkerSeverity;
    message: string;
    code: string;
    args?: DiagnosticArgs;
  }[],
  lang: Lang = 'en',
): EditorMarker[] {
  return diagnostics.map((d) => ({
    line: d.line,
    column: d.column,
    // an empty range would draw nothing: stretch it to the end of the line's first word
    endLine: d.endLine,
    endColumn: d.endLine === d.line && d.endColumn <= d.column ? d.column + 1 : d.endColumn,
    severity: d.severity,
    message: diagnosticText(d, lang),
    ...(lang === 'en' ? {} : { original: d.message }),
    code: d.code,
  }));
}
