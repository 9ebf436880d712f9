/** The save parser's fast path for chain lines (`:NAME POLICY [packets:bytes]`). */
import type { RulesetBuilder } from './builder.ts';
import type { Counters } from './model.ts';
import { isBuiltinChain } from './model.ts';
import type { RuleMemo } from './rule-memo.ts';
import { newNamedTarget } from './fast-module-words.ts';
import { quoteFrom, splittable } from './save-words.ts';
import { textAt } from './text-at.ts';

const DASH = 45;

/** `[0:0]`, the counters of nearly every chain line: one frozen object for them all */
const ZERO_COUNTERS: Counters = Object.freeze({ packets: 0, bytes: 0 });

/**
 * A plain chain line, `:NAME POLICY [packets:bytes]` with single spaces (at [from, n) in `raw`,
 * the whole dump), declared the same way the full reader in save-parser.ts declares it. False
 * for anything else: that reader reports it.
 */
export function readPlainChainLine(
  raw: string,
  from: number,
  n: number,
  line: number,
  b: RulesetBuilder,
  memo: RuleMemo,
): boolean {
  const first = raw.indexOf(' ', from);
  const second = first < 0 || first >= n ? -1 : raw.indexOf(' ', first + 1);
  const table = b.currentTable?.name;
  if (second < 0 || second >= n || first < from + 2 || table === undefined) return false;
  const third = raw.indexOf(' ', second + 1);
  if (third >= 0 && third < n) return false;
  if (!splittable(raw, from, n, memo)) return false;
  if (quoteFrom(raw, from, memo) < n) return false;
  // [packets:bytes]
  const colon = raw.indexOf(':', second + 1);
  if (raw.charCodeAt(second + 1) !== 91 || raw.charCodeAt(n - 1) !== 93 || colon < 0 || colon >= n)
    return false;
  if (!allDigits(raw, second + 2, colon) || !allDigits(raw, colon + 1, n - 1)) return false;
  const name = raw.slice(from + 1, first);
  const builtin = isBuiltinChain(table, name);
  // the policy: ACCEPT or DROP for a built-in chain, `-` for a user chain
  const policyLength = second - first - 1;
  let policy: 'ACCEPT' | 'DROP' | null = null;
  if (builtin) {
    if (policyLength === 6 && textAt(raw, first + 1, 'ACCEPT')) policy = 'ACCEPT';
    else if (policyLength === 4 && textAt(raw, first + 1, 'DROP')) policy = 'DROP';
    else return false;
  } else if (policyLength !== 1 || raw.charCodeAt(first + 1) !== DASH) return false;
  const counters =
    colon === second + 3 &&
    n === colon + 3 &&
    raw.charCodeAt(second + 2) === 48 &&
    raw.charCodeAt(colon + 1) === 48
      ? ZERO_COUNTERS
      : {
          packets: Number(raw.slice(second + 2, colon)),
          bytes: Number(raw.slice(colon + 1, n - 1)),
        };
  const span = { line, column: 1, endLine: line, endColumn: first - from + 1 };
  if (!builtin && b.canDeclareNew) {
    // every user chain of this table so far came this way and is in the memo's names: one
    // lookup there tells whether this one is new (a name declared twice goes the full way, to
    // be reported), and the builder need not index the name
    if (memo.targetNames.get(raw, from + 1, first)?.table === table) return false;
    const at = b.declareNewChain(name, span, counters);
    memo.targetNames.set(name, newNamedTarget(name, table, at), true, raw, from + 1);
    return true;
  }
  b.declareChain(name, span, policy, counters);
  // the rules that jump here will find the name (the same string as the chain's: the checks
  // after the parse then compare the two in no time)
  if (!builtin)
    memo.targetNames.set(name, newNamedTarget(name, table, b.declaredAt), false, raw, from + 1);
  return true;
}

function allDigits(s: string, from: number, to: number): boolean {
  if (to <= from) return false;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
