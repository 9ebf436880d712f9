/**
 * Points a parsed ruleset at the text printSave made of it, without parsing that text again.
 * The compiler reads kube-proxy's restore input once (the parser applies iptables' normalisation)
 * and prints it in iptables-save's form; reading the printed text a second time only to learn
 * where each rule now sits doubled the work on a big cluster. printSave writes one line per
 * table, chain declaration, rule and COMMIT in the model's order, so the lines map one to one;
 * spans are what the save parser gives: the first word for tables and chains, the whole line for
 * rules. Every rule's `source` becomes its printed line, so later prints copy it.
 */
import { markCanonicalSources } from '../rules/canonical.ts';
import type { SourceSpan } from '../rules/diagnostics.ts';
import type { Ruleset } from '../rules/model.ts';

function wordSpan(line: number, text: string): SourceSpan {
  const space = text.indexOf(' ');
  return { line, column: 1, endLine: line, endColumn: (space < 0 ? text.length : space) + 1 };
}

/** Rewrites the spans and sources of `ruleset` (fresh from the parser) to point into `printed`. */
export function pointSpansAt(ruleset: Ruleset, printed: string): boolean {
  const lines = printed.split('\n');
  let n = 0; // 0-based index of the next printed line
  for (const table of ruleset.tables) {
    const head = lines[n++] ?? '';
    if (head !== `*${table.name}`) return false;
    table.span = wordSpan(n, head);
    for (const chain of table.chains) {
      const decl = lines[n++] ?? '';
      if (!decl.startsWith(`:${chain.name} `)) return false;
      chain.span = wordSpan(n, decl);
    }
    for (const chain of table.chains)
      for (const rule of chain.rules) {
        const text = lines[n++] ?? '';
        rule.source = text;
        rule.span = { line: n, column: 1, endLine: n, endColumn: text.length + 1 };
      }
    if (lines[n++] !== 'COMMIT') return false;
    // every rule's source is now the line iptables-save prints for it
    markCanonicalSources(table, new Set());
  }
  return true;
}
