/**
 * One line of kube-proxy's restore input (the words after `-A CHAIN`) → the rule the engine's
 * parser would make of it, and the line iptables-save prints for it, without writing the line
 * out and reading it back. kube-proxy writes a small vocabulary (`-m comment`, `-m tcp -p tcp -d
 * IP --dport N`, `-m statistic`, `-j KUBE-SEP-…`, `-j DNAT --to-destination …`), and a big
 * cluster writes it 160,000 times: the parts come from the parser's own memo (RuleMemo and
 * rememberModuleWords), frozen as the parser freezes them, so the rules are the ones a parse would
 * give; the proxier hands the words it writes per endpoint as parts it made once (RulePart). Words
 * this reader is not sure of go to the full rule parser (parseRuleBody), diagnostics and all.
 * node-ruleset.test.ts holds the rules to what the parser reads from the same words.
 */
import { formatCidr } from '../rules/address.ts';
import type { Diagnostic } from '../rules/diagnostics.ts';
import type { Cidr, Match, Negatable, RuleCore, Target } from '../rules/model.ts';
import { isBuiltinChain } from '../rules/model.ts';
import {
  deepFreeze,
  NOT_CLEAN,
  RuleMemo,
  type ModuleWords,
  type WordsContext,
} from '../rules/rule-memo.ts';
import { isInterfaceName, parseRuleBody, rememberModuleWords } from '../rules/rule-parser.ts';
import { matchWords, ruleText, targetWords } from '../rules/rule-printer.ts';
import { quoteWord, tokenize } from '../rules/tokenize.ts';
import { COMMENT_MAX } from '../modules/match/comment.ts';
import { utf8Length } from '../modules/values.ts';
import { natPortsAllowed, parseNatRange } from '../modules/target/nat-range.ts';
import { isStandardTarget, registry } from '../modules/registry.ts';
import type { AnyModule } from '../modules/types.ts';

/**
 * A module's words whose meaning the proxier already has in hand (a Service's comment, the jump
 * to an endpoint's chain, its DNAT): read once when made, then put in every rule that writes them
 * without a lookup. Big clusters write most rules from a few such parts per endpoint.
 */
export interface RulePart {
  /** the words as kube-proxy writes them (for the restore text and the full parser) */
  words: readonly string[];
  /** the words as iptables-save prints them ('' when the part must be read in full) */
  printed: string;
  match?: Match;
  target?: Target;
  /** a target the kernel allows only in some chains, and the protocol it was read for */
  module?: AnyModule;
  protocol?: string;
  /** the context (table, chain kind, protocol) a module's words were read in */
  context?: WordsContext;
}

/** One word of a restore line, or a part standing for several. */
export type RuleWord = string | RulePart;

/** The restore words of a rule: the parts written out. */
export function restoreWords(args: readonly RuleWord[]): string[] {
  const out: string[] = [];
  for (const a of args)
    if (typeof a === 'string') out.push(a);
    else out.push(...a.words);
  return out;
}

/** What a restore line becomes: the rule's parts and its iptables-save line. */
export interface ReadRule {
  core: RuleCore;
  matches: Match[];
  target: Target | null;
  /** `-A CHAIN …` as iptables-save prints it */
  text: string;
  invalid?: true;
}

type CoreFlag = 's' | 'd' | 'i' | 'o' | 'p';
const CORE_FLAGS: ReadonlyMap<string, CoreFlag> = new Map([
  ['-s', 's'],
  ['-d', 'd'],
  ['-i', 'i'],
  ['-o', 'o'],
  ['-p', 'p'],
]);

const EMPTY_CORE: RuleCore = Object.freeze({});

/** One `-m NAME …` or `-j NAME …` with the words given to it so far. */
interface Group {
  target: boolean;
  name: string;
  words: string[];
  /** a core option came between the module and some of its words (`-m tcp -p tcp --dport`) */
  interrupted: boolean;
}

function takesOption(module: AnyModule | undefined, word: string): boolean {
  if (module === undefined || !word.startsWith('--')) return false;
  const name = word.slice(2);
  return module.options.some((o) => o.name === name || o.aliases?.includes(name) === true);
}

/** Whether the kernel allows the target in this table and chain (as the parser checks it). */
function targetAllowed(module: AnyModule, table: string, chain: string): boolean {
  if (module.kind !== 'target') return false;
  if (module.tables && !module.tables.includes(table)) return false;
  return !(module.chains && isBuiltinChain(table, chain) && !module.chains.includes(chain));
}

