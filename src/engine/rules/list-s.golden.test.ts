/**
 * Golden tests against the real iptables: each fixture in __golden__ was loaded into a throwaway
 * network namespace (scripts/iptables-oracle.sh) and the files hold what iptables-save, -S and
 * -L -n -v printed back. The printers must reproduce them byte for byte, and the -S and -L
 * parsers must read them back to the rules the save format gives (up to what -L cannot show).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRuleset } from './parse.ts';
import { printS } from './s-printer.ts';
import { printList } from './list-printer.ts';
import { comparableRuleset } from './compare.ts';
import type { Family, Ruleset } from './model.ts';
import { hasErrors } from './diagnostics.ts';

const read = (file: string) =>
  readFileSync(new URL(`./__golden__/${file}`, import.meta.url), 'utf8');

interface Fixture {
  name: string;
  family: Family;
  /** rule ids -L cannot express completely (kept as lossy text) */
  lossy: string[];
}

const FIXTURES: Fixture[] = [
  { name: 'kube-docker', family: 'ipv4', lossy: [] },
  {
    name: 'modules',
    family: 'ipv4',
    lossy: ['filter/INPUT/39', 'filter/INPUT/40', 'filter/INPUT/41'],
  },
  { name: 'modules2', family: 'ipv4', lossy: [] },
  { name: 'ipv6', family: 'ipv6', lossy: [] },
];

/** The -L view of a ruleset: lossy rules compared only by what -L shows of them. */
function withoutLossy(rs: Ruleset, lossyIds: readonly string[]) {
  const c = comparableRuleset(rs);
  for (const t of c.tables)
    for (const ch of t.chains)
      ch.rules = ch.rules.filter((r) => !lossyIds.includes(`${r.table}/${r.chain}/${r.index}`));
  return c;
}

describe.each(FIXTURES)('golden $name', ({ name, family, lossy }) => {
  const save = parseRuleset(read(`${name}.save`), { format: 'save', family });

  it('the save text parses without errors', () => {
    expect(hasErrors(save.diagnostics)).toBe(false);
  });

  it('printS reproduces iptables -S', () => {
    expect(printS(save.ruleset)).toBe(read(`${name}.S`));
  });

  it('printList reproduces iptables -L -n -v', () => {
    expect(printList(save.ruleset)).toBe(read(`${name}.L`));
  });

  it('iptables -S reads back to the same rules', () => {
    const s = parseRuleset(read(`${name}.S`), { family });
    expect(s.ruleset.format).toBe('S');
    expect(comparableRuleset(s.ruleset)).toEqual(comparableRuleset(save.ruleset));
    expect(
      s.diagnostics.filter((d) => d.severity !== 'info' && d.code !== 'unknown-module'),
    ).toEqual(
      save.diagnostics
        .filter((d) => d.severity !== 'info' && d.code !== 'unknown-module')
        .map((d) => expect.objectContaining({ code: d.code })),
    );
  });

  it('iptables -L -n -v reads back to the same rules, up to what -L loses', () => {
    const l = parseRuleset(read(`${name}.L`), { family });
    expect(l.ruleset.format).toBe('L');
    const lossyIds = l.ruleset.tables.flatMap((t) =>
      t.chains.flatMap((c) => c.rules.filter((r) => r.lossy).map((r) => r.id)),
    );
    expect(lossyIds).toEqual(lossy);
    const expected = withoutLossy(save.ruleset, lossy);
    // iptables -L hides the counters of user chains; the kernel keeps them at zero
    expect(withoutLossy(l.ruleset, lossy)).toEqual(expected);
    expect(
      l.diagnostics.filter((d) => d.code === 'lossy-format').map((d) => d.line).length,
    ).toBeGreaterThanOrEqual(lossy.length);
  });
});

describe('golden counters variants', () => {
  const save = parseRuleset(read('counters.save'), { format: 'save' });

  it('prints -L -n -v -x, --line-numbers, plain -L -n and -S -v as iptables does', () => {
    expect(printList(save.ruleset, { exact: true })).toBe(read('counters.Lx'));
    expect(printList(save.ruleset, { lineNumbers: true })).toBe(read('counters.Ln'));
    expect(printList(save.ruleset, { verbose: false })).toBe(read('counters.Lplain'));
    expect(printList(save.ruleset, { verbose: false, lineNumbers: true })).toBe(
      read('counters.Lplain-n'),
    );
    expect(printS(save.ruleset, { counters: true })).toBe(read('counters.Sv'));
  });

  it('reads -x and -S -v back with exact counters', () => {
    const exact = comparableRuleset(save.ruleset);
    expect(comparableRuleset(parseRuleset(read('counters.Lx')).ruleset)).toEqual(exact);
    expect(comparableRuleset(parseRuleset(read('counters.Sv')).ruleset)).toEqual(exact);
    expect(
      comparableRuleset(parseRuleset(read('counters.Ln')).ruleset).tables[0]!.chains[0]!.rules[5]!
        .counters,
    ).toEqual({
      packets: 123e9,
      bytes: 9007e12,
    });
  });

  it('reads rounded counters approximately and says so once', () => {
    const l = parseRuleset(read('counters.L'));
    const input = l.ruleset.tables[0]!.chains[0]!;
    expect(input.counters).toEqual({ packets: 123e6, bytes: 99e9 });
    expect(input.rules.map((r) => r.counters)).toEqual([
      { packets: 1, bytes: 2 },
      { packets: 99999, bytes: 99999 },
      { packets: 100e3, bytes: 9999e3 },
      { packets: 10e6, bytes: 10e9 },
      { packets: 12e12, bytes: 1235e12 },
      { packets: 123e9, bytes: 9007e12 },
    ]);
    const rounded = l.diagnostics.filter((d) => d.code === 'lossy-format');
    expect(rounded).toEqual([expect.objectContaining({ severity: 'info', line: 5, column: 1 })]);
  });

  it('reads plain -L -n (no counters, no interfaces) back to the same rules', () => {
    const plain = parseRuleset(read('counters.Lplain'));
    const expected = structuredClone(comparableRuleset(save.ruleset));
    const got = comparableRuleset(plain.ruleset);
    // without -v the interface and counters are not shown at all
    for (const t of expected.tables)
      for (const c of t.chains) {
        c.counters = { packets: 0, bytes: 0 };
        for (const r of c.rules) {
          r.counters = { packets: 0, bytes: 0 };
          delete r.core.inInterface;
        }
      }
    expect(got).toEqual(expected);
    expect(comparableRuleset(parseRuleset(read('counters.Lplain-n')).ruleset)).toEqual(expected);
  });
});
