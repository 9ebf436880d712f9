/**
 * The fast reader's lookups of module words and targets (save-fast-path.ts): what the words of a
 * module read as, found in place in the dump where they can be (the memo's slots, then its
 * tables), and the parts of rules that the rules writing the same words share.
 */
import type { Match, Target } from './model.ts';
import { isBuiltinChain } from './model.ts';
import {
  NOT_CLEAN,
  type ModuleWords,
  type NamedTarget,
  type RuleMemo,
  type WordsContext,
} from './rule-memo.ts';
import { sameAt, textAt } from './text-at.ts';
import { registry } from '../modules/registry.ts';
import { matchWords, targetWords } from './rule-printer.ts';
import type { AnyModule } from '../modules/types.ts';

const MAX_SLOTS = 4;

/**
 * What the module words raw[s, end) read as in this context, the `place`-th module of the rule:
 * the same words as at this place in the rule before cost no string and no lookup. Undefined when
 * they need a diagnostic somewhere (the full reader then reads the line).
 */
export function moduleWordsAt(
  raw: string,
  s: number,
  end: number,
  place: number,
  context: WordsContext,
  chainName: string,
  memo: RuleMemo,
): ModuleWords | undefined {
  const slot = memo.slots[place];
  const length = end - s;
  if (
    slot &&
    slot.length === length &&
    (slot.entry.contextFree || slot.context === context) &&
    (slot.text === raw
      ? sameAt(raw, s, slot.at, length)
      : slot.key !== undefined && textAt(raw, s, slot.key))
  ) {
    slot.text = raw;
    slot.at = s;
    return slot.entry;
  }
  // words met before need no string: only new ones are sliced, to be read and remembered
  const known = memo.findAt(raw, s, end, context);
  let key: string | undefined;
  let entry: ModuleWords | undefined;
  if (known === NOT_CLEAN) return undefined;
  if (known !== undefined) entry = known;
  else {
    key = raw.slice(s, end);
    entry = memo.learn(key, context, chainName);
  }
  if (entry && place < MAX_SLOTS) {
    if (slot === undefined) memo.slots[place] = { key, length, context, entry, text: raw, at: s };
    else {
      // the slot changes words often (each Service's own probabilities): reused, not remade
      slot.key = key;
      slot.length = length;
      slot.context = context;
      slot.entry = entry;
      slot.text = raw;
      slot.at = s;
    }
  }
  return entry;
}

/** The frozen Match (or Target) every rule with these module words shares. */
export function sharedPart(entry: ModuleWords, isTarget: boolean): Match | Target {
  const module = entry.module;
  return (entry.shared ??= isTarget
    ? Object.freeze({ name: module.name, kind: 'extension' as const, data: entry.data })
    : Object.freeze({ module: module.name, data: entry.data }));
}

/** Whether iptables-save prints the module words raw[s, end) back as written (worked out once). */
export function wordsCanonical(
  entry: ModuleWords,
  isTarget: boolean,
  raw: string,
  s: number,
  end: number,
): boolean {
  if (entry.canonical === undefined) {
    const part = sharedPart(entry, isTarget);
    const words = isTarget ? targetWords(part as Target) : matchWords(part as Match);
    entry.canonical = words.join(' ') === raw.slice(s, end);
  }
  return entry.canonical;
}

/**
 * The name of `-j NAME` / `-g NAME` at [vs, ve), as the memo knows it: most rules of a chain
 * jump to the same place as the rule before (KUBE-MARK-MASQ), and a user chain's name is known
 * from its declaration (readPlainChainLine), so the name is rarely made into a new string.
 */
export function namedTarget(raw: string, vs: number, ve: number, memo: RuleMemo): NamedTarget {
  const last = memo.lastNamed.again(raw, vs, ve);
  if (last !== undefined) return last;
  let named = memo.targetNames.get(raw, vs, ve);
  if (named === undefined) {
    const name = raw.slice(vs, ve);
    memo.targetNames.set(name, (named = newNamedTarget(name)), true, raw, vs);
  }
  return memo.lastNamed.met(named, raw, vs);
}

export function newNamedTarget(name: string, table?: string, position = -1): NamedTarget {
  return {
    name,
    extension: registry.targets.has(name),
    jump: undefined,
    goto: undefined,
    table,
    position,
  };
}

/** Whether the kernel allows the target in this table and chain. */
export function targetAllowed(module: AnyModule, table: string, chain: string): boolean {
  if (module.kind !== 'target') return false;
  if (module.tables && !module.tables.includes(table)) return false;
  return !(module.chains && isBuiltinChain(table, chain) && !module.chains.includes(chain));
}
