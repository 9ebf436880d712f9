/**
 * The checks after a parse take the jumps the parser noted as it read (TableJumps), or walk every
 * rule when it could not note them in order. Both ways must report the same: these tests hold the
 * noted way (what parseRuleset does) to the walk (validateRuleset without what the parser knew).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from './diagnostics.ts';
import { parseRuleset } from './parse.ts';
import { validateRuleset } from './validate.ts';

const CHECKS = new Set(['missing-target-chain', 'builtin-jump', 'jump-loop']);

const key = (d: Diagnostic) => `${d.line}:${d.column} ${d.code} ${d.message}`;

/** The jump checks' diagnostics of a parse, and of walking the same ruleset's rules again. */
function bothWays(text: string): { noted: string[]; walked: string[] } {
  const noted = parseRuleset(text, { format: 'save', family: 'ipv4' })
    .diagnostics.filter((d) => CHECKS.has(d.code))
    .map(key)
    .sort();
  const out: Diagnostic[] = [];
  validateRuleset(parseRuleset(text, { format: 'save', family: 'ipv4' }).ruleset, out);
  return { noted, walked: out.map(key).sort() };
}

const USER = ['A', 'B', 'C', 'KUBE-X', 'KUBE-Y'];

/** A dump of filter and nat whose rules jump anywhere: to their own user chains (loops too), to
 * built-in chains, to chains only the other table declares, to chains nobody declares. */
const dumps = fc
  .array(
    fc.record({
      table: fc.constantFrom('filter', 'nat'),
      users: fc.subarray(USER),
      twice: fc.boolean(), // a user chain declared a second time
      rules: fc.array(
        fc.tuple(
          fc.constantFrom('INPUT', 'OUTPUT', ...USER),
          fc.constantFrom('-j', '-g'),
          fc.constantFrom('RETURN', 'ACCEPT', 'OUTPUT', 'MISSING', ...USER),
          fc.boolean(), // a comment, so some rules take the fast path's module reader too
        ),
        { maxLength: 14 },
      ),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((tables) => {
    const lines: string[] = [];
    for (const t of tables) {
      lines.push(`*${t.table}`, ':INPUT ACCEPT [0:0]', ':OUTPUT ACCEPT [0:0]');
      for (const u of t.users) lines.push(`:${u} - [0:0]`);
      if (t.twice && t.users.length) lines.push(`:${t.users[0]} - [0:0]`);
      for (const [chain, how, target, comment] of t.rules)
        lines.push(`-A ${chain}${comment ? ' -m comment --comment "x y"' : ''} ${how} ${target}`);
      lines.push('COMMIT');
    }
    return `${lines.join('\n')}\n`;
  });

describe('jump checks from the jumps noted while parsing', () => {
  it('report what walking the rules reports, on random dumps', () => {
    fc.assert(
      fc.property(dumps, (text) => {
        const { noted, walked } = bothWays(text);
        expect(noted).toEqual(walked);
      }),
      { numRuns: 400 },
    );
  });

  it('find a loop through chains declared twice', () => {
    const text = [
      '*filter',
      ':INPUT ACCEPT [0:0]',
      ':A - [0:0]',
      ':B - [0:0]',
      ':A - [0:0]',
      '-A INPUT -j A',
      '-A A -j B',
      '-A B -g A',
      'COMMIT',
      '',
    ].join('\n');
    const { noted, walked } = bothWays(text);
    expect(noted).toEqual(walked);
    expect(noted.some((k) => k.includes('jump-loop') && k.includes('A → B → A'))).toBe(true);
  });

  it('do not take a user chain of another table for one of this table', () => {
    // KUBE-X is filter's: nat's jump to it is a jump to a chain nat does not have
    const text = [
      '*filter',
      ':INPUT ACCEPT [0:0]',
      ':KUBE-X - [0:0]',
      '-A INPUT -j KUBE-X',
      'COMMIT',
      '*nat',
      ':OUTPUT ACCEPT [0:0]',
      '-A OUTPUT -j KUBE-X',
      'COMMIT',
      '',
    ].join('\n');
    expect(bothWays(text).noted).toEqual([
      '8:11 missing-target-chain jump to chain KUBE-X, which table nat does not have',
    ]);
  });
});
