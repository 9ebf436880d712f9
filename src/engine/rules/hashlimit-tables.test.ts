import { describe, expect, it, vi } from 'vitest';
import { parseRuleset } from './parse.ts';
import { HashlimitTables } from './hashlimit-tables.ts';

const HL = '-m hashlimit --hashlimit-upto 10/sec';

function errors(text: string): string[] {
  return parseRuleset(text, { format: 'save' })
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.line}:${d.column} ${d.code}`);
}

describe('hashlimit tables shared by name', () => {
  it('refuses a rule naming a table made with the other kind of --hashlimit-rate-match', () => {
    const text = [
      '*filter',
      ':INPUT ACCEPT [0:0]',
      `-A INPUT ${HL} --hashlimit-name h1`,
      `-A INPUT ${HL} --hashlimit-name h1 --hashlimit-rate-match`,
      `-A INPUT ${HL} --hashlimit-name h1 --hashlimit-burst 9`,
      'COMMIT',
      '*raw',
      ':PREROUTING ACCEPT [0:0]',
      `-A PREROUTING ${HL} --hashlimit-rate-match --hashlimit-name h2`,
      `-A PREROUTING ${HL} --hashlimit-name h2`,
      `-A PREROUTING ${HL} --hashlimit-rate-match --hashlimit-name h1`,
      'COMMIT',
      '',
    ].join('\n');
    expect(errors(text)).toEqual(['4:47 bad-value', '10:52 bad-value', '11:75 bad-value']);
    const r = parseRuleset(text, { format: 'save' });
    const refused = r.ruleset.tables.flatMap((t) =>
      t.chains.flatMap((c) => c.rules.filter((x) => x.invalid).map((x) => x.span.line)),
    );
    expect(refused).toEqual([4, 10, 11]);
    expect(r.diagnostics[0]!.message).toContain('line 3');
  });

  it('lets a refused rule make no table, and tells names apart by case', () => {
    const text = [
      '*filter',
      ':INPUT ACCEPT [0:0]',
      `-A INPUT ${HL} --hashlimit-name h1 --hashlimit-burst 0x`,
      `-A INPUT ${HL} --hashlimit-name h1 --hashlimit-rate-match`,
      `-A INPUT ${HL} --hashlimit-name H1`,
      'COMMIT',
      '',
    ].join('\n');
    expect(errors(text)).toEqual(['3:67 bad-value']);
  });
});

describe('hashlimit table check on the fast path', () => {
  it('looks only at the rules the fast reader found a hashlimit match in', () => {
    const check = vi.spyOn(HashlimitTables.prototype, 'check');
    try {
      const text = [
        '*filter',
        ':INPUT ACCEPT [0:0]',
        '-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT',
        '-A INPUT -m comment --comment "plain" -j DROP',
        `-A INPUT -p tcp -m tcp --dport 80 ${HL} --hashlimit-name h1 -j ACCEPT`,
        `-A INPUT ${HL} --hashlimit-name h1 --hashlimit-rate-match -j ACCEPT`,
        'COMMIT',
        '',
      ].join('\n');
      expect(errors(text)).toEqual(['6:47 bad-value']);
      expect(check.mock.calls.map(([rule]) => rule.span.line)).toEqual([5, 6]);
    } finally {
      check.mockRestore();
    }
  });
});
