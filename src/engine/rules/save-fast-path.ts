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
 * build the very same rule: the differential harness (differential.test.ts) holds them to it.
 */
import type { RulesetBuilder } from './builder.ts';
import { LineWords } from './save-words.ts';
import type { Chain, Counters, Match, Negatable, Rule, RuleCore, Target } from './model.ts';
import {
  formatNatRange,
  natPortsAllowed,
  parseNatRange,
  plainNatRange,
} from '../modules/target/nat-range.ts';
import type { DnatData } from '../modules/target/DNAT.ts';
import type { CommentMatch, DnatRead, RuleMemo } from './rule-memo.ts';
import {
  moduleWordsAt,
  namedTarget,
  sharedPart,
  targetAllowed,
  wordsCanonical,
} from './fast-module-words.ts';
import { needsQuotes } from './tokenize.ts';
import { asShared } from './shared-part.ts';
import { textAt } from './text-at.ts';
import { COMMENT_MAX, type CommentData } from '../modules/match/comment.ts';
import { utf8Length } from '../modules/values.ts';
import { isCoreOptionAt, isInterfaceName } from './core-options.ts';
import { registry, isStandardTarget } from '../modules/registry.ts';
import type { AnyModule } from '../modules/types.ts';
import type { CopiedLines } from './copied-lines.ts';
import { checkRulePlace } from './rule-place.ts';

/** the core of the many rules without -s -d -i -o -p -f (frozen, like every shared part) */
const EMPTY_CORE: RuleCore = Object.freeze({});
const FRAGMENT: Negatable<true> = Object.freeze({ value: true, negated: false });
const NEGATED_FRAGMENT: Negatable<true> = Object.freeze({ value: true, negated: true });

// where each core option stands in iptables' own order, by its letter (a = 0)
const CORE_RANK: readonly number[] = (() => {
  const rank: number[] = [];
  [...'sdiopf'].forEach((letter, i) => (rank[letter.charCodeAt(0) - 97] = i + 1));
  return rank;
})();

const DASH = 45;
const BANG = 33;

const TO_DESTINATION = '--to-destination';
const NO_SPAN = Object.freeze({ line: 0, column: 0, endLine: 0, endColumn: 0 });
// the match module whose tables the builder checks across rules (hashlimit-tables.ts)
const HASHLIMIT = registry.matches.get('hashlimit');
const COMMENT_WORDS = 'comment --comment ';

/**
 * The fast reader of one parse: the rule being read, the words of its line and the memo, kept in
 * this object rather than in locals so that its parts can be read by small methods of their own
 * (V8 optimises small functions sooner, and something new met in one of them, a first DNAT after
 * thousands of jumps, then costs only that one its optimised code).
 */
export class FastRuleReader {
  private readonly words = new LineWords();
  // the matches of the current line, the first matchCount of them (never emptied by setting its
  // length: that would free the array's storage, to be made again for the next line)
  private readonly scratchMatches: Match[] = [];
  private matchCount = 0;
  private hashlimit = false; // a hashlimit match is among them (builder.ts checks its table)
  private core: RuleCore = EMPTY_CORE; // a rule's own object once it has a core option
  private protocol: string | undefined; // the -p protocol the modules see
  private coreProtocol: Negatable<string> | undefined; // core.protocol, without reading `core` again
  private target: Target | null = null;
  // the line is exactly what iptables-save prints for the rule while every part prints back as
  // written, the core options stand in iptables' order (-s -d -i -o -p -f) and spacing is single
  private canonical = false;
  private segment = 0; // modules read so far
  private targetAt = -1; // where a jump's or goto's chain stands in the table, when the memo knows
  private coreOptions = 0; // core options read so far

  private table = ''; // the table of the line being read

  constructor(readonly memo: RuleMemo) {}

