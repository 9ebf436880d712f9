/**
 * Golden tests of the whole text → ruleset → text pipeline on realistic dumps
 * (tests/fixtures/NAME.rules). NAME.expected.save is what the real iptables 1.8.9 printed after
 * loading the fixture (tests/fixtures/refresh-expected.sh), so "expected" is iptables' own
 * normalisation, never a guess.
 *
 * iptables also orders a dump by itself, which no printer that keeps the input's order can
 * match: iptables-save lists tables in the kernel's order (nft: mangle, security, raw, filter,
 * nat; legacy: the order the modules loaded), lists every built-in chain of a table even when the
 * input declared none, and sorts user chains by name (strcmp). `reorderLikeIptables` undoes only
 * those three things before comparing; every other difference fails the test.
 */
// The engine itself never touches the file system; this test reads its fixtures from disk.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from './diagnostics.ts';
import { BUILTIN_CHAINS, isTableName, type Ruleset } from './model.ts';
import { parseRuleset } from './parse.ts';
import { ruleText } from './rule-printer.ts';
import { printSave } from './save-printer.ts';

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures');

const fixtures = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.rules'))
  .map((f) => f.slice(0, -'.rules'.length))
  .sort();

const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

interface TableBlock {
  name: string;
  declarations: string[];
  rules: string[];
}

function splitTables(text: string): TableBlock[] {
  const tables: TableBlock[] = [];
  let t: TableBlock | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('*'))
      tables.push((t = { name: line.slice(1), declarations: [], rules: [] }));
    else if (t && line.startsWith(':')) t.declarations.push(line);
    else if (t && line !== 'COMMIT' && line !== '') t.rules.push(line);
  }
  return tables;
}

const chainOfDeclaration = (line: string) => line.slice(1, line.indexOf(' '));
const chainOfRule = (line: string) => /(?:^|\] )-A (\S+)/.exec(line)?.[1] ?? '';

function chainRank(table: string, chain: string): [number, string] {
  const builtin = isTableName(table) ? BUILTIN_CHAINS[table].indexOf(chain) : -1;
  return builtin >= 0 ? [builtin, ''] : [100, chain];
}

function byRank(table: string) {
  return (a: string, b: string) => {
    const [ra, na] = chainRank(table, a);
    const [rb, nb] = chainRank(table, b);
    return ra - rb || (na < nb ? -1 : na > nb ? 1 : 0);
  };
}

/**
 * Puts a dump in iptables' own order: tables by name, built-in chains first in kernel order,
 * user chains sorted, rules grouped by chain in that order (stable within a chain). Built-in
 * chains that `keep` does not declare are dropped when they are plain `ACCEPT [0:0]` — the ones
 * iptables adds by itself.
 */
function reorderLikeIptables(text: string, keep?: string): string {
  const declared = keep
    ? new Set(
        splitTables(keep).flatMap((t) =>
          t.declarations.map((d) => `${t.name}/${chainOfDeclaration(d)}`),
        ),
      )
    : undefined;
  const out: string[] = [];
  for (const t of splitTables(text).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const cmp = byRank(t.name);
    const decls = t.declarations
      .filter(
        (d) =>
          !declared ||
          declared.has(`${t.name}/${chainOfDeclaration(d)}`) ||
          !/ ACCEPT \[0:0\]$/.test(d),
      )
      .sort((a, b) => cmp(chainOfDeclaration(a), chainOfDeclaration(b)));
    const rules = t.rules
      .map((r, i) => ({ r, i }))
      .sort((a, b) => cmp(chainOfRule(a.r), chainOfRule(b.r)) || a.i - b.i);
    out.push(`*${t.name}`, ...decls, ...rules.map((x) => x.r), 'COMMIT');
  }
  return `${out.join('\n')}\n`;
}

/**
 * Modules outside the list that a fixture uses on purpose: they must survive verbatim
 * (an `unknown-module` warning, the words printed back unchanged), never break the dump.
 */
const VERBATIM: Readonly<Record<string, readonly string[]>> = {};

