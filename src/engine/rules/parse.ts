/** The one entry point for ruleset text: detects the format and family, then parses. */
import { detectFamily, detectFormat } from './detect.ts';
import type { DumpFormat, Family, ParseResult } from './model.ts';
import { parseSave } from './save-parser.ts';
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
  const format = opts.format ?? detectFormat(text);
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