  /**
   * Where the user chain named at line[start, end) stands in the current table, from the memo's
   * names (readPlainChainLine enters every chain it declares), or -1: a rule whose chain is not
   * the one before's (rules not grouped by chain) finds it with no string made.
   */
  private readonly chainPosition = (line: string, start: number, end: number): number => {
    const named = this.memo.targetNames.get(line, start, end);
    return named !== undefined && named.table === this.table ? named.position : -1;
  };

  /** Where the chain named at raw[start, end) stands in the current table, or -1 when it has none. */
  chainPositionAt(raw: string, start: number, end: number, b: RulesetBuilder): number {
    this.table = b.currentTable!.name;
    return b.chainPositionAt(raw, start, end, this.chainPosition);
  }

  /**
   * Adds the rule on this `-A` line to the builder, or returns false to have it read in full. The
   * line is `source`, found at `from` in `raw`, the whole dump; its words start at `words` (after
   * `[packets:bytes] ` when it has counters, as `iptables-save -c` writes). Reading the dump itself
   * rather than the line (a slice of it) keeps every character read in V8's quickest case.
   */
  readPlainRule(
    raw: string,
    from: number,
    words: number,
    source: string,
    line: number,
    b: RulesetBuilder,
    memo: RuleMemo,
    counters?: Counters,
  ): boolean {
    const chain = this.readRuleWords(raw, words, from + source.length, b, memo);
    if (chain === undefined) return false;
    const chainName = chain.name;
    // `-p tcp` as the one core option, common (`-p tcp … -m tcp --dport 80`): one core for them all
    if (this.coreOptions === 1 && this.coreProtocol !== undefined)
      this.core = memo.protocolCore(this.coreProtocol);
    // shared, like the parts of the rule (see rule-memo.ts, shared-part.ts)
    const matches = memo.matchList(this.scratchMatches, this.matchCount) as Match[];
    const span = { line, column: 1, endLine: line, endColumn: source.length + 1 };
    const table = b.currentTable!.name;
    // every field in place from the start, in the full reader's order (save-parser.ts): one shape
    const rule: Rule = counters
      ? {
          core: this.core,
          matches,
          target: this.target,
          span,
          source,
          counters,
          table,
          chain: chainName,
          index: 0,
          id: '',
        }
      : {
          core: this.core,
          matches,
          target: this.target,
          span,
          source,
          table,
          chain: chainName,
          index: 0,
          id: '',
        };
    // a line with counters is not what plain iptables-save prints: not canonical (canonical.ts)
    const canonical = this.canonical && !counters;
    b.addRule(chainName, rule, span, undefined, canonical, this.targetAt, this.hashlimit);
    return true;
  }

  /**
   * Copy mode (copied-lines.ts): reads the `-A` line at [from, to) of `raw`, the whole dump, as
   * readPlainRule does, and notes where it stands rather than adding a rule. False when copy mode
   * cannot keep it: not canonical, a jump whose chain the memo does not know, a hashlimit table,
   * or something iptables refuses in the rule's place (the builder checks those on a rule).
   */
  copyPlainRule(
    raw: string,
    from: number,
    to: number,
    b: RulesetBuilder,
    copy: CopiedLines,
  ): boolean {
    if (raw.charCodeAt(from + 1) !== 65 /* A */) return false;
    const chain = this.readRuleWords(raw, from, to, b, this.memo);
    if (chain === undefined || !this.canonical) return false;
    const table = b.currentTable!;
    const at = b.foundChainAt;
    const target = this.target;
    if (this.hashlimit) return false;
    const rule = { core: this.core, target, source: '', span: NO_SPAN };
    if (checkRulePlace(rule, table.name, chain.name, copy.refused)) return false;
    if (target !== null && (target.kind === 'jump' || target.kind === 'goto')) {
      if (this.targetAt < 0) return false;
      copy.jump(table, at, this.targetAt);
    }
    copy.add(table, at, from, to);
    return true;
  }

