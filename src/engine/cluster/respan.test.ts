/**
 * The compiler reads its rules once and re-points the spans at the printed text (respan.ts): the
 * result must be exactly what reading that printed text again gives.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileNode } from './compile.ts';
import { parseRuleset } from '../rules/parse.ts';
import { printSave } from '../rules/save-printer.ts';
import { pointSpansAt } from './respan.ts';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const CASES = readdirSync(GOLDEN_DIR)
  .filter((f) => f.endsWith('.save'))
  .map((f) => {
    const [scenario, ...rest] = f.slice(0, -'.save'.length).split('.');
    return [scenario!, rest.join('.')] as const;
  });

describe('one parse, spans pointing into rulesetText', () => {
  it.each(CASES)('%s on %s equals a second parse of the printed text', (scenario, node) => {
    const r = compileNode(readFileSync(join(GOLDEN_DIR, `${scenario}.yaml`), 'utf8'), node);
    const again = parseRuleset(r.rulesetText, { format: 'save', family: 'ipv4' });
    expect(again.diagnostics).toEqual([]);
    expect(r.ruleset).toEqual(again.ruleset);
    expect(printSave(r.ruleset)).toBe(r.rulesetText);
  });

  it('a rule span covers its whole line; tables and chains their first word', () => {
    const text =
      '*nat\n:PREROUTING ACCEPT [0:0]\n:KUBE-X - [0:0]\n-A KUBE-X -s 10.0.0.1 -j ACCEPT\nCOMMIT\n';
    const { ruleset } = parseRuleset(text, { format: 'save', family: 'ipv4' });
    const printed = printSave(ruleset);
    expect(pointSpansAt(ruleset, printed)).toBe(true);
    const t = ruleset.tables[0]!;
    expect(t.span).toEqual({ line: 1, column: 1, endLine: 1, endColumn: 5 });
    expect(t.chains[1]!.span).toEqual({ line: 3, column: 1, endLine: 3, endColumn: 8 });
    const rule = t.chains[1]!.rules[0]!;
    expect(rule.source).toBe('-A KUBE-X -s 10.0.0.1/32 -j ACCEPT');
    expect(rule.span).toEqual({ line: 4, column: 1, endLine: 4, endColumn: 35 });
  });

  it('reports text that does not line up', () => {
    const { ruleset } = parseRuleset('*nat\n:KUBE-X - [0:0]\nCOMMIT\n', { format: 'save' });
    expect(pointSpansAt(ruleset, '*filter\nCOMMIT\n')).toBe(false);
  });
});
