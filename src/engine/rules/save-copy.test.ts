import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyCanonicalSave } from './save-copy.ts';
import { parseRuleset } from './parse.ts';
import { printSave } from './save-printer.ts';
import { detectFamily, detectFormat } from './detect.ts';
import { ALL, rulesetText } from './ruleset-arbitraries.ts';
import { generateKubeDump } from '../../../scripts/bench/generate-kube.ts';

/** generous: the machine running the suite may be busy */
const TIMEOUT = 60_000;

const FIXTURES = new URL('../../../tests/fixtures/', import.meta.url);

/**
 * The copy and the full way (parse, then print) agree: when the copy answers, the full way
 * prints the very same text and has nothing to report. Returns whether the copy answered.
 */
function expectAgree(text: string): boolean {
  const family = detectFamily(text);
  const copied = copyCanonicalSave(text, family);
  if (copied === undefined) return false;
  const full = parseRuleset(text, { format: 'save', family });
  expect(full.diagnostics).toEqual([]);
  expect(copied).toBe(printSave(full.ruleset));
  return true;
}

const NAT = [
  '*nat',
  ':PREROUTING ACCEPT [0:0]',
  ':OUTPUT ACCEPT [0:0]',
  ':KUBE-A - [0:0]',
  ':KUBE-B - [0:0]',
];