/** The text of a double-quoted or bare word, or undefined when it has quotes or escapes inside. */
function plainWord(w: string): string | undefined {
  if (w.length >= 2 && w.charCodeAt(0) === 34 && w.charCodeAt(w.length - 1) === 34) {
    const inner = w.slice(1, -1);
    return /["'\\]/.test(inner) ? undefined : inner;
  }
  return /["'\\\s]/.test(w) ? undefined : w;
}

export class RestoreRuleReader {
  private readonly memo = new RuleMemo('ipv4');
  /** the printed words of each shared part (`-m tcp --dport 80`, `-d 10.96.0.1/32` …) */
  private readonly printed = new Map<object, string>();
  private readonly comments = new Map<string, Match>();
  private readonly dnats = new Map<string, Target>();

  /** Reads a rule of `table`/`chain`; rules the full parser reads report into `diagnostics`. */
  read(
    table: string,
    chain: string,
    args: readonly RuleWord[],
    line: number,
    diagnostics: Diagnostic[],
  ): ReadRule {
    return (
      this.readPlain(table, chain, args) ?? this.readFull(table, chain, args, line, diagnostics)
    );
  }

  private readFull(
    table: string,
    chain: string,
    args: readonly RuleWord[],
    line: number,
    diagnostics: Diagnostic[],
  ): ReadRule {
    const text = `-A ${chain} ${restoreWords(args).join(' ')}`;
    const body = parseRuleBody({
      tokens: tokenize(text).tokens,
      start: 2,
      line,
      family: 'ipv4',
      table,
      chain,
      diagnostics,
      memo: this.memo,
      text,
    });
    const rule: ReadRule = {
      core: body.core,
      matches: body.matches,
      target: body.target,
      text: ruleText({ chain, core: body.core, matches: body.matches, target: body.target }),
    };
    if (body.invalid) rule.invalid = true;
    return rule;
  }

  /** The common line read from the memo, or undefined to have it read in full. */
  private readPlain(table: string, chain: string, args: readonly RuleWord[]): ReadRule | undefined {
    let core: RuleCore = EMPTY_CORE;
    let protocol: string | undefined;
    const groups: (Group | RulePart)[] = [];
    let bang = false;
    for (let i = 0; i < args.length; i++) {
      const w = args[i]!;
      if (typeof w !== 'string') {
        if (bang || w.printed === '') return undefined;
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
        if (!this.readCore(core, flag, value, bang)) return undefined;
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

    let text = `-A ${chain}${this.coreText(core)}`;
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
        text += ` ${g.printed}`;
        continue;
      }
      if (g.target) {
        const t = this.target(g, table, chain, protocol);
        if (t === undefined) return undefined;
        target = t;
        text += ` ${this.printedTarget(t)}`;
        continue;
      }
      const m = this.match(g, table, chain, protocol);
      if (m === undefined) return undefined;
      matches.push(m);
      text += ` ${this.printedMatch(m)}`;
    }
    return { core, matches: Object.freeze(matches) as Match[], target, text };
  }

  private readCore(core: RuleCore, flag: CoreFlag, value: string, negated: boolean): boolean {
    const memo = this.memo;
    switch (flag) {
      case 's':
      case 'd': {
        const address = memo.address(value);
        const cidr = address.cidr;
        if (!cidr) return false;
        // iptables drops `-s 0.0.0.0/0`
        if (cidr.prefix !== 0 || negated)
          core[flag === 's' ? 'source' : 'destination'] = memo.coreAddress(address, cidr, negated);
        return true;
      }
      case 'i':
      case 'o':
        if (!isInterfaceName(value)) return false;
        core[flag === 'i' ? 'inInterface' : 'outInterface'] = memo.interfaces.get(value, negated);
        return true;
      case 'p': {
        const proto = memo.protocol(value);
        if (proto === undefined) return false;
        if (proto !== 'all' || negated) core.protocol = memo.protocolValues.get(proto, negated);
        return true;
      }
    }
  }

  /** The core options in iptables' order, each with the space before it. */
  private coreText(core: RuleCore): string {
    if (core === EMPTY_CORE) return '';
    let s = '';
    const part = (flag: string, v: Negatable<unknown> | undefined, show: () => string): void => {
      if (v) s += `${v.negated ? ' ! ' : ' '}${flag} ${show()}`;
    };
    part('-s', core.source, () => this.cidrText(core.source!));
    part('-d', core.destination, () => this.cidrText(core.destination!));
    part('-i', core.inInterface, () => core.inInterface!.value);
    part('-o', core.outInterface, () => core.outInterface!.value);
    part('-p', core.protocol, () => core.protocol!.value);
    return s;
  }

  private cidrText(v: Negatable<Cidr>): string {
    let t = this.printed.get(v);
    if (t === undefined) this.printed.set(v, (t = formatCidr(v.value)));
    return t;
  }

  private match(
    g: Group,
    table: string,
    chain: string,
    protocol: string | undefined,
  ): Match | undefined {
    if (g.name === 'comment' && g.words.length === 2 && g.words[0] === '--comment')
      return this.comment(g.words[1]!);
    const entry = this.moduleWords(`-m ${g.name}`, g, table, chain, protocol);
    if (!entry || entry.module.kind !== 'match') return undefined;
    return (entry.shared ??= Object.freeze({
      module: entry.module.name,
      data: entry.data,
    })) as Match;
  }

  private target(
    g: Group,
    table: string,
    chain: string,
    protocol: string | undefined,
  ): Target | undefined {
    if (!registry.targets.has(g.name)) {
      // a chain or a verdict: no words of its own
      if (g.words.length > 0) return undefined;
      return this.memo.chainTarget(g.name, isStandardTarget(g.name) ? 'builtin' : 'jump');
    }
    if (g.name === 'DNAT' && g.words.length === 2 && g.words[0] === '--to-destination') {
      const t = this.dnat(g.words[1]!, protocol);
      if (t === undefined) return undefined;
      const module = registry.targets.get('DNAT')!;
      return targetAllowed(module, table, chain) ? t : undefined;
    }
    const entry = this.moduleWords(`-j ${g.name}`, g, table, chain, protocol);
    if (!entry || !targetAllowed(entry.module, table, chain)) return undefined;
    return (entry.shared ??= Object.freeze({
      name: entry.module.name,
      kind: 'extension' as const,
      data: entry.data,
    })) as Target;
  }

  /** A module's words read once per context by the parser's own reader (see RuleMemo). */
  private moduleWords(
    head: string,
    g: Group,
    table: string,
    chain: string,
    protocol: string | undefined,
  ): ModuleWords | undefined {
    const memo = this.memo;
    const key = g.words.length ? `${head} ${g.words.join(' ')}` : head;
    const context = memo.modulesFor(table, chain, protocol);
    const known = memo.find(key, context);
    if (known === NOT_CLEAN) return undefined;
    return known ?? rememberModuleWords(memo, key, context, chain);
  }

  /** `-m comment --comment TEXT`: one shared match per text, as the parser's fast path makes it. */
  private comment(word: string): Match | undefined {
    let m = this.comments.get(word);
    if (m !== undefined) return m;
    const part = this.commentPart(word, word);
    if (!part.match) return undefined;
    this.comments.set(word, (m = part.match));
    this.printed.set(m, part.printed);
    return m;
  }

  /**
   * `-m comment --comment TEXT` as a part; `word` is the text as kube-proxy writes it (quoted if
   * it has blanks). A text the comment module would report on is left to the full parser.
   */
  commentPart(text: string, word = /\s/.test(text) ? `"${text}"` : text): RulePart {
    const words = ['-m', 'comment', '--comment', word];
    const plain = plainWord(word);
    if (
      plain === undefined ||
      plain === '' ||
      plain.startsWith('-') ||
      utf8Length(plain) > COMMENT_MAX
    )
      return { words, printed: '' };
    const match = Object.freeze({ module: 'comment', data: Object.freeze({ comment: plain }) });
    return { words, printed: `-m comment --comment ${quoteWord(plain)}`, match };
  }

  /** `-j DNAT --to-destination ADDR:PORT` as the parser's fast path reads it, or undefined. */
  private dnat(value: string, protocol: string | undefined): Target | undefined {
    const portsAllowed = natPortsAllowed({ protocol });
    const key = portsAllowed ? value : `${value} noports`;
    let t = this.dnats.get(key);
    if (t === undefined) {
      t = dnatTarget(value, portsAllowed);
      if (t) this.dnats.set(key, t);
    }
    return t;
  }

  /** A match module's words (`-m statistic …`) as a part, read for rules of this context. */
  matchPart(words: string[], table: string, chain: string, protocol?: string): RulePart {
    const [flag, name, ...rest] = words;
    if (flag !== '-m' || name === undefined) return { words, printed: '' };
    const group: Group = { target: false, name, words: rest, interrupted: false };
    const match = this.match(group, table, chain, protocol);
    if (!match) return { words, printed: '' };
    const context = this.memo.modulesFor(table, chain, protocol);
    return { words, printed: this.printedMatch(match), match, context };
  }

  /** `-j CHAIN` as a part. */
  jumpPart(chain: string): RulePart {
    const target = this.memo.chainTarget(chain, isStandardTarget(chain) ? 'builtin' : 'jump');
    return { words: ['-j', chain], printed: `-j ${chain}`, target };
  }

  /** `-j DNAT --to-destination ENDPOINT` as a part, for rules with this protocol (`-p`). */
  dnatPart(endpoint: string, protocol: string): RulePart {
    const words = ['-j', 'DNAT', '--to-destination', endpoint];
    const target = dnatTarget(endpoint, natPortsAllowed({ protocol }));
    const module = registry.targets.get('DNAT');
    if (!target || !module) return { words, printed: '' };
    return { words, printed: targetWords(target).join(' '), target, module, protocol };
  }

  private printedMatch(m: Match): string {
    let t = this.printed.get(m);
    if (t === undefined) this.printed.set(m, (t = matchWords(m).join(' ')));
    return t;
  }

  private printedTarget(target: Target): string {
    let t = this.printed.get(target);
    if (t === undefined) this.printed.set(target, (t = targetWords(target).join(' ')));
    return t;
  }
}

function dnatTarget(value: string, portsAllowed: boolean): Target | undefined {
  const r = parseNatRange(value, 'ipv4');
  if (!r.ok || r.value.basePort === 0 || value.startsWith('-')) return undefined;
  if (r.value.minPort !== undefined && !portsAllowed) return undefined;
  return Object.freeze({
    name: 'DNAT',
    kind: 'extension' as const,
    data: deepFreeze({ to: r.value, random: false, persistent: false }),
  });
}