function unknownModules(ruleset: Ruleset): string[] {
  const names = new Set<string>();
  for (const t of ruleset.tables)
    for (const c of t.chains)
      for (const r of c.rules) {
        for (const m of r.matches) if (m.unknown) names.add(m.module);
        if (r.target?.unknown) names.add(r.target.name);
      }
  return [...names].sort();
}

const show = (ds: readonly Diagnostic[]) =>
  ds.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`).join('\n');

describe('golden fixtures: parse → print matches what iptables itself prints', () => {
  it('finds the fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(14);
  });

  for (const name of fixtures) {
    const counters = name.endsWith('.counters');
    describe(name, () => {
      const input = read(`${name}.rules`);
      const expected = read(`${name}.expected.save`);
      const verbatim = VERBATIM[name] ?? [];
      const notVerbatim = (d: Diagnostic) =>
        !(d.code === 'unknown-module' && verbatim.some((m) => d.message.includes(`"${m}"`)));

      it('parses without errors', () => {
        const { diagnostics } = parseRuleset(input);
        expect(show(diagnostics.filter((d) => d.severity === 'error'))).toBe('');
      });

      it('knows every module the dump uses', () => {
        const { ruleset, diagnostics } = parseRuleset(input);
        expect(
          show(
            diagnostics.filter(
              (d) => (d.code === 'unknown-module' || d.code === 'unknown-option') && notVerbatim(d),
            ),
          ),
        ).toBe('');
        expect(unknownModules(ruleset)).toEqual(verbatim);
      });

      it('prints what iptables-save printed after loading it (up to iptables’ own ordering)', () => {
        const printed = printSave(parseRuleset(input).ruleset, { counters });
        expect(reorderLikeIptables(printed)).toBe(reorderLikeIptables(expected, printed));
      });

      it('prints the real dump back byte for byte', () => {
        const { ruleset, diagnostics } = parseRuleset(expected);
        expect(show(diagnostics.filter(notVerbatim))).toBe('');
        expect(printSave(ruleset, { counters })).toBe(expected);
      });

      it('detects the family', () => {
        expect(parseRuleset(input).ruleset.family).toBe(name.startsWith('ipv6') ? 'ipv6' : 'ipv4');
      });
    });
  }
});

describe('the reordering helper only undoes what iptables reorders', () => {
  it('sorts user chains, groups rules and drops added built-in chains', () => {
    const printed =
      '*nat\n:POSTROUTING ACCEPT [0:0]\n:ZED - [0:0]\n:ABC - [0:0]\n-A POSTROUTING -j ABC\n-A ABC -j RETURN\n-A POSTROUTING -j ZED\nCOMMIT\n';
    const fromIptables =
      '*nat\n:PREROUTING ACCEPT [0:0]\n:INPUT ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\n:POSTROUTING ACCEPT [0:0]\n:ABC - [0:0]\n:ZED - [0:0]\n-A POSTROUTING -j ABC\n-A POSTROUTING -j ZED\n-A ABC -j RETURN\nCOMMIT\n';
    expect(reorderLikeIptables(printed)).toBe(reorderLikeIptables(fromIptables, printed));
  });

  it('still sees a changed rule, a changed policy and a reordered rule', () => {
    const a = '*filter\n:INPUT DROP [0:0]\n-A INPUT -j ACCEPT\n-A INPUT -j DROP\nCOMMIT\n';
    expect(reorderLikeIptables(a)).not.toBe(
      reorderLikeIptables(a.replace('DROP [0:0]', 'ACCEPT [0:0]'), a),
    );
    expect(reorderLikeIptables(a)).not.toBe(
      reorderLikeIptables(
        a.replace('-j ACCEPT\n-A INPUT -j DROP', '-j DROP\n-A INPUT -j ACCEPT'),
        a,
      ),
    );
    expect(reorderLikeIptables(a)).not.toBe(
      reorderLikeIptables(a.replace('-j ACCEPT', '-j RETURN'), a),
    );
  });
});

describe('broken dumps: every problem is reported where it is, and parsing goes on', () => {
  const broken = [
    '*filter', //                                               1
    ':INPUT ACCEPT [0:0]', //                                   2
    ':LOOP-A - [0:0]', //                                       3
    ':LOOP-B - [0:0]', //                                       4
    '-A INPUT -s 10.0.0.300 -j ACCEPT', //                      5  bad address
    '-A INPUT -p tcp --dport 70000 -j ACCEPT', //               6  bad port
    '-A INPUT -j NO-SUCH-CHAIN', //                             7  jump to a missing chain
    '-A LOOP-A -j LOOP-B', //                                   8
    '-A LOOP-B -j LOOP-A', //                                   9  closes the loop
    '-A INPUT -m comment --comment "never closed -j ACCEPT', // 10 unterminated quote
    '-A INPUT -s 192.168.1.0/24 -j ACCEPT', //                  11 a good rule after all that
    'COMMIT', //                                                12
    '*bogus', //                                                13 unknown table
    ':FOO - [0:0]', //                                          14
    '-A FOO -j ACCEPT', //                                      15 a rule in it
    'COMMIT', //                                                16
    '*nat', //                                                  17
    ':POSTROUTING ACCEPT [0:0]', //                             18
    '-A POSTROUTING -o eth0 -j MASQUERADE', //                  19 no COMMIT follows
    '',
  ].join('\n');
  const { ruleset, diagnostics } = parseRuleset(broken);

  it('reports each error with its code, line and column', () => {
    const errors = diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.line}:${d.column}-${d.endColumn} ${d.code}`);
    expect(errors).toEqual([
      '5:13-23 bad-address', // the address itself
      '6:17-30 bad-port', // --dport 70000
      '7:10-26 missing-target-chain', // -j NO-SUCH-CHAIN
      '9:11-20 jump-loop', // the jump that closes LOOP-A → LOOP-B → LOOP-A
      '10:31-54 unterminated-quote', // from the opening quote to the end of the line
      '13:1-7 unknown-table', // *bogus
      '19:1-1 missing-commit', // the end of the text
    ]);
  });

  it('names the loop and the missing chain in the messages', () => {
    expect(diagnostics.find((d) => d.code === 'jump-loop')?.message).toContain(
      'LOOP-A → LOOP-B → LOOP-A',
    );
    expect(diagnostics.find((d) => d.code === 'missing-target-chain')?.message).toContain(
      'NO-SUCH-CHAIN',
    );
  });

  it('keeps every rule, including the ones after the errors', () => {
    const ids = ruleset.tables.flatMap((t) =>
      t.chains.flatMap((c) => c.rules.map((r) => `${r.id} line ${r.span.line}`)),
    );
    expect(ids).toEqual([
      'filter/INPUT/1 line 5',
      'filter/INPUT/2 line 6',
      'filter/INPUT/3 line 7',
      'filter/INPUT/4 line 10',
      'filter/INPUT/5 line 11',
      'filter/LOOP-A/1 line 8',
      'filter/LOOP-B/1 line 9',
      'bogus/FOO/1 line 15',
      'nat/POSTROUTING/1 line 19',
    ]);
    const good = ruleset.tables[0]!.chains[0]!.rules[4]!;
    expect(ruleText(good)).toBe('-A INPUT -s 192.168.1.0/24 -j ACCEPT');
    const bad = ruleset.tables[0]!.chains[0]!.rules[0]!;
    expect(bad.core.source).toBeUndefined();
    expect(bad.target?.name).toBe('ACCEPT');
  });

  it('reports a table left open before the next one starts', () => {
    const text =
      '*nat\n:POSTROUTING ACCEPT [0:0]\n-A POSTROUTING -j MASQUERADE\n*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -j DROP\nCOMMIT\n';
    const r = parseRuleset(text);
    expect(r.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual([
      '4:1 error missing-commit',
    ]);
    expect(
      r.ruleset.tables.map((t) => `${t.name}:${t.chains.map((c) => c.rules.length).join(',')}`),
    ).toEqual(['nat:1', 'filter:1']);
  });
});
