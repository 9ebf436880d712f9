/**
 * Property tests: random rulesets survive print → parse in every format (iptables-save, -S, and
 * -L -n -v -x for the modules -L can show completely), and no text whatever — random strings,
 * random bytes, a soup of iptables tokens — makes a parser throw or report a position outside
 * the text. Runs are bounded so the suite stays fast; a failure prints its seed for replay.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRuleset } from './parse.ts';
import { printSave } from './save-printer.ts';
import { printS } from './s-printer.ts';
import { printList } from './list-printer.ts';
import { comparableRuleset } from './compare.ts';
import type { DumpFormat } from './model.ts';
import { ALL, FOUR, rulesetText } from './ruleset-arbitraries.ts';

const RUNS = 200;
/** generous: the machine running the suite may be busy */
const TIMEOUT = 60_000;

function parseClean(text: string, format?: DumpFormat) {
  const r = parseRuleset(text, format ? { format } : {});
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`unexpected errors: ${JSON.stringify(errors)}\n${text}`);
  return r;
}

describe('print → parse is the identity', () => {
  it(
    'iptables-save (with counters)',
    () => {
      fc.assert(
        fc.property(rulesetText(ALL), (text) => {
          const m1 = parseClean(text, 'save');
          const printed = printSave(m1.ruleset, { counters: true });
          const m2 = parseClean(printed, 'save');
          expect(comparableRuleset(m2.ruleset)).toEqual(comparableRuleset(m1.ruleset));
          expect(printSave(m2.ruleset, { counters: true })).toBe(printed);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  // seed 122596698 of the property above: a negated full port range. Real iptables-save (legacy,
  // scripts/iptables-oracle.sh --legacy) prints none of these options; iptables-nft drops the
  // whole match. The parser forgets them too, so print → parse gives back the same rule.
  it.each([
    ['-p udp -m udp ! --dport 0:65535', '-p udp -m udp'],
    ['-p udp -m udp ! --sport 0:65535', '-p udp -m udp'],
    ['-p tcp -m tcp ! --dport 0:65535', '-p tcp -m tcp'],
    ['-p tcp -m tcp ! --sport 0:65535', '-p tcp -m tcp'],
    ['-p tcp -m tcp ! --sport 0:65535 --dport 80', '-p tcp -m tcp --dport 80'],
  ])('a negated full port range: %s', (written, saved) => {
    const text = `*filter\n:INPUT ACCEPT [0:0]\n[3:180] -A INPUT ${written} -j ACCEPT\nCOMMIT\n`;
    const m1 = parseClean(text, 'save');
    expect(m1.diagnostics).toEqual([]);
    const printed = printSave(m1.ruleset, { counters: true });
    expect(printed).toBe(
      `*filter\n:INPUT ACCEPT [0:0]\n[3:180] -A INPUT ${saved} -j ACCEPT\nCOMMIT\n`,
    );
    const m2 = parseClean(printed, 'save');
    expect(comparableRuleset(m2.ruleset)).toEqual(comparableRuleset(m1.ruleset));
    expect(printSave(m2.ruleset, { counters: true })).toBe(printed);
  });

  it(
    'iptables -S -v, tables told apart by their chains alone',
    () => {
      fc.assert(
        fc.property(rulesetText(FOUR), (text) => {
          const m1 = parseClean(text, 'save');
          const m3 = parseClean(printS(m1.ruleset, { counters: true }));
          expect(m3.ruleset.format).toBe('S');
          expect(comparableRuleset(m3.ruleset)).toEqual(comparableRuleset(m1.ruleset));
          expect(m3.diagnostics.filter((d) => d.code === 'assumed-table')).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'iptables -S with table headings, security included',
    () => {
      fc.assert(
        fc.property(rulesetText(ALL), (text) => {
          const m1 = parseClean(text, 'save');
          const m3 = parseClean(printS(m1.ruleset, { headings: true }));
          const expected = comparableRuleset(m1.ruleset);
          // plain -S prints no counters
          for (const t of expected.tables)
            for (const c of t.chains) {
              c.counters = { packets: 0, bytes: 0 };
              for (const r of c.rules) r.counters = { packets: 0, bytes: 0 };
            }
          expect(comparableRuleset(m3.ruleset)).toEqual(expected);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'iptables -L -n -v -x, for what -L shows completely',
    () => {
      fc.assert(
        fc.property(rulesetText(FOUR), fc.boolean(), (text, lineNumbers) => {
          const m1 = parseClean(text, 'save');
          const m4 = parseClean(printList(m1.ruleset, { exact: true, lineNumbers }));
          expect(m4.ruleset.format).toBe('L');
          expect(comparableRuleset(m4.ruleset)).toEqual(comparableRuleset(m1.ruleset));
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

const FORMATS: (DumpFormat | undefined)[] = [undefined, 'save', 'S', 'L'];
const SOUP = [
  '-A',
  '!',
  '"',
  "'",
  '\\',
  '-m',
  '*filter',
  '*nat',
  'COMMIT',
  '-P',
  '-N',
  '-I',
  'INPUT',
  'KUBE',
  'Chain',
  '(policy',
  'ACCEPT)',
  '(3',
  'references)',
  'ACCEPT',
  'tcp',
  '--dport',
  '80',
  ':',
  ':INPUT',
  '[0:0]',
  '[1:x]',
  '\n',
  '\r\n',
  ' ',
  '  ',
  '\t',
  '/*',
  '*/',
  '-j',
  '-g',
  'DROP',
  '0',
  '--',
  '-f',
  '!f',
  '*',
  '0.0.0.0/0',
  '::/0',
  '[goto]',
  '-c',
  '1',
  '100K',
  '# iptables -t nat -S',
  'pkts bytes target prot opt in out source destination',
  'comment',
  '--comment',
  'DNAT',
  'to:1.2.3.4:80',
  'MARK or 0x4000',
  '-s',
  '10.0.0.0/8',
  '#',
];

function expectWellFormed(
  text: string,
  format: DumpFormat | undefined,
  table: string | undefined,
): void {
  const r = parseRuleset(text, { ...(format ? { format } : {}), ...(table ? { table } : {}) });
  const lines = text.split('\n').length;
  const bad = r.diagnostics.filter(
    (d) =>
      !(
        d.line >= 1 &&
        d.column >= 1 &&
        d.endLine >= d.line &&
        d.line <= lines &&
        (d.endLine > d.line || d.endColumn >= d.column)
      ),
  );
  expect(bad).toEqual([]);
  // a ruleset is plain data and prints in every format without throwing
  printSave(r.ruleset);
  printS(r.ruleset);
  printList(r.ruleset);
}

describe('no text makes a parser throw', () => {
  const format = fc.constantFrom(...FORMATS);
  const table = fc.option(fc.constantFrom('filter', 'nat', 'bogus'), { nil: undefined });

  it(
    'random strings',
    () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 300, unit: 'binary' }), format, table, expectWellFormed),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'random bytes',
    () => {
      const bytes = fc.uint8Array({ maxLength: 300 }).map((a) => String.fromCharCode(...a));
      fc.assert(fc.property(bytes, format, table, expectWellFormed), { numRuns: RUNS });
    },
    TIMEOUT,
  );

  it(
    'a soup of iptables tokens',
    () => {
      const soup = fc.array(fc.constantFrom(...SOUP), { maxLength: 60 }).map((ws) => ws.join(' '));
      fc.assert(fc.property(soup, format, table, expectWellFormed), { numRuns: RUNS });
    },
    TIMEOUT,
  );
});
