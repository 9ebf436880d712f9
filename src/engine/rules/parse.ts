/** The one entry point for ruleset text: detects the format and family, then parses. */
import { detectFamily, firstMeaningfulLine, recognizeFormat } from './detect.ts';
import type { Diagnostic } from './diagnostics.ts';
import type { DumpFormat, Family, ParseResult } from './model.ts';
import { copySave, parseSave } from './save-parser.ts';
import type { CopiedSave } from './copied-lines.ts';
import { parseS } from './s-parser.ts';
import { parseList } from './list-parser.ts';
import type { OnProgress } from './lines.ts';

export interface ParseOptions {
  format?: DumpFormat;
  family?: Family;
  /**
   * the table `iptables -S` / `-L` output came from: that text never names it. Without this, a
   * heading line (`# iptables -t nat -S`) or the chains and targets shown decide.
   */
  table?: string;
  /**
   * told how far the parse has read (UTF-16 units of the text, as text.length counts them) about
   * every 2,000 lines, and once with (text.length, text.length) when it has finished
   */
  onProgress?: OnProgress;
}

export function parseRuleset(text: string, opts: ParseOptions = {}): ParseResult {
  const first = firstMeaningfulLine(text);
  if (first === null) return emptyInput(text, opts);
  const recognized = opts.format === undefined ? recognizeFormat(text) : null;
  if (opts.format === undefined && recognized === null) return unknownFormat(text, first, opts);
  const format = opts.format ?? recognized?.format ?? 'save';
  const family = opts.family ?? detectFamily(text);
  const hint = opts.table === undefined ? {} : { table: opts.table };
  switch (format) {
    case 'S':
      return parseS(text, family, hint, opts.onProgress);
    case 'L':
      return parseList(text, family, hint, opts.onProgress);
    default:
      return parseSave(text, family, opts.onProgress ? { onProgress: opts.onProgress } : {});
  }
}

/**
 * What `printSave(parseRuleset(text, opts).ruleset)` prints, without making the ruleset, when
 * the text is an iptables-save dump parseRuleset reports nothing about and every rule line is
 * the one iptables-save prints for its rule (as its own output is): the lines are copied. Undefined
 * for any other text, which the caller parses and prints the common way.
 */
export function copySaveText(text: string, opts: ParseOptions = {}): string | undefined {
  return copySaveParts(text, opts)?.toString();
}

/**
 * copySaveText as the parts it is made of: lines of its own and spans of `text`, for a caller
 * that copies the spans from the bytes it read `text` from.
 */
export function copySaveParts(text: string, opts: ParseOptions = {}): CopiedSave | undefined {
  if (firstMeaningfulLine(text) === null) return undefined;
  const format = opts.format ?? recognizeFormat(text)?.format;
  if (format !== 'save') return undefined;
  return copySave(text, opts.family ?? detectFamily(text));
}

/**
 * Nothing but blanks and comments: `iptables-save` run without root prints nothing at all, so an
 * empty ruleset is worth a warning rather than a silent "no rules".
 */
function emptyInput(text: string, opts: ParseOptions): ParseResult {
  const parsed = parseSave(text, opts.family ?? 'ipv4', {});
  const warning: Diagnostic = {
    code: 'empty-input',
    severity: 'warning',
    message:
      'the input holds no rules (only blank or comment lines); iptables-save prints nothing when it is not run as root: try sudo iptables-save',
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
  };
  opts.onProgress?.(text.length, text.length);
  return { ruleset: parsed.ruleset, diagnostics: [warning, ...parsed.diagnostics] };
}

/** No line looks like any format read here: one error that says which were tried. */
function unknownFormat(
  text: string,
  first: { line: number; text: string },
  opts: ParseOptions,
): ParseResult {
  const column = first.text.length - first.text.trimStart().length + 1;
  const error: Diagnostic = {
    code: 'unknown-format',
    severity: 'error',
    message:
      'this is none of the formats read here; tried iptables-save (*table, :CHAIN and -A lines, COMMIT), iptables -S (-P, -N and -A lines) and iptables -L -n -v (Chain NAME (policy …) headers)',
    line: first.line,
    column,
    endLine: first.line,
    endColumn: first.text.trimEnd().length + 1,
  };
  const parsed = parseSave('', opts.family ?? 'ipv4', {});
  opts.onProgress?.(text.length, text.length);
  return { ruleset: parsed.ruleset, diagnostics: [error] };
}
