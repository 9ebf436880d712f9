/**
 * How a dump's rules are shown in lists and searched, shared by the full parse's answers
 * (dump-api.ts) and the quick ones given while it runs (dump-peek.ts), so both say the same.
 */
import type { Rule } from '../engine/rules/index.ts';
import type { DumpRuleRow } from './dump-protocol.ts';

export const SEARCH_LIMIT = 500;
const ROW_TEXT_MAX = 600;

/** A rule line as written, without the `[packets:bytes] ` iptables-save -c puts first. */
export function sourceText(source: string): string {
  let s = source;
  if (s.startsWith('[')) {
    const end = s.indexOf('] ');
    if (end > 0) s = s.slice(end + 2);
  }
  return s.length > ROW_TEXT_MAX ? `${s.slice(0, ROW_TEXT_MAX)}…` : s;
}

export function ruleText(rule: Rule): string {
  return sourceText(rule.source);
}

export function row(rule: Rule): DumpRuleRow {
  return {
    index: rule.index,
    line: rule.span.line,
    text: ruleText(rule),
    target: rule.target?.name ?? '',
    packets: rule.counters?.packets ?? 0,
    bytes: rule.counters?.bytes ?? 0,
    invalid: rule.invalid === true,
    unknown: rule.target?.unknown === true || rule.matches.some((m) => m.unknown),
  };
}

/** The rule's comments, lower-cased, one a line (what comment search looks in). */
export function commentsOf(rule: Rule): string {
  let out = '';
  for (const m of rule.matches)
    if (m.module === 'comment' && !m.unknown)
      out += `${(m.data as { comment?: string }).comment ?? ''}\n`;
  return out.toLowerCase();
}
