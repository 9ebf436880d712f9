/**
 * Where a rule's target is written, for the few diagnostics about it (a jump to a missing
 * chain, a loop). Matches and targets carry no position of their own: rules with the same words
 * share one object (see rule-memo.ts), and only these whole-ruleset checks ever need a target's
 * place, for a handful of rules, so it is found again in the rule's source line.
 */
import type { SourceSpan } from './diagnostics.ts';
import type { Rule } from './model.ts';
import { tokenize } from './tokenize.ts';

const TARGET_OPTIONS: ReadonlySet<string> = new Set(['-j', '--jump', '-g', '--goto']);

/** The span of `-j NAME` (or `-g NAME`) in the rule's source; in -L text, its target column. */
export function targetSpanOf(rule: Rule): SourceSpan {
  const target = rule.target;
  if (!target) return rule.span;
  const line = rule.span.line;
  const { tokens } = tokenize(rule.source);
  // the last -j/-g wins, as the rule parser keeps the last target it reads
  for (let k = tokens.length - 2; k >= 0; k--) {
    const option = tokens[k]!;
    if (option.quoted || !TARGET_OPTIONS.has(option.text)) continue;
    let v = k + 1;
    if (tokens[v]!.text === '!' && !tokens[v]!.quoted) v++; // the old `-j ! NAME`
    const name = tokens[v];
    if (name && name.text === target.name)
      return { line, column: option.start + 1, endLine: line, endColumn: name.end + 1 };
  }
  // an -L line has no -j: its target is the first column (blank-separated, quotes or not) that names it
  for (const word of rule.source.matchAll(/[^ \t]+/g))
    if (word[0] === target.name)
      return {
        line,
        column: word.index + 1,
        endLine: line,
        endColumn: word.index + word[0].length + 1,
      };
  return rule.span;
}
