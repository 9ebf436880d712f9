/**
 * The compiler's restore reader (restore-rule.ts) is a fast reader of the `-A` line: it reads the
 * words kube-proxy writes without the full parser. Here it meets the differential harness's rule
 * generator (rules/rule-text-arbitraries.ts) and must make of every rule what the reference
 * reader makes of the same line: the same core, matches, target and printed line, and a rule the
 * reference finds wrong marked invalid.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRuleBody, ruleText, tokenize, type Diagnostic } from '../../rules/index.ts';
import { ruleParts } from '../../rules/rule-text-arbitraries.ts';
import { RestoreRuleReader } from './restore-rule.ts';

const TABLE = 'nat';
const CHAIN = 'KUBE-X';

/** The parsed parts without positions, which the restore reader does not keep. */
function shape(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) =>
      key === 'span' || key.endsWith('Span') ? undefined : v,
    ),
  );
}

/** The reference reader (rules/rule-parser.ts) on the same line, as the full parse reads it. */
function reference(body: string) {
  const diagnostics: Diagnostic[] = [];
  const parsed = parseRuleBody({
    tokens: tokenize(`-A ${CHAIN} ${body}`).tokens,
    start: 2,
    line: 3,
    family: 'ipv4',
    table: TABLE,
    chain: CHAIN,
    diagnostics,
  });
  const rule = { core: parsed.core, matches: parsed.matches, target: parsed.target };
  return { rule, line: ruleText({ chain: CHAIN, ...rule }), diagnostics };
}

describe('the restore reader reads as the reference reader', () => {
  it('on generated rule words', () => {
    const reader = new RestoreRuleReader();
    fc.assert(
      fc.property(ruleParts('ipv4'), (parts) => {
        // kube-proxy's restore input carries no counters
        const body = parts.filter((p) => !p.startsWith('-c ')).join(' ');
        const ref = reference(body);
        const diagnostics: Diagnostic[] = [];
        const read = reader.read(TABLE, CHAIN, body.split(' '), 3, diagnostics);
        expect(read.text, body).toBe(ref.line);
        expect(
          shape({ core: read.core, matches: read.matches, target: read.target }),
          body,
        ).toEqual(
          shape({ core: ref.rule.core, matches: ref.rule.matches, target: ref.rule.target }),
        );
      }),
      { numRuns: 400 },
    );
  }, 60_000);
});
