/**
 * Copy mode (copied-lines.ts): the CLI's `print` of an iptables-save dump copies its lines when
 * the save parser, reading them as it always does, finds every rule line canonical and nothing to
 * report. Whenever it copies, the text is what parsing and printing would give; whenever the dump
 * has anything else, it gives up. (The differential harness also holds it on generated text.)
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copySaveText, parseRuleset } from './parse.ts';
import { printSave } from './save-printer.ts';
import { ALL, rulesetText } from './ruleset-arbitraries.ts';
import { generateKubeDump } from '../../../scripts/bench/generate-kube.ts';
import { shuffleRules } from '../../../scripts/bench/shuffle-dump.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url), 'utf8');

/** What print writes the common way: parse, then print. */
function printed(text: string): string {
  return printSave(parseRuleset(text).ruleset);
}

describe('copy mode', () => {
  // dumps iptables-save wrote: every line is its own canonical line
  it.each([
    'seeds-eks-nginx',
    'seeds-eks-nodelocal',
    'seeds-k3s-service',
    'seeds-calico-db',
    'calico',
    'docker-host',
    'docker-ufw',
    'legacy',
  ])('copies the iptables-save dump %s, as parsing and printing it does', (name) => {
    const text = fixture(`${name}.rules`);
    expect(parseRuleset(text).diagnostics).toEqual([]);
    const copied = copySaveText(text);
    expect(copied).toBeDefined();
    expect(copied).toBe(printed(text));
  });

  it('copies kube-proxy dumps in their order and with their rules interleaved across chains', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (seed) => {
        const text = generateKubeDump({ rules: 300, seed }).text;
        for (const dump of [text, shuffleRules(text, seed)]) {
          const copied = copySaveText(dump);
          expect(copied).toBeDefined();
          expect(copied).toBe(printed(dump));
        }
      }),
      { numRuns: 20 },
    );
  }, 60_000);

  const head = `*filter
:INPUT ACCEPT [0:0]
:FORWARD ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:A - [0:0]
:B - [0:0]
`;
  it.each([
    ['counters', '[1:2] -A INPUT -j ACCEPT'],
    ['an inserted rule', '-I INPUT 1 -j ACCEPT'],
    ['a rule not as iptables-save writes it', '-A INPUT -p tcp --dport 22 -j ACCEPT'],
    ['a jump loop', '-A A -j B\n-A B -j A'],
    ['a jump to a built-in chain', '-A A -j INPUT'],
    ['a jump to a chain the table lacks', '-A A -j C'],
    ['a jump to a chain declared after it', '-A A -j Z\n:Z - [0:0]'],
    ['a rule refused in its place', '-A OUTPUT -i eth0 -j ACCEPT'],
    [
      'a hashlimit table',
      '-A INPUT -m hashlimit --hashlimit-upto 1/sec --hashlimit-name x -j ACCEPT',
    ],
    ['an undeclared chain', '-A NOPE -j ACCEPT'],
    ['a missing COMMIT', '-A INPUT -j ACCEPT\n*nat'],
  ])('gives up on %s', (_what, lines) => {
    expect(copySaveText(`${head}${lines}\nCOMMIT\n`)).toBeUndefined();
  });

  it('gives up on what is not an iptables-save dump, or nothing', () => {
    expect(copySaveText('-P INPUT ACCEPT\n-A INPUT -j ACCEPT\n')).toBeUndefined();
    expect(copySaveText('# nothing\n')).toBeUndefined();
  });

  it('copies a generated ruleset only as parsing and printing it does', () => {
    fc.assert(
      fc.property(rulesetText(ALL), (text) => {
        // the dump as iptables-save would write it: printed once
        const canonical = printed(text);
        const copied = copySaveText(canonical);
        if (copied === undefined) return;
        expect(parseRuleset(canonical).diagnostics).toEqual([]);
        expect(copied).toBe(printed(canonical));
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
