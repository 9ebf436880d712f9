/**
 * The common iptables-save rule line, read without the word-by-word reader: `-A CHAIN`, then
 * short core options (`! -s ADDR`, `-p tcp` …), then `-m`/`-j` modules whose words the memo
 * already knows or learns now (see RuleMemo). That is every line iptables-save itself writes for
 * kube-proxy, Docker or firewalld, and reading them this way is what makes a 100,000-rule dump
 * fast: no token objects, no option objects, one lookup per module.
 *
 * Anything else (counters, -I, long option names, escapes, tabs, a word the memo cannot read
 * cleanly, anything that would need a diagnostic) returns false before touching the builder, and
 * the save parser reads the line the full way (rule-parser.ts), diagnostics and all. Both ways
 * build the very same rule: the differential tests in save-fast-path.test.ts hold them to it.
 */
import type { RulesetBuilder } from './builder.ts';
import type { Match, Negatable, Rule, RuleCore, Target } from './model.ts';
import { isBuiltinChain } from './model.ts';
import { NOT_CLEAN, type ModuleWords, type RuleMemo } from './rule-memo.ts';
import { isCoreOptionAt, isInterfaceName, rememberModuleWords } from './rule-parser.ts';
import { registry, isStandardTarget } from '../modules/registry.ts';
import { matchWords, targetWords } from './rule-printer.ts';
import type { AnyModule } from '../modules/types.ts';

const MAX_WORDS = 256;
// word boundaries of the current line, reused line after line
const starts = new Int32Array(MAX_WORDS);
const ends = new Int32Array(MAX_WORDS);
const quoted = new Uint8Array(MAX_WORDS);
const scratchMatches: Match[] = [];
const MAX_SLOTS = 4;
/** the core of the many rules without -s -d -i -o -p -f (frozen, like every shared part) */
const EMPTY_CORE: RuleCore = Object.freeze({});
const FRAGMENT: Negatable<true> = Object.freeze({ value: true, negated: false });
const NEGATED_FRAGMENT: Negatable<true> = Object.freeze({ value: true, negated: true });
/** whether the last split line had exactly one space between words and none around them */
let singleSpaced = false;

// where each core option stands in iptables' own order, by its letter (a = 0)
const CORE_RANK: readonly number[] = (() => {
  const rank: number[] = [];
  [...'sdiopf'].forEach((letter, i) => (rank[letter.charCodeAt(0) - 97] = i + 1));
  return rank;
})();

const SPACE = 32;
const DQUOTE = 34;
const SQUOTE = 39;
const BACKSLASH = 92;
const DASH = 45;
const BANG = 33;

/**
 * Splits the line into words at single spaces. Fails (-1) on what the tokenizer would read in a
 * way this simple split would not: tabs, CR, escapes, single quotes, a quote inside a word.
 */
function splitWords(raw: string): number {
  const n = raw.length;
  let count = 0;
  let i = 0;
  singleSpaced = n > 0 && raw.charCodeAt(n - 1) !== SPACE;
  while (i < n) {
    let c = raw.charCodeAt(i);
    if (c === SPACE) {
      if (i === 0 || raw.charCodeAt(i - 1) === SPACE) singleSpaced = false;
      i++;
      continue;
    }
    if (count === MAX_WORDS) return -1;
    starts[count] = i;
    if (c === DQUOTE) {
      // a whole word in double quotes, with no escape inside
      i++;
      while (i < n && (c = raw.charCodeAt(i)) !== DQUOTE) {
        if (c === BACKSLASH || c < SPACE) return -1;
        i++;
      }
      if (i >= n) return -1;
      i++;
      if (i < n && raw.charCodeAt(i) !== SPACE) return -1;
      quoted[count] = 1;
    } else {
      while (i < n && (c = raw.charCodeAt(i)) !== SPACE) {
        if (c === DQUOTE || c === SQUOTE || c === BACKSLASH || c < SPACE) return -1;
        i++;
      }
      quoted[count] = 0;
    }
    ends[count++] = i;
  }
  return count;
}

