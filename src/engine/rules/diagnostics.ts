/**
 * Diagnostics are data, never thrown: every problem in user text is reported with a code, a
 * severity and a position, and parsing goes on. Tests assert codes and positions, not wording.
 */
export type Severity = 'error' | 'warning' | 'info';

export type DiagnosticCode =
  | 'syntax' // a line the format does not allow here
  | 'unknown-table'
  | 'unknown-chain' // a rule appended to a chain never declared
  | 'duplicate-chain'
  | 'missing-commit'
  | 'commit-outside-table'
  | 'missing-argument'
  | 'unknown-option' // an option no loaded module takes
  | 'unknown-module' // a match or target the registry does not know: kept verbatim
  | 'bad-address'
  | 'bad-port'
  | 'bad-value'
  | 'bad-counters'
  | 'bad-protocol'
  | 'bad-policy'
  | 'missing-target-chain' // -j / -g to a chain the table does not have
  | 'jump-loop'
  | 'builtin-jump' // jumping to a built-in chain is not allowed
  | 'unterminated-quote'
  | 'lossy-format' // iptables -L cannot express everything; kept as text
  | 'assumed-table' // -S / -L text does not name its table; which one was assumed
  | 'target-not-allowed'
  | 'old-negation' // `-s ! ADDR`: read, but iptables 1.8 refuses it
  | 'empty-input' // no rule line at all (iptables-save without root prints nothing)
  | 'unknown-format' // no line looks like iptables-save, -S or -L text
  | 'respelled' // a name iptables reads by prefix or case (`EST`) but prints in full
  | 'several-rules'; // `-s A,B`: iptables loads one rule per address

export interface SourcePosition {
  /** 1-based line */
  line: number;
  /** 1-based column, in UTF-16 code units (what Monaco counts) */
  column: number;
}

export interface SourceSpan {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * The values a message names (a field path, a value, a set name, a count), so the UI can say the
 * same thing in the learner's language; `sentence` picks the sentence where one code has several.
 * The English `message` stays the reference wording (CLI, tests).
 */
export type DiagnosticArgs = Readonly<Record<string, string | number>>;

export interface Diagnostic extends SourceSpan {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  args?: DiagnosticArgs;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** What any positioned problem has, whichever stage (rules, cluster YAML) reported it. */
export type PositionedProblem = Pick<Diagnostic, 'line' | 'column' | 'severity' | 'message'>;

/** `FILE:LINE:COL: severity: message`, the one-line form the CLI prints. */
export function formatDiagnostic(file: string, d: PositionedProblem): string {
  return `${file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`;
}
