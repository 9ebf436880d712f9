import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../engine/rules/index.ts';
import { warmUpDumpText } from './dump-warm.ts';

describe('the warm-up dump', () => {
  it('is a clean iptables-save -c node: services, endpoints, counters', () => {
    const { ruleset, diagnostics } = parseRuleset(warmUpDumpText());
    expect(diagnostics).toEqual([]);
    expect(ruleset.format).toBe('save');
    const count = (t: string) =>
      ruleset.tables.find((x) => x.name === t)!.chains.reduce((n, c) => n + c.rules.length, 0);
    expect([count('filter'), count('nat')]).toEqual([4, 5 + 120 * 2 + 120 * 3 * 3]);
    const sep = ruleset.tables[1]!.chains.find((c) => c.name.startsWith('KUBE-SEP-'))!;
    expect(sep.rules[1]!.target).toMatchObject({ name: 'DNAT' });
  });
});