/** Adds the rule on this `-A` line to the builder, or returns false to have it read in full. */
export function readPlainRule(
  raw: string,
  line: number,
  b: RulesetBuilder,
  memo: RuleMemo,
): boolean {
  const count = splitWords(raw);
  if (count < 2 || starts[0] !== 0 || ends[0] !== 2 || quoted[1]) return false;
  const chain = b.chainAt(raw, starts[1]!, ends[1]!);
  const table = b.currentTable?.name;
  if (!chain || table === undefined) return false;
  const chainName = chain.name;
  const core: RuleCore = {};
  let protocol: string | undefined;
  let target: Target | null = null;
  let negated = false;
  let modules = false; // a module was read: from here on only -m, -j and -g may follow
  // the line is exactly what iptables-save prints for the rule while every part prints back as
  // written, the core options stand in iptables' order (-s -d -i -o -p -f) and spacing is single
  let canonical = singleSpaced;
  let coreRank = 0;
  let segment = 0; // modules read so far
  scratchMatches.length = 0;

  for (let w = 2; w < count; w++) {
    const s = starts[w]!;
    const e = ends[w]!;
    if (quoted[w] || raw.charCodeAt(s) !== DASH || e - s !== 2) {
      if (e - s === 1 && raw.charCodeAt(s) === BANG && !quoted[w] && !negated && !modules) {
        negated = true;
        continue;
      }
      return false;
    }
    const option = raw.charCodeAt(s + 1);
    const rank = CORE_RANK[option - 97] ?? 0;
    if (rank !== 0) {
      if (modules) return false;
      if (rank <= coreRank) canonical = false;
      coreRank = rank;
    }
    if (option === 102 /* f */) {
      // takes no value
      core.fragment = negated ? NEGATED_FRAGMENT : FRAGMENT;
      negated = false;
      continue;
    }
    const v = w + 1;
    if (v >= count || quoted[v]) return false;
    const vs = starts[v]!;
    const ve = ends[v]!;
    if (ve - vs === 1 && raw.charCodeAt(vs) === BANG) return false; // the old `-s ! ADDR`
    switch (option) {
      case 115: /* s */
      case 100: /* d */ {
        const address = memo.address(raw.slice(vs, ve));
        const cidr = address.cidr;
        if (!cidr) return false;
        // iptables drops `-s 0.0.0.0/0`
        if (cidr.prefix !== 0 || negated)
          core[option === 115 ? 'source' : 'destination'] = memo.coreAddress(
            address,
            cidr,
            negated,
          );
        else canonical = false;
        if (!address.canonical) canonical = false;
        break;
      }
      case 105: /* i */
      case 111: /* o */ {
        const name = raw.slice(vs, ve);
        if (!isInterfaceName(name)) return false;
        core[option === 105 ? 'inInterface' : 'outInterface'] = memo.interfaces.get(name, negated);
        break;
      }
      case 112: /* p */ {
        const text = raw.slice(vs, ve);
        const proto = memo.protocol(text);
        if (proto === undefined) return false;
        if (proto !== 'all' || negated) {
          core.protocol = memo.protocolValues.get(proto, negated);
          protocol = negated ? undefined : proto;
        } else canonical = false;
        if (proto !== text) canonical = false;
        break;
      }
      case 109: /* m */
      case 106: /* j */
      case 103: /* g */ {
        if (negated || target) return false;
        modules = true;
        // the module's words: up to the next core option, less a `!` that belongs to it
        let to = v + 1;
        while (to < count && (quoted[to] || !isCoreOptionAt(raw, starts[to]!, ends[to]!))) to++;
        if (
          to > v + 1 &&
          ends[to - 1]! - starts[to - 1]! === 1 &&
          raw.charCodeAt(starts[to - 1]!) === BANG &&
          !quoted[to - 1]
        )
          to--;
        const isTarget = option !== 109;
        if (isTarget) {
          // most rules of a chain jump to the same place (KUBE-MARK-MASQ): reuse that name
          const last = memo.lastTargetName;
          const name =
            last.length === ve - vs && raw.startsWith(last, vs)
              ? last
              : (memo.lastTargetName = raw.slice(vs, ve));
          if (option === 103 || !registry.targets.has(name)) {
            // a chain, or a verdict: no words of its own
            if (to !== v + 1) return false;
            target = memo.chainTarget(
              name,
              option === 103 ? 'goto' : isStandardTarget(name) ? 'builtin' : 'jump',
            );
            w = v;
            continue;
          }
        }
        const context = memo.modulesFor(table, chainName, protocol);
        const end = ends[to - 1]!;
        // the same words as at this place in the rule before: no string, no lookup
        const slot = memo.slots[segment++];
        let entry: ModuleWords | undefined;
        if (
          slot &&
          slot.key.length === end - s &&
          (slot.entry.contextFree || slot.context === context) &&
          raw.startsWith(slot.key, s)
        )
          entry = slot.entry;
        else {
          const key = raw.slice(s, end);
          const known = memo.find(key, context);
          entry =
            known === NOT_CLEAN
              ? undefined
              : (known ?? rememberModuleWords(memo, key, context, chainName));
          if (!entry) return false;
          if (segment <= MAX_SLOTS) memo.slots[segment - 1] = { key, context, entry };
        }
        const module: AnyModule = entry.module;
        if (isTarget) {
          if (module.kind !== 'target') return false;
          // where the kernel allows the target: a rule that breaks it is read in full, and reported
          if (module.tables && !module.tables.includes(table)) return false;
          if (
            module.chains &&
            isBuiltinChain(table, chainName) &&
            !module.chains.includes(chainName)
          )
            return false;
          target = (entry.shared ??= Object.freeze({
            name: module.name,
            kind: 'extension' as const,
            data: entry.data,
          })) as Target;
          if (canonical)
            canonical = entry.canonical ??= targetWords(target).join(' ') === raw.slice(s, end);
        } else {
          const match = (entry.shared ??= Object.freeze({
            module: module.name,
            data: entry.data,
          })) as Match;
          scratchMatches.push(match);
          if (canonical)
            canonical = entry.canonical ??= matchWords(match).join(' ') === raw.slice(s, end);
        }
        w = to - 1;
        continue;
      }
      default:
        return false;
    }
    negated = false;
    w = v;
  }
  if (negated) return false;

  const rule: Rule = {
    core: coreRank === 0 ? EMPTY_CORE : core,
    // frozen and shared, like the parts of the rule (see rule-memo.ts)
    matches: memo.matchList(scratchMatches) as Match[],
    target,
    span: { line, column: 1, endLine: line, endColumn: raw.length + 1 },
    source: raw,
    table,
    chain: chainName,
    index: 0,
    id: '',
  };
  scratchMatches.length = 0;
  b.addRule(chainName, rule, rule.span, undefined, canonical);
  return true;
}

