/**
 * One line of kube-proxy's restore input (the words after `-A CHAIN`) → the rule the engine's
 * parser would make of it, and the line iptables-save prints for it, without writing the line
 * out and reading it back. kube-proxy writes a small vocabulary (`-m comment`, `-m tcp -p tcp -d
 * IP --dport N`, `-m statistic`, `-j KUBE-SEP-…`, `-j DNAT --to-destination …`), and a big
 * cluster writes it 160,000 times: module words are read once (rule-parts.ts) and most rules
 * come as parts the proxier made once per endpoint or Service. Words this reader is not sure of
 * go to the full rule parser (parseRuleBody), diagnostics and all. node-ruleset.test.ts holds
 * the rules to what the parser reads from the same words.
 */
import {
  type Diagnostic,
  type Match,
  type RuleCore,
  type Target,
  parseRuleBody,
  ruleText,
  tokenize,
  asShared,
} from '../../rules/index.ts';
import { registry } from '../../modules/registry.ts';
import { CORE_FLAGS, EMPTY_CORE, readCore } from './restore-core.ts';
import {
  plainWord,
  restoreLine,
  takesOption,
  targetAllowed,
  type RulePart,
  type RuleWord,
} from './rule-part.ts';
import { RuleParts, type ModuleGroup } from './rule-parts.ts';

export { restoreLine, type RulePart, type RuleWord } from './rule-part.ts';

/** What a restore line becomes: the rule's parts. */
export interface RuleBody {
  core: RuleCore;
  matches: Match[];
  target: Target | null;
  invalid?: true;
}

/** A rule's parts and its iptables-save line. */
export interface ReadRule extends RuleBody {
  /** `-A CHAIN …` as iptables-save prints it */
  text: string;
}

const NO_MATCHES = Object.freeze([]) as readonly Match[] as Match[];

/**
 * The frozen list of two parts' matches, shared once a first part comes in a second pair: the
 * ten DNAT rules of a Service's endpoints all write its comment and `-m tcp`, while an
 * endpoint's own comment comes in one pair only and gets no map.
 */
function pairOf(first: RulePart, second: RulePart): Match[] {
  let pairs = first.pairs;
  if (pairs === undefined) {
    if (!first.paired) {
      first.paired = true;
      return asShared([first.match!, second.match!]) as Match[];
    }
    pairs = first.pairs = new Map();
  }
  let list = pairs.get(second);
  if (list === undefined)
    pairs.set(second, (list = asShared([first.match!, second.match!]) as Match[]));
  return list;
}

export class RestoreRuleReader extends RuleParts {
  /** Reads a rule of `table`/`chain`; rules the full parser reads report into `diagnostics`. */
  read(
    table: string,
    chain: string,
    args: readonly RuleWord[],
    line: number,
    diagnostics: Diagnostic[],
  ): ReadRule {
    const out: string[] = [`-A ${chain}`];
    const body = this.readInto(table, chain, args, line, diagnostics, out);
    return { ...body, text: out.join('') };
  }

  /**
   * Reads a rule and appends what iptables-save prints after its `-A CHAIN` to `out`, in
   * pieces, so that a whole ruleset's text is joined once.
   */
  readInto(
    table: string,
    chain: string,
    args: readonly RuleWord[],
    line: number,
    diagnostics: Diagnostic[],
    out: string[],
  ): RuleBody {
    return (
      this.readQuick(table, chain, args, out) ??
      this.readFull(table, chain, args, line, diagnostics, out)
    );
  }

  /**
   * Reads a rule the quick ways only (its parts, or its common words) into `out` as readInto
   * does; undefined, with `out` as it was, when it needs the full parser.
   */
  readQuick(
    table: string,
    chain: string,
    args: readonly RuleWord[],
    out: string[],
  ): RuleBody | undefined {
    const mark = out.length;
    let allParts = true;
    for (let i = 0; i < args.length && allParts; i++) allParts = typeof args[i] !== 'string';
    const body = allParts
      ? this.readParts(table, chain, args as readonly RulePart[], out)
      : this.readPlain(table, chain, args, out);
    if (body === undefined) out.length = mark;
    return body;
  }

  /** Reads a rule with the engine's full parser (reporting at `line`) into `out`. */
  readFull(
    table: string,
    chain: string,
    args: readonly RuleWord[],
    line: number,
    diagnostics: Diagnostic[],
    out: string[],
  ): RuleBody {
    const text = `-A ${chain} ${restoreLine(args)}`;
    const body = parseRuleBody({
      tokens: tokenize(text).tokens,
      start: 2,
      line,
      family: 'ipv4',
      table,
      chain,
      diagnostics,
    });
    const rule: RuleBody = { core: body.core, matches: body.matches, target: body.target };
    out.push(ruleText({ chain, ...rule }).slice(3 + chain.length));
    if (body.invalid) rule.invalid = true;
    return rule;
  }

