/** The one entry point for ruleset text: detects the format and family, then parses. */
import { detectFamily, detectFormat } from './detect.ts';
import type { DumpFormat, Family, ParseResult } from './model.ts';
import { parseSave } from './save-parser.ts';

export interface ParseOptions {
  format?: DumpFormat;
  family?: Family;
}

export function parseRuleset(text: string, opts: ParseOptions = {}): ParseResult {
  const format = opts.format ?? detectFormat(text);
  const family = opts.family ?? detectFamily(text);
  switch (format) {
    case 'save':
      return parseSave(text, family);
    default:
      return parseSave(text, family);
  }
}
