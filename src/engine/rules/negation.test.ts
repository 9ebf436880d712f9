import { describe, expect, it } from 'vitest';
import { parseRuleset } from './parse.ts';
import { printSave } from './save-printer.ts';

const dump = (rule: string) => `*filter\n:INPUT ACCEPT [0:0]\n${rule}\nCOMMIT\n`;

describe('"!" negation', () => {
  it('reads "!" before a core option and before a match option', () => {
    const r = parseRuleset(dump('-A INPUT ! -s 10.0.0.0/8 -p tcp -m tcp ! --dport 80 -j ACCEPT'));
    expect(r.diagnostics).toEqual([]);
    const rule = r.ruleset.tables[0]!.chains[0]!.rules[0]!;
    expect(rule.core.source?.negated).toBe(true);
    expect(printSave(r.ruleset)).toContain(
      '-A INPUT ! -s 10.0.0.0/8 -p tcp -m tcp ! --dport 80 -j ACCEPT',
    );
  });

  it('reads the old "-s ! ADDR" and "--dport ! 80" forms, with an error at the "!" (iptables 1.8 refuses them)', () => {
    const r = parseRuleset(dump('-A INPUT -s ! 10.0.0.1 -p tcp -m tcp --dport ! 80 -j ACCEPT'));
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([
      ['old-negation', 'error', 3, 13],
      ['old-negation', 'error', 3, 46],
    ]);
    const rule = r.ruleset.tables[0]!.chains[0]!.rules[0]!;
    expect(rule.core.source?.negated).toBe(true);
    expect(rule.matches[0]!.data).toMatchObject({ dport: { negated: true } });
  });
});
