/**
 * Field-level problems in a host or packet file. The files are plain objects (parsed YAML or
 * JSON), so a problem is named by its path (`interfaces[1].addresses[0]`) rather than a line;
 * the CLI can map a path back to a position in the YAML source if it wants to.
 */
import { closestKey } from './spelling.ts';
import type { DiagnosticArgs } from '../rules/index.ts';

export type FieldCode =
  'missing-field' | 'bad-type' | 'bad-value' | 'unknown-field' | 'unknown-reference';

export interface FieldDiagnostic {
  code: FieldCode;
  severity: 'error' | 'warning';
  /** where in the document, e.g. `interfaces[1].addresses[0]`; empty for the document itself */
  path: string;
  /** what was wrong and what was expected, without the path */
  message: string;
  args?: DiagnosticArgs;
}

/** `interfaces[1].addresses[0]: "10.0.0.300/24" is not an IPv4 address/prefix` */
export function formatFieldDiagnostic(d: FieldDiagnostic): string {
  return d.path ? `${d.path}: ${d.message}` : d.message;
}

export function fieldPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return base ? `${base}.${key}` : key;
}

/** JSON-ish rendering of a bad value for a message: strings quoted, others as JSON. */
export function shown(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === undefined) return 'nothing';
  try {
    const s = JSON.stringify(v);
    return s.length > 60 ? `${s.slice(0, 57)}...` : s;
  } catch {
    return String(v);
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Collects diagnostics while a reader walks a document. */
export class FieldReport {
  readonly diagnostics: FieldDiagnostic[] = [];

  error(path: string, message: string, code: FieldCode = 'bad-value', args?: DiagnosticArgs): void {
    this.diagnostics.push({ code, severity: 'error', path, message, ...(args ? { args } : {}) });
  }

  warn(
    path: string,
    message: string,
    code: FieldCode = 'unknown-field',
    args?: DiagnosticArgs,
  ): void {
    this.diagnostics.push({ code, severity: 'warning', path, message, ...(args ? { args } : {}) });
  }

  /** Reports keys of `obj` that are not in `known` (typos such as `dst_port`), with the closest. */
  unknownKeys(
    obj: Record<string, unknown>,
    known: readonly string[],
    path: string,
    severity: 'error' | 'warning',
  ): void {
    for (const k of Object.keys(obj)) {
      if (known.includes(k)) continue;
      const meant = closestKey(k, known);
      const msg =
        meant === undefined
          ? `unknown field "${k}" (expected one of: ${known.join(', ')})`
          : `unknown field "${k}": did you mean "${meant}"?`;
      const args =
        meant === undefined ? { field: k, known: known.join(', ') } : { field: k, meant };
      if (severity === 'error') this.error(fieldPath(path, k), msg, 'unknown-field', args);
      else this.warn(fieldPath(path, k), msg, 'unknown-field', args);
    }
  }

  get hasErrors(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error');
  }
}