describe('copying a canonical iptables-save dump', () => {
  const files = readdirSync(FIXTURES).filter((f) => /\.(rules|save)$/.test(f));

  it.each(files)('agrees with parse and print: %s', (file) => {
    const text = readFileSync(new URL(file, FIXTURES), 'utf8');
    if (detectFormat(text) !== 'save') return;
    expectAgree(text);
    // the printed form of every fixture is canonical: copied whenever it has nothing to report
    // and no escape (a line with one is left to the full reader, copy or no copy)
    const printed = printSave(parseRuleset(text).ruleset);
    const again = parseRuleset(printed, { format: 'save' });
    const copied = expectAgree(printed);
    if (
      again.diagnostics.length === 0 &&
      printSave(again.ruleset) === printed &&
      !/[\\']/.test(printed)
    )
      expect(copied).toBe(true);
  });

  it('copies the fixtures that are real dumps', () => {
    for (const file of ['kube-proxy.expected.save', 'docker-host.expected.save'])
      expect(expectAgree(readFileSync(new URL(file, FIXTURES), 'utf8'))).toBe(true);
  });

  it('copies a generated kube-proxy dump, less its comment lines', () => {
    const { text } = generateKubeDump({ rules: 3000, seed: 11 });
    expect(expectAgree(text)).toBe(true);
    expect(copyCanonicalSave(text, 'ipv4')).toBe(
      `${text
        .split('\n')
        .filter((l) => l !== '' && !l.startsWith('#'))
        .join('\n')}\n`,
    );
  });

  it('keeps comment and blank lines out, and ends with a line feed', () => {
    const text = ['# by hand', ...NAT, '', '-A KUBE-A -j KUBE-B', '# mid', 'COMMIT'].join('\n');
    expect(copyCanonicalSave(text, 'ipv4')).toBe(
      [...NAT, '-A KUBE-A -j KUBE-B', 'COMMIT', ''].join('\n'),
    );
    expect(copyCanonicalSave('', 'ipv4')).toBe('');
  });

  // each of these prints differently or has something to report: the copy must give up
  it.each([
    ['a jump loop', [...NAT, '-A KUBE-A -j KUBE-B', '-A KUBE-B -j KUBE-A', 'COMMIT']],
    ['a jump to itself', [...NAT, '-A KUBE-A -j KUBE-A', 'COMMIT']],
    ['a jump to a missing chain', [...NAT, '-A KUBE-A -j KUBE-C', 'COMMIT']],
    ['a jump to a built-in chain', [...NAT, '-A KUBE-A -j OUTPUT', 'COMMIT']],
    ['a goto loop', [...NAT, '-A KUBE-A -g KUBE-B', '-A KUBE-B -j KUBE-A', 'COMMIT']],
    ['no COMMIT', [...NAT, '-A KUBE-A -j ACCEPT']],
    ['rules out of chain order', [...NAT, '-A KUBE-B -j ACCEPT', '-A KUBE-A -j ACCEPT', 'COMMIT']],
    [
      'a chain line after a rule',
      [...NAT.slice(0, 4), '-A KUBE-A -j ACCEPT', ':KUBE-B - [0:0]', 'COMMIT'],
    ],
    ['a rule in an undeclared chain', [...NAT, '-A KUBE-C -j ACCEPT', 'COMMIT']],
    ['a chain declared twice', [...NAT, ':KUBE-A - [0:0]', 'COMMIT']],
    ['a built-in chain declared twice', [...NAT, ':OUTPUT DROP [0:0]', 'COMMIT']],
    ['counters with a leading zero', [...NAT, ':KUBE-C - [01:0]', 'COMMIT']],
    ['counters past 2^53', [...NAT, ':KUBE-C - [18446744073709551615:0]', 'COMMIT']],
    ['bytes with a leading zero', [...NAT, ':KUBE-C - [0:00]', 'COMMIT']],
    ['a chain name with a quote', [...NAT, ':KUBE-"C - [0:0]', 'COMMIT']],
    ['a chain name with a backslash', [...NAT, ':KUBE-\\C - [0:0]', 'COMMIT']],
    ['a chain name outside ASCII', [...NAT, ':K\u00dcBE - [0:0]', 'COMMIT']],
    ['a table resumed', [...NAT, 'COMMIT', '*nat', 'COMMIT']],
    ['an unknown table', ['*nothing', 'COMMIT']],
    ['a table inside a table', [...NAT, '*filter', 'COMMIT']],
    ['rule counters', [...NAT, '[1:2] -A KUBE-A -j ACCEPT', 'COMMIT']],
    ['a core option out of order', [...NAT, '-A KUBE-A -p tcp -s 10.0.0.1/32 -j ACCEPT', 'COMMIT']],
    ['an address iptables prints otherwise', [...NAT, '-A KUBE-A -s 10.0.0.1 -j ACCEPT', 'COMMIT']],
    ['-s 0.0.0.0/0', [...NAT, '-A KUBE-A -s 0.0.0.0/0 -j ACCEPT', 'COMMIT']],
    [
      'a comment that needs no quotes, quoted',
      [...NAT, '-A KUBE-A -m comment --comment "x" -j ACCEPT', 'COMMIT'],
    ],
    ['a long option name', [...NAT, '-A KUBE-A --jump ACCEPT', 'COMMIT']],
    ['-I', [...NAT, '-I KUBE-A -j ACCEPT', 'COMMIT']],
    ['two spaces', [...NAT, '-A KUBE-A  -j ACCEPT', 'COMMIT']],
    ['a line starting with a space', [...NAT, ' -A KUBE-A -j ACCEPT', 'COMMIT']],
    ['\\r\\n line ends', [...NAT, 'COMMIT', ''].map((l) => `${l}\r`)],
    [
      'a negated full port range',
      [...NAT, '-A KUBE-A -p udp -m udp ! --dport 0:65535 -j ACCEPT', 'COMMIT'],
    ],
  ])('gives up on %s', (_, lines) => {
    const text = `${lines.join('\n')}\n`;
    expect(copyCanonicalSave(text, 'ipv4')).toBeUndefined();
    // and without the line that spoils it the same text is copied (the cases are not vacuous)
  });

  it('copies the same dumps once their spoiling line is put right', () => {
    for (const lines of [
      [...NAT, '-A KUBE-A -j KUBE-B', '-A KUBE-B -j ACCEPT', 'COMMIT'],
      [...NAT, '-A KUBE-A -g KUBE-B', 'COMMIT'],
      [...NAT, '-A KUBE-A -j ACCEPT', '-A KUBE-B -j ACCEPT', 'COMMIT'],
      [...NAT, ':KUBE-C - [1:0]', 'COMMIT'],
      [...NAT, 'COMMIT', '*filter', 'COMMIT'],
      [...NAT, '-A KUBE-A -s 10.0.0.1/32 -p tcp -j ACCEPT', 'COMMIT'],
      [...NAT, '-A KUBE-A -m comment --comment x -j ACCEPT', 'COMMIT'],
      [...NAT, '-A KUBE-A -m comment --comment "x y" -j ACCEPT', 'COMMIT'],
      [...NAT, '-A KUBE-A -p udp -m udp -j ACCEPT', 'COMMIT'],
    ])
      expect(expectAgree(`${lines.join('\n')}\n`)).toBe(true);
  });

  it(
    'agrees with parse and print on random rulesets, as written and as printed',
    () => {
      fc.assert(
        fc.property(rulesetText(ALL), fc.nat(), (text, seed) => {
          expectAgree(text);
          const printed = printSave(parseRuleset(text, { format: 'save' }).ruleset);
          expectAgree(printed);
          // the printed lines shuffled a little: order, loops, missing chains and all
          const lines = printed.split('\n');
          const i = seed % lines.length;
          const j = (seed >> 8) % lines.length;
          [lines[i], lines[j]] = [lines[j]!, lines[i]!];
          expectAgree(lines.join('\n'));
          expectAgree(printed.replace(/-j (ACCEPT|DROP|RETURN)\b/, '-j KUBE-SVC-ABC'));
        }),
        { numRuns: 200 },
      );
    },
    TIMEOUT,
  );

  it(
    'agrees with parse and print on kube-proxy dumps with lines swapped or retargeted',
    () => {
      const base = generateKubeDump({ rules: 200, seed: 3 }).text.split('\n');
      const users = base
        .filter((l) => l.startsWith(':KUBE-'))
        .map((l) => l.slice(1, l.indexOf(' ')));
      let copied = 0;
      fc.assert(
        fc.property(fc.nat(), fc.nat(), fc.boolean(), (i, k, swap) => {
          const lines = [...base];
          // two neighbouring lines swapped (often two rules of one chain), or one jump retargeted
          // to another user chain (sometimes closing a loop)
          const a = i % (lines.length - 1);
          if (swap) [lines[a], lines[a + 1]] = [lines[a + 1]!, lines[a]!];
          else lines[a] = lines[a]!.replace(/-j KUBE-\S+$/, `-j ${users[k % users.length]}`);
          if (expectAgree(lines.join('\n'))) copied++;
        }),
        { numRuns: 200 },
      );
      // the agreement is tested on copies, not only on refusals
      expect(copied).toBeGreaterThan(40);
    },
    TIMEOUT,
  );
});