  /**
   * Reads the words of the `-A` line at [from, to) of `raw` (the whole dump) into this file's state
   * (core, matches, target, canonical) without making a rule: the chain it is added to, or
   * undefined when the line must be read the full way.
   */
  readRuleWords(
    raw: string,
    from: number,
    to: number,
    b: RulesetBuilder,
    memo: RuleMemo,
  ): Chain | undefined {
    const { starts, ends, quoted } = this.words;
    const count = this.words.split(raw, from, to, memo);
    if (count < 2 || starts[0] !== from || ends[0] !== from + 2 || quoted[1]) return undefined;
    const table = b.currentTable?.name;
    if (table === undefined) return undefined;
    this.table = table;
    const chain = b.chainAt(raw, starts[1]!, ends[1]!, this.chainPosition);
    if (!chain) return undefined;
    const chainName = chain.name;
    this.core = EMPTY_CORE;
    this.protocol = undefined;
    this.coreProtocol = undefined;
    this.target = null;
    this.canonical = this.words.singleSpaced;
    this.segment = 0;
    this.targetAt = -1;
    this.matchCount = 0;
    this.hashlimit = false;
    this.coreOptions = 0;
    let negated = false;
    let modules = false; // a module was read: from here on only -m, -j and -g may follow
    let coreRank = 0;

    for (let w = 2; w < count; w++) {
      const s = starts[w]!;
      const e = ends[w]!;
      if (quoted[w] || raw.charCodeAt(s) !== DASH || e - s !== 2) {
        if (e - s === 1 && raw.charCodeAt(s) === BANG && !quoted[w] && !negated && !modules) {
          negated = true;
          continue;
        }
        return undefined;
      }
      const option = raw.charCodeAt(s + 1);
      if (option === 109 /* m */ || option === 106 /* j */ || option === 103 /* g */) {
        if (negated || this.target || w + 1 >= count || quoted[w + 1]) return undefined;
        if (ends[w + 1]! - starts[w + 1]! === 1 && raw.charCodeAt(starts[w + 1]!) === BANG)
          return undefined;
        modules = true;
        const to = this.moduleEnd(raw, w + 1, count);
        if (!this.readModule(raw, option, w, to, table, chainName, memo)) return undefined;
        w = to - 1;
        continue;
      }
      const rank = CORE_RANK[option - 97] ?? 0;
      if (rank === 0 || modules) return undefined;
      if (rank <= coreRank) this.canonical = false;
      if (coreRank === 0) this.core = {};
      coreRank = rank;
      this.coreOptions++;
      if (option === 102 /* f */) {
        if (memo.family === 'ipv6') return undefined; // the reference reader says why it is refused
        // takes no value
        this.core.fragment = negated ? NEGATED_FRAGMENT : FRAGMENT;
        negated = false;
        continue;
      }
      const v = w + 1;
      if (v >= count || quoted[v]) return undefined;
      if (!this.readCoreOption(raw, option, starts[v]!, ends[v]!, negated, memo)) return undefined;
      negated = false;
      w = v;
    }
    if (negated) return undefined;
    return chain;
  }

