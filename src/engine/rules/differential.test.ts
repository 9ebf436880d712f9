/**
 * The differential harness: every fast reader of the `-A` rule line against the reference reader
 * (the save parser word by word, rule-parser.ts), on one generator of rule text
 * (rule-text-arbitraries.ts) and on real dumps. expectSameAsReference holds
 * - the save parser's fast path (save-fast-path.ts and its helpers): the same model, the same
 *   diagnostics, the same printed text, with and without counters;
 * - the outline (save-outline.ts, which the worker's dump-peek answers from): when it outlines a
 *   dump at all, the same tables, chains, policies and rules in each chain, at the same lines;
 * - copy mode (copied-lines.ts, the CLI's print): when it copies a dump at all, the reference
 *   reports nothing and prints the very same text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Family, ParseResult } from './model.ts';
import { copySave, parseSave } from './save-parser.ts';
import { printSave } from './save-printer.ts';
import { outlineSave } from './save-outline.ts';
import { dumpText } from './rule-text-arbitraries.ts';
import { generateKubeDump } from '../../../scripts/bench/generate-kube.ts';
import { shuffleRules } from '../../../scripts/bench/shuffle-dump.ts';

/** The outline's view of a parse: per table, its chains with their rules' line numbers. */
function outlineView(result: ParseResult) {
  return result.ruleset.tables.map((t) => ({
    name: t.name,
    chains: t.chains.map((c) => ({
      name: c.name,
      builtin: c.builtin,
      policy: c.policy,
      rules: c.rules.map((r) => r.span.line),
    })),
  }));
}

export function expectSameAsReference(text: string, family: Family = 'ipv4'): void {
  const fast = parseSave(text, family);
  const reference = parseSave(text, family, { fastPath: false });
  expect(JSON.stringify(fast), text).toBe(JSON.stringify(reference));
  expect(printSave(fast.ruleset)).toBe(printSave(reference.ruleset));
  expect(printSave(fast.ruleset, { counters: true })).toBe(
    printSave(reference.ruleset, { counters: true }),
  );
  const copied = copySave(text, family);
  if (copied !== undefined) {
    expect(reference.diagnostics, text).toEqual([]);
    expect(copied.toString(), text).toBe(printSave(reference.ruleset));
  }
  const outline = outlineSave(text);
  if (outline === null) return;
  const rows = outline.tables.map((t) => ({
    name: t.name,
    chains: t.chains.map((c) => ({
      name: c.name,
      builtin: c.builtin,
      policy: c.policy,
      rules: c.rules.map((k) => outline.ruleLine[k]!),
    })),
  }));
  expect(rows, text).toEqual(outlineView(reference));
}

describe('every fast reader reads as the reference reader', () => {
  it.each<Family>(['ipv4', 'ipv6'])(
    'on generated %s rule text',
    (family) => {
      fc.assert(
        fc.property(dumpText(family), (text) => expectSameAsReference(text, family)),
        { numRuns: 600 },
      );
      // generous: the machine running the suite may be busy
    },
    120_000,
  );

  it('on a kube-proxy dump, in its order and with its rules interleaved across chains', () => {
    const text = generateKubeDump({ rules: 3000, seed: 7 }).text;
    expectSameAsReference(text);
    expectSameAsReference(shuffleRules(text, 3));
  }, 60_000);
});