  /** A rule made of parts only (most of a big cluster's rules), or undefined. */
  private readParts(
    table: string,
    chain: string,
    parts: readonly RulePart[],
    out: string[],
  ): RuleBody | undefined {
    let core = EMPTY_CORE;
    let protocol: string | undefined;
    for (const p of parts) {
      if (!p.plain) return undefined;
      if (p.core === undefined) continue;
      if (core !== EMPTY_CORE) return undefined; // two parts setting core options: read in full
      core = p.core;
      out.push(p.coreText ?? this.cores.text(core));
      protocol = core.protocol && !core.protocol.negated ? core.protocol.value : undefined;
    }
    let target: Target | null = null;
    let first: RulePart | undefined;
    let second: RulePart | undefined;
    let matches: Match[] | undefined;
    for (const p of parts) {
      if (p.match === undefined && p.target === undefined) continue;
      if (target !== null) return undefined; // nothing may follow the target
      if (p.context && p.context !== this.memo.modulesFor(table, chain, protocol)) return undefined;
      if (p.target !== undefined) {
        if (p.module && (p.protocol !== protocol || !targetAllowed(p.module, table, chain)))
          return undefined;
        target = p.target;
      } else if (first === undefined) first = p;
      else if (second === undefined) second = p;
      else (matches ??= [first.match!, second.match!]).push(p.match!);
      out.push(p.printed);
    }
    const list = matches
      ? (asShared(matches) as Match[])
      : second
        ? pairOf(first!, second)
        : first
          ? (first.alone ??= asShared([first.match!]) as Match[])
          : NO_MATCHES;
    return { core, matches: list, target };
  }

  /** The common line read from its words (and parts), or undefined to have it read in full. */
  private readPlain(
    table: string,
    chain: string,
    args: readonly RuleWord[],
    out: string[],
  ): RuleBody | undefined {
    let core: RuleCore = EMPTY_CORE;
    let protocol: string | undefined;
    const groups: (ModuleGroup | RulePart)[] = [];
    let bang = false;
    for (let i = 0; i < args.length; i++) {
      const w = args[i]!;
      if (typeof w !== 'string') {
        // parts with core options come only in rules of parts (readParts)
        if (bang || !w.plain || w.core !== undefined) return undefined;
        groups.push(w);
        continue;
      }
      if (w === '!') {
        if (bang) return undefined;
        bang = true;
        continue;
      }
      const flag = CORE_FLAGS.get(w);
      if (flag !== undefined) {
        const value = args[++i];
        if (typeof value !== 'string' || value === '!') return undefined;
        if (core === EMPTY_CORE) core = {};
        if (!readCore(this.memo, core, flag, value, bang)) return undefined;
        if (flag === 'p') protocol = bang ? undefined : core.protocol?.value;
        bang = false;
        const open = groups[groups.length - 1];
        if (open && 'interrupted' in open) open.interrupted = true;
        continue;
      }
      if (w === '-m' || w === '-j') {
        const name = args[++i];
        if (bang || typeof name !== 'string' || plainWord(name) !== name) return undefined;
        groups.push({ target: w === '-j', name, words: [], interrupted: false });
        continue;
      }
      const open = groups[groups.length - 1];
      if (!open || !('interrupted' in open) || plainWord(w) === undefined) return undefined;
      if (open.interrupted) {
        // iptables gives the option to the latest module that takes it: make sure that is this one
        const module = open.target
          ? registry.targets.get(open.name)
          : registry.matches.get(open.name);
        if (!takesOption(module, w)) return undefined;
        open.interrupted = false;
      }
      if (bang) open.words.push('!');
      bang = false;
      open.words.push(w);
    }
    if (bang) return undefined;

    out.push(this.cores.text(core));
    const matches: Match[] = [];
    let target: Target | null = null;
    for (const g of groups) {
      if (target !== null) return undefined; // nothing may follow the target
      if (!('interrupted' in g)) {
        if (g.context && g.context !== this.memo.modulesFor(table, chain, protocol))
          return undefined;
        if (g.target) {
          if (g.module && (g.protocol !== protocol || !targetAllowed(g.module, table, chain)))
            return undefined;
          target = g.target;
        } else if (g.match) matches.push(g.match);
        out.push(g.printed);
        continue;
      }
      if (g.target) {
        const t = this.target(g, table, chain, protocol);
        if (t === undefined) return undefined;
        target = t;
        out.push(this.printedTarget(t));
        continue;
      }
      const m = this.match(g, table, chain, protocol);
      if (m === undefined) return undefined;
      matches.push(m);
      out.push(this.printedMatch(m));
    }
    return { core, matches: asShared(matches) as Match[], target };
  }
}