  /** Reads the value [vs, ve) of the core option -s, -d, -i, -o or -p into `core`. */
  readCoreOption(
    raw: string,
    option: number,
    vs: number,
    ve: number,
    negated: boolean,
    memo: RuleMemo,
  ): boolean {
    if (ve - vs === 1 && raw.charCodeAt(vs) === BANG) return false; // the old `-s ! ADDR`
    if (option === 115 /* s */ || option === 100 /* d */) {
      const address = memo.addressAt(raw, vs, ve);
      const cidr = address.cidr;
      if (!cidr) return false;
      if (!address.canonical) this.canonical = false;
      // iptables drops `-s 0.0.0.0/0`
      if (cidr.prefix === 0 && !negated) this.canonical = false;
      else if (option === 115) this.core.source = memo.coreAddress(address, cidr, negated);
      else this.core.destination = memo.coreAddress(address, cidr, negated);
      return true;
    }
    if (option === 105 /* i */ || option === 111 /* o */) {
      const name = raw.slice(vs, ve);
      if (!isInterfaceName(name)) return false;
      if (option === 105) this.core.inInterface = memo.interfaces.get(name, negated);
      else this.core.outInterface = memo.interfaces.get(name, negated);
      return true;
    }
    if (option !== 112 /* p */) return false;
    // nearly always the same few words (tcp, udp): the one read last needs no new string
    const lastText = memo.lastProtocolText;
    const text =
      lastText.length === ve - vs && textAt(raw, vs, lastText)
        ? lastText
        : (memo.lastProtocolText = raw.slice(vs, ve));
    const proto = memo.protocol(text);
    // another spelling (`-p 6`, `-p TCP`) is read by the full reader, which warns about it
    if (proto === undefined || proto !== text) return false;
    if (proto !== 'all' || negated) {
      this.core.protocol = this.coreProtocol = memo.protocolValues.get(proto, negated);
      this.protocol = negated ? undefined : proto;
    } else this.canonical = false;
    return true;
  }

  /** Where the words of the module whose name is word v end: at the next core option, less a `!`
   * that belongs to it. */
  moduleEnd(raw: string, v: number, count: number): number {
    const { starts, ends, quoted } = this.words;
    let to = v + 1;
    while (to < count && (quoted[to] || !isCoreOptionAt(raw, starts[to]!, ends[to]!))) to++;
    if (
      to > v + 1 &&
      ends[to - 1]! - starts[to - 1]! === 1 &&
      raw.charCodeAt(starts[to - 1]!) === BANG &&
      !quoted[to - 1]
    )
      to--;
    return to;
  }

  /**
   * Reads the module of words w (`-m`, `-j` or `-g`) to `to` (not included) into the rule: a match,
   * or its target. False when the full reader must read the line.
   */
  readModule(
    raw: string,
    option: number,
    w: number,
    to: number,
    table: string,
    chainName: string,
    memo: RuleMemo,
  ): boolean {
    const { starts, ends, quoted } = this.words;
    const s = starts[w]!;
    const v = w + 1;
    const isTarget = option !== 109;
    if (!isTarget && to === v + 3) {
      // `-m comment --comment TEXT`, on nearly every kube-proxy rule and often with a text
      // written once: read in place, with no key string and no full read of the words
      // (anything else, or a comment the module would report on, is read the common way)
      const shared = this.readComment(raw, v, memo);
      if (shared !== undefined) {
        this.scratchMatches[this.matchCount++] = shared.match;
        // iptables-save quotes the text exactly when it needs quotes (it has no quote or
        // backslash here: the split would have failed)
        if (this.canonical) this.canonical = shared.needsQuotes === (quoted[v + 2] === 1);
        return true;
      }
    }
    if (isTarget) {
      const named = namedTarget(raw, starts[v]!, ends[v]!, memo);
      const name = named.name;
      if (option === 103 || !named.extension) {
        // a chain, or a verdict: no words of its own
        if (to !== v + 1) return false;
        this.targetAt = named.table === table ? named.position : -1;
        this.target =
          option === 103
            ? (named.goto ??= asShared({ name, kind: 'goto' as const, data: null }))
            : (named.jump ??= asShared({
                name,
                kind: isStandardTarget(name) ? ('builtin' as const) : ('jump' as const),
                data: null,
              }));
        return true;
      }
      if (to === v + 3 && name === 'DNAT') {
        // `-j DNAT --to-destination ADDR:PORT`, written once per endpoint: read in place
        const dnat = this.readDnat(raw, v + 1, memo, this.protocol);
        if (dnat !== undefined) {
          if (!targetAllowed(dnat.module, table, chainName)) return false;
          this.target = dnat.target;
          if (this.canonical) this.canonical = dnat.canonical;
          return true;
        }
      }
    }
    const context = memo.modulesFor(table, chainName, this.protocol);
    const end = ends[to - 1]!;
    const entry = moduleWordsAt(raw, s, end, this.segment++, context, chainName, memo);
    if (!entry) return false;
    const module: AnyModule = entry.module;
    if (isTarget) {
      if (module.kind !== 'target') return false;
      // where the kernel allows the target: a rule that breaks it is read in full, and reported
      if (!targetAllowed(module, table, chainName)) return false;
      this.target = sharedPart(entry, true) as Target;
    } else this.scratchMatches[this.matchCount++] = sharedPart(entry, false) as Match;
    if (module === HASHLIMIT) this.hashlimit = true;
    if (this.canonical) this.canonical = wordsCanonical(entry, isTarget, raw, s, end);
    return true;
  }