/**
 * A plain chain line, `:NAME POLICY [packets:bytes]` with single spaces, declared the same way
 * the full reader in save-parser.ts declares it. False for anything else: that reader reports it.
 */
export function readPlainChainLine(raw: string, line: number, b: RulesetBuilder): boolean {
  const first = raw.indexOf(' ');
  const second = first < 0 ? -1 : raw.indexOf(' ', first + 1);
  const table = b.currentTable?.name;
  if (second < 0 || first < 2 || table === undefined || raw.indexOf(' ', second + 1) >= 0)
    return false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < SPACE || c === DQUOTE || c === SQUOTE || c === BACKSLASH) return false;
  }
  // [packets:bytes]
  const colon = raw.indexOf(':', second + 1);
  const n = raw.length;
  if (raw.charCodeAt(second + 1) !== 91 || raw.charCodeAt(n - 1) !== 93 || colon < 0) return false;
  if (!allDigits(raw, second + 2, colon) || !allDigits(raw, colon + 1, n - 1)) return false;
  const name = raw.slice(1, first);
  const policy = raw.slice(first + 1, second);
  const builtin = isBuiltinChain(table, name);
  if (builtin ? policy !== 'ACCEPT' && policy !== 'DROP' : policy !== '-') return false;
  const counters = {
    packets: Number(raw.slice(second + 2, colon)),
    bytes: Number(raw.slice(colon + 1, n - 1)),
  };
  b.declareChain(
    name,
    { line, column: 1, endLine: line, endColumn: first + 1 },
    builtin ? (policy as 'ACCEPT' | 'DROP') : null,
    counters,
  );
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
