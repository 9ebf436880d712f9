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
import { formatNatRange, natPortsAllowed, parseNatRange } from '../modules/target/nat-range.ts';
import type { DnatData } from '../modules/target/DNAT.ts';
import {
  NOT_CLEAN,
  deepFreeze,
  type CommentMatch,
  type DnatRead,
  type ModuleWords,
  type RuleMemo,
} from './rule-memo.ts';
import { quoteWord } from './tokenize.ts';
import { COMMENT_MAX, type CommentData } from '../modules/match/comment.ts';
import { utf8Length } from '../modules/values.ts';
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

/** what the tokenizer reads in a way a split at spaces would not: control characters (tabs, CR),
 * escapes, single quotes (also inside double quotes, where the split would be right: such rare
 * lines are just read the full way) */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSPLITTABLE = /[\x00-\x1f'\\]/;

/**
 * Splits the line into words at spaces, a whole-word double-quoted string (no escape inside) being
 * one word. Fails (-1) on what the tokenizer would read in a way this simple split would not (see
 * UNSPLITTABLE; a quote inside a word). Searches with indexOf rather than looking at every
 * character in turn: that is most of the work on a big dump.
 */
function splitWords(raw: string): number {
  const n = raw.length;
  if (UNSPLITTABLE.test(raw)) return -1;
  let count = 0;
  let i = 0;
  singleSpaced = n > 0 && raw.charCodeAt(n - 1) !== SPACE && raw.charCodeAt(0) !== SPACE;
  let quote = raw.indexOf('"'); // the next double quote at or after i, or -1
  while (i < n) {
    if (raw.charCodeAt(i) === SPACE) {
      i++;
      if (count > 0) singleSpaced = false; // a second space (the first ended a word)
      continue;
    }
    if (count === MAX_WORDS) return -1;
    starts[count] = i;
    let end: number;
    if (quote === i) {
      // a whole word in double quotes
      const close = raw.indexOf('"', i + 1);
      if (close < 0) return -1;
      end = close + 1;
      if (end < n && raw.charCodeAt(end) !== SPACE) return -1;
      quote = raw.indexOf('"', end);
      quoted[count] = 1;
    } else {
      end = raw.indexOf(' ', i);
      if (end < 0) end = n;
      if (quote >= 0 && quote < end) return -1; // a quote inside a word
      quoted[count] = 0;
    }
    ends[count++] = end;
    // step over the one space after the word
    i = end + 1;
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
  let core: RuleCore = EMPTY_CORE; // a rule's own object once it has a core option
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
      if (coreRank === 0) core = {};
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
        if (!isTarget && to === v + 3) {
          // `-m comment --comment TEXT`, on nearly every kube-proxy rule and often with a text
          // written once: read in place, with no key string and no full read of the words
          // (anything else, or a comment the module would report on, is read the common way)
          const shared = readComment(raw, v, memo);
          if (shared !== undefined) {
            scratchMatches.push(shared.match);
            if (canonical) {
              const printed = shared.printed;
              const ws = starts[v + 2]!;
              canonical = printed.length === ends[v + 2]! - ws && raw.startsWith(printed, ws);
            }
            w = to - 1;
            continue;
          }
        }
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
          if (to === v + 3 && name === 'DNAT') {
            // `-j DNAT --to-destination ADDR:PORT`, written once per endpoint: read in place
            const dnat = readDnat(raw, v + 1, memo, protocol);
            if (dnat !== undefined) {
              if (!targetAllowed(dnat.module, table, chainName)) return false;
              target = dnat.target;
              if (canonical) canonical = dnat.canonical;
              w = to - 1;
              continue;
            }
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
          if (!targetAllowed(module, table, chainName)) return false;
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
    core,
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

/** Whether the kernel allows the target in this table and chain. */
function targetAllowed(module: AnyModule, table: string, chain: string): boolean {
  if (module.kind !== 'target') return false;
  if (module.tables && !module.tables.includes(table)) return false;
  return !(module.chains && isBuiltinChain(table, chain) && !module.chains.includes(chain));
}

const TO_DESTINATION = '--to-destination';

/**
 * The DNAT target of the words at w (`--to-destination RANGE`), or undefined when they are
 * anything else or the module would have something to report: those are read the common way.
 */
function readDnat(
  raw: string,
  w: number,
  memo: RuleMemo,
  protocol: string | undefined,
): DnatRead | undefined {
  const module = registry.targets.get('DNAT');
  const s = starts[w]!;
  const vs = starts[w + 1]!;
  const ve = ends[w + 1]!;
  if (
    !module ||
    quoted[w] ||
    quoted[w + 1] ||
    ends[w]! - s !== TO_DESTINATION.length ||
    !raw.startsWith(TO_DESTINATION, s) ||
    raw.charCodeAt(vs) === DASH
  )
    return undefined;
  const portsAllowed = natPortsAllowed({ protocol });
  // the same words as the rule before (an endpoint's rules follow each other): the same target
  const last = memo.lastDnat;
  if (
    last !== undefined &&
    last.portsAllowed === portsAllowed &&
    last.value.length === ve - vs &&
    raw.startsWith(last.value, vs)
  )
    return last;
  const value = raw.slice(vs, ve);
  const r = parseNatRange(value, memo.family);
  if (!r.ok || r.value.basePort === 0) return undefined;
  if (r.value.minPort !== undefined && !portsAllowed) return undefined;
  const data: DnatData = deepFreeze({ to: r.value, random: false, persistent: false });
  return (memo.lastDnat = {
    value,
    portsAllowed,
    module,
    target: Object.freeze({ name: 'DNAT', kind: 'extension' as const, data }),
    canonical: formatNatRange(r.value) === value,
  });
}

const COMMENT_WORDS = 'comment --comment ';

/**
 * The comment match of the words at w (`comment --comment TEXT`, TEXT a word that is neither
 * empty nor starts with a dash), shared by every rule with the same text; undefined when the
 * words are anything else or the module would have something to report (a text over 255 bytes).
 */
function readComment(raw: string, w: number, memo: RuleMemo): CommentMatch | undefined {
  const s = starts[w]!;
  const vs = starts[w + 2]!;
  if (
    quoted[w] ||
    quoted[w + 1] ||
    vs - s !== COMMENT_WORDS.length ||
    ends[w]! - s !== 7 ||
    ends[w + 1]! - starts[w + 1]! !== 9 ||
    !raw.startsWith(COMMENT_WORDS, s)
  )
    return undefined;
  const from = quoted[w + 2] ? vs + 1 : vs;
  const to = quoted[w + 2] ? ends[w + 2]! - 1 : ends[w + 2]!;
  if (to <= from || raw.charCodeAt(from) === DASH) return undefined;
  // the same text as the comment read last (an endpoint's rules follow each other): no string
  const last = memo.lastComment;
  if (last !== undefined && last.text.length === to - from && raw.startsWith(last.text, from))
    return last;
  const text = raw.slice(from, to);
  let known = memo.comments.get(text);
  if (known === undefined) {
    if (text.length > COMMENT_MAX / 3 && utf8Length(text) > COMMENT_MAX) return undefined;
    const data: CommentData = Object.freeze({ comment: text });
    known = {
      text,
      match: Object.freeze({ module: 'comment', data }),
      printed: quoteWord(text),
    };
    memo.comments.set(text, known);
  }
  return (memo.lastComment = known);
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
