/**
 * The checks iptables makes of a whole rule against its table and chain, which no module can
 * make on its own: `-i` where no packet has come in yet (OUTPUT, POSTROUTING), `-o` where none
 * has a way out yet (PREROUTING, INPUT), DROP in the nat table, and `! -p all`, which matches
 * nothing. iptables refuses such a rule, so each is an error.
 */
import type { Diagnostic, SourceSpan } from './diagnostics.ts';
import { isBuiltinChain, type Rule } from './model.ts';
import { tokenize } from './tokenize.ts';

const NO_IN = ['OUTPUT', 'POSTROUTING'];
const NO_OUT = ['PREROUTING', 'INPUT'];

/** Where one of `words` (an option) is written in the rule's line, or the whole line. */
export function wordSpan(
  rule: Pick<Rule, 'source' | 'span'>,
  words: readonly string[],
): SourceSpan {
  const line = rule.span.line;
  for (const t of tokenize(rule.source).tokens)
    if (words.includes(t.text))
      return { line, column: t.start + 1, endLine: line, endColumn: t.end + 1 };
  return rule.span;
}

/** Reports what iptables refuses in this rule for its place; true when something was reported. */
export function checkRulePlace(
  rule: Pick<Rule, 'core' | 'target' | 'source' | 'span'>,
  table: string,
  chain: string,
  out: Diagnostic[],
): boolean {
  const { core, target } = rule;
  const before = out.length;
  const report = (message: string, at: SourceSpan): void => {
    out.push({ code: 'target-not-allowed', severity: 'error', message, ...at });
  };
  if (core.inInterface || core.outInterface) {
    const builtin = isBuiltinChain(table, chain);
    if (builtin && core.inInterface && NO_IN.includes(chain))
      report(
        `iptables refuses -i in ${chain}: a packet there has no input interface`,
        wordSpan(rule, ['-i', '--in-interface']),
      );
    if (builtin && core.outInterface && NO_OUT.includes(chain))
      report(
        `iptables refuses -o in ${chain}: a packet there has no output interface yet`,
        wordSpan(rule, ['-o', '--out-interface']),
      );
  }
  if (table === 'nat' && target?.kind === 'builtin' && target.name === 'DROP')
    report(
      'iptables refuses DROP in the nat table, which is not for filtering: drop in filter',
      wordSpan(rule, ['DROP']),
    );
  if (core.protocol?.negated && core.protocol.value === 'all')
    report(
      '"! -p all" would never match: iptables refuses it',
      wordSpan(rule, ['-p', '--protocol']),
    );
  return out.length > before;
}
