/**
 * `print` never writes a rule broader than the one written: for any generated rule line, valid or
 * broken (modules/samples), each line print writes for it is either the line as written (the rule
 * had an error) or a line that reads back, without error, to the same rule, with no core option
 * or match that was written left out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RULES_USER_CHAIN,
  sampleRule,
  seededRand,
  TABLE_CHAINS,
  USER_CHAIN,
} from '../modules/samples/rule-lines.ts';
import { parseRuleset } from './parse.ts';
import { printSave } from './save-printer.ts';
import { tokenize } from './tokenize.ts';

function dump(table: string, line: string): string {
  const chains = TABLE_CHAINS[table]!.map((c) => `:${c} ACCEPT [0:0]`);
  const users = [USER_CHAIN, RULES_USER_CHAIN].map((c) => `:${c} - [0:0]`);
  return [`*${table}`, ...chains, ...users, line, 'COMMIT', ''].join('\n');
}

const read = (table: string, line: string) => {
  const { ruleset, diagnostics } = parseRuleset(dump(table, line), { format: 'save' });
  const rules = ruleset.tables[0]!.chains.flatMap((c) => c.rules);
  const printed = printSave(ruleset)
    .split('\n')
    .filter((l) => l.startsWith('-A '));
  return { rules, printed, errors: diagnostics.filter((d) => d.severity === 'error') };
};

/**
 * The conditions a line writes: its core options and its matches, less what iptables itself
 * leaves out when it prints (`-p all`, `-s 0.0.0.0/0`).
 */
function conditions(line: string): number {
  const words = tokenize(line).tokens.map((t) => t.text);
  let n = 0;
  for (let i = 2; i < words.length; i++) {
    const w = words[i]!;
    const value = words[i + 1] ?? '';
    if (/^(-[jg]|--j(u(mp?)?)?|--g(o(to?)?)?)$/.test(w)) break;
    if (/^(-p|--pro(t(o(c(ol?)?)?)?)?)$/.test(w) && /^(all|0)$/i.test(value)) continue;
    if (/^-[sd]$/.test(w) && /\/0$/.test(value) && words[i - 1] !== '!') continue;
    if (
      /^(-[sdiopfm]|--(source|src|destination|dst|in-interface|out-interface|protocol|fragment|match))$/.test(
        w,
      )
    )
      n++;
  }
  return n;
}

/** a rule line: one from the generator, sometimes with a word dropped or a stray one added */
const ruleLine = fc
  .tuple(
    fc.integer(),
    fc.nat(),
    fc.constantFrom('', 'drop', 'add'),
    fc.constantFrom('x', '!', '-m', '--dport', '"a b'),
  )
  .map(([seed, at, change, extra]) => {
    const r = sampleRule(seededRand(seed));
    const words = r.body.split(' ');
    if (change === 'drop' && words.length > 1) words.splice(at % words.length, 1);
    if (change === 'add') words.splice(at % (words.length + 1), 0, extra);
    return { table: r.table, line: `-A ${r.chain} ${words.join(' ')}`.trimEnd() };
  });

describe('print writes a rule whole or as written', () => {
  it('each printed line is the line as written, or reads back to the same rule with no option lost', () => {
    fc.assert(
      fc.property(ruleLine, ({ table, line }) => {
        const first = read(table, line);
        if (first.errors.length > 0) {
          expect(first.printed).toEqual([line.replace(/[ \t]+$/, '')]);
          return;
        }
        first.printed.forEach((printed, k) => {
          const again = read(table, printed);
          expect(again.errors).toEqual([]);
          const strip = (r: (typeof again.rules)[number]) => ({
            core: r.core,
            matches: r.matches,
            target: r.target,
          });
          expect(strip(again.rules[0]!)).toEqual(strip(first.rules[k]!));
          expect(conditions(printed)).toBeGreaterThanOrEqual(conditions(line));
        });
      }),
      { numRuns: 1000 },
    );
  }, 120_000);
});