  /**
   * The DNAT target of the words at w (`--to-destination RANGE`), or undefined when they are
   * anything else or the module would have something to report: those are read the common way.
   */
  readDnat(
    raw: string,
    w: number,
    memo: RuleMemo,
    protocol: string | undefined,
  ): DnatRead | undefined {
    const { starts, ends, quoted } = this.words;
    const module = registry.targets.get('DNAT');
    const s = starts[w]!;
    const vs = starts[w + 1]!;
    const ve = ends[w + 1]!;
    if (
      !module ||
      quoted[w] ||
      quoted[w + 1] ||
      ends[w]! - s !== TO_DESTINATION.length ||
      !textAt(raw, s, TO_DESTINATION) ||
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
      textAt(raw, vs, last.value)
    )
      return last;
    const value = raw.slice(vs, ve);
    // nearly always `ADDR:PORT` as iptables-save writes it: nothing to parse into new strings
    let range = memo.family === 'ipv4' ? plainNatRange(value) : undefined;
    let canonical = true;
    if (range === undefined) {
      const r = parseNatRange(value, memo.family);
      if (!r.ok || r.value.basePort === 0) return undefined;
      range = r.value;
      canonical = formatNatRange(range) === value;
    }
    if (range.minPort !== undefined && !portsAllowed) return undefined;
    const data: DnatData = asShared({ to: asShared(range), random: false, persistent: false });
    return (memo.lastDnat = {
      value,
      portsAllowed,
      module,
      target: asShared({ name: 'DNAT', kind: 'extension' as const, data }),
      canonical,
    });
  }

  /**
   * The comment match of the words at w (`comment --comment TEXT`, TEXT a word that is neither
   * empty nor starts with a dash), shared with the rules just before that wrote the same text;
   * undefined when the words are anything else or the module would have something to report (a
   * text over 255 bytes).
   */
  readComment(raw: string, w: number, memo: RuleMemo): CommentMatch | undefined {
    const { starts, ends, quoted } = this.words;
    const s = starts[w]!;
    const vs = starts[w + 2]!;
    if (
      quoted[w] ||
      quoted[w + 1] ||
      vs - s !== COMMENT_WORDS.length ||
      ends[w]! - s !== 7 ||
      ends[w + 1]! - starts[w + 1]! !== 9 ||
      !textAt(raw, s, COMMENT_WORDS)
    )
      return undefined;
    const from = quoted[w + 2] ? vs + 1 : vs;
    const to = quoted[w + 2] ? ends[w + 2]! - 1 : ends[w + 2]!;
    if (to <= from || raw.charCodeAt(from) === DASH) return undefined;
    // the same text as one of the two comments read last (an endpoint's rules follow each other):
    // no string. Not looked up further back: most texts a dump repeats, it repeats at once
    const last = memo.lastComment.again(raw, from, to);
    if (last !== undefined) return last;
    const text = raw.slice(from, to);
    if (text.length > COMMENT_MAX / 3 && utf8Length(text) > COMMENT_MAX) return undefined;
    const data: CommentData = asShared({ comment: text });
    const known = {
      text,
      match: asShared({ module: 'comment', data }),
      needsQuotes: needsQuotes(text),
    };
    return memo.lastComment.met(known, raw, from);
  }
}
