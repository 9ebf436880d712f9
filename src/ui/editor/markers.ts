/** Diagnostics (the compiler's, the dump parser's) as the plain marker data the editor shows. */
export type MarkerSeverity = 'error' | 'warning' | 'info';

export interface EditorMarker {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: MarkerSeverity;
  message: string;
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
  }[],
): EditorMarker[] {
  return diagnostics.map((d) => ({
    line: d.line,
    column: d.column,
    // an empty range would draw nothing: stretch it to the end of the line's first word
    endLine: d.endLine,
    endColumn: d.endLine === d.line && d.endColumn <= d.column ? d.column + 1 : d.endColumn,
    severity: d.severity,
    message: d.message,
    code: d.code,
  }));
}
