/**
 * What one parse of a big dump remembers from rule to rule. kube-proxy writes the same words on
 * thousands of rules (`-m tcp --dport 80`, `-j KUBE-MARK-MASQ`, `-m statistic …`), and reading
 * them once instead of every time is most of what makes a 100,000-rule dump fast to parse and
 * light to hold.
 *
 * A module's words are remembered by their exact text together with everything a module can see
 * besides its options: the table, the chain when it is built-in (user chains all look alike to a
 * module), and the protocol (`-p`) at that point of the rule. Only words that read cleanly, with
 * no diagnostic at all, are remembered, so a rule that needs a warning always gets its own, at
 * its own position. Rules then share one data object: the model is not changed after the parse
 * (frozen under test: shared-part.ts).
 *
 * The fast path (save-fast-path.ts) goes further and shares whole parts of rules: one Match,
 * Target and core `{ value, negated }` for the rules that write the same module words, and the
 * matches list of the rule before when it is the same. Comments and addresses, which a dump
 * mostly writes once or twice far apart, are shared only with the two read last: a table of
 * every one met cost more than reading the far repeats again (the parser's figures in npm run bench).
 */
import type { AnyModule } from '../modules/types.ts';
import type { Cidr, Family, Match, Negatable, RuleCore, Target } from './model.ts';
import { isBuiltinChain } from './model.ts';
import { formatCidr, numbersRespelled, parseCidr, plainIPv4Cidr } from './address.ts';
import { normalizeProtocol } from './protocols.ts';
import { LastTwoWords, LastWord } from './text-at.ts';
import { TextTable, hashOf } from './text-table.ts';
import { asShared } from './shared-part.ts';
import { ModuleWordsReader } from './module-words.ts';

/** Marks module words that needed a diagnostic in some context: they are read again each time. */
export const NOT_CLEAN: unique symbol = Symbol('not clean');

/** A module's words read once: the module they name and the (frozen) data they parse to. */
export interface ModuleWords {
  module: AnyModule;
  data: unknown;
  /** the module read none of the context (protocol, table, chain): the words mean this anywhere */
  contextFree: boolean;
  /** whether iptables-save prints the data back as exactly these words (worked out on first use) */
  canonical: boolean | undefined;
  /** the frozen Match (or Target) the fast path gives every rule with these words */
  shared: Match | Target | undefined;
}

/** An address as read, and whether iptables-save prints it back as written. */
export interface MemoCidr {
  /** the address as written */
  word: string;
  cidr: Cidr | undefined;
  canonical: boolean;
  /** `-s ADDR` and `! -s ADDR`, shared by the rules that write them */
  plain: Negatable<Cidr> | undefined;
  negated: Negatable<Cidr> | undefined;
}

/** A `-m comment` read in place by the fast path, and the value word iptables-save prints for it. */
export interface CommentMatch {
  text: string;
  match: Match;
  /** whether iptables-save prints the text in quotes */
  needsQuotes: boolean;
}

/** A `-j DNAT --to-destination VALUE` read in place by the fast path. */
export interface DnatRead {
  value: string;
  /** whether the rule's protocol has ports (a port in VALUE needs one) */
  portsAllowed: boolean;
  module: AnyModule;
  target: Target;
  /** whether iptables-save prints VALUE back as written */
  canonical: boolean;
}

/** A `-j NAME` / `-g NAME` name met by the fast path, and the targets it reads as. */
export interface NamedTarget {
  name: string;
  /** a target module of the registry (DNAT, MARK …) rather than a verdict or a chain */
  extension: boolean;
  /** `-j NAME` and `-g NAME` as verdict or chain targets, shared by the rules that write them */
  jump: Target | undefined;
  goto: Target | undefined;
  /** the table that declared a user chain of this name last, and where the chain stands in it
   * (the checks after the parse then need not look the chain up: validate.ts) */
  table: string | undefined;
  position: number;
}

const EMPTY_MATCHES: readonly Match[] = Object.freeze([]);

/** One frozen `{ value, negated }` per value and sign. */
class SharedNegatables<T> {
  private readonly plain = new Map<T, Negatable<T>>();
  private readonly negated = new Map<T, Negatable<T>>();

  get(value: T, negated: boolean): Negatable<T> {
    const map = negated ? this.negated : this.plain;
    let n = map.get(value);
    if (n === undefined) map.set(value, (n = Object.freeze({ value, negated })));
    return n;
  }
}

/** One context module words are read in: a table, a chain kind and a protocol (see modulesFor). */
export interface WordsContext {
  readonly table: string;
  readonly chain: string;
  readonly protocol: string | undefined;
  /** the words that read differently in other contexts, as they read in this one */
  readonly words: Map<string, ModuleWords | typeof NOT_CLEAN>;
  /** the same, found where they stand in a text (see findAt) */
  readonly wordsAt: TextTable<ModuleWords | typeof NOT_CLEAN>;
}

type Known = ModuleWords | typeof NOT_CLEAN;

export class RuleMemo {
  private readonly cidrs = new TextTable<MemoCidr>();
  private readonly lastAddresses = new LastTwoWords<MemoCidr>((c) => c.word);
  private readonly protocols = new Map<string, string | null>();
  /** table → chain (built-in) or '' (user) → protocol or '' → the context */
  private readonly contexts = new Map<string, Map<string, Map<string, WordsContext>>>();
  /** module words → what they read as anywhere (the rest are kept by their context) */
  private readonly words = new Map<string, ModuleWords>();
  private readonly wordsAt = new TextTable<ModuleWords>();

  /** the module words read last at each place in a rule (first module, second …): the fast path
   * compares the next rule's words with these in place before it looks anything up */
  readonly slots: (
    | {
        /** the words, when they were made a string (otherwise compared only in `text`) */
        key: string | undefined;
        length: number;
        context: WordsContext;
        entry: ModuleWords;
        /** where the words stood last: compared there, in the same text, when they can be */
        text: string;
        at: number;
      }
    | undefined
  )[] = [];

  /** `-m comment --comment TEXT`: the two texts read last in place by the fast path (a text
   * met before that makes a match of its own) */
  readonly lastComment = new LastTwoWords<CommentMatch>((c) => c.text);

  /** the DNAT target read last in place, shared with the next rule if it writes the same */
  lastDnat: DnatRead | undefined;

  /** where the fast path's split next meets each character it cannot handle (save-fast-path.ts) */
  readonly nextUnsplittable: number[] = [-1, -1, -1, -1];
  /** and where it next meets a double quote, searching from quoteSearchedFrom */
  nextQuote = -1;
  quoteSearchedFrom = 0;

  /** `-j NAME` / `-g NAME` names by name (user chains entered as they are declared) */
  readonly targetNames = new TextTable<NamedTarget>();
  /** the one read last, tried before the map */
  readonly lastNamed = new LastWord<NamedTarget>((t) => t.name);

  /** the `-p` word read last */
  lastProtocolText = '';

  /** `-i`/`-o` interfaces and `-p` protocols, shared by the rules that write them */
  readonly interfaces = new SharedNegatables<string>();
  readonly protocolValues = new SharedNegatables<string>();
  private readonly chainTargets = new Map<string, Target>();
  private readonly protocolCores = new Map<Negatable<string>, RuleCore>();
  /** the matches list made last */
  private lastMatches: readonly Match[] = EMPTY_MATCHES;

  /** reads new module words (learn) */
  private readonly moduleWords = new ModuleWordsReader();

  constructor(readonly family: Family) {}

  cidr(text: string): Cidr | undefined {
    return this.address(text).cidr;
  }

  address(text: string): MemoCidr {
    let c = this.cidrs.get(text, 0, text.length);
    if (c === undefined) this.cidrs.set(text, (c = this.readAddress(text)), true);
    return c;
  }

  /**
   * address(text.slice(from, to)) for the save parser's fast path, without the slice when the
   * address is one of the two read last (a KUBE-SVC chain's rules write the pod range, then the
   * Service's address). Not looked up further back: most addresses of a big dump are written
   * once or twice, far apart, and a table of them cost more than reading the few twice.
   */
  addressAt(text: string, from: number, to: number): MemoCidr {
    const again = this.lastAddresses.again(text, from, to);
    if (again !== undefined) return again;
    return this.lastAddresses.met(this.readAddress(text.slice(from, to)), text, from);
  }

  private readAddress(word: string): MemoCidr {
    // most addresses of a dump are written as iptables-save writes them: read in place
    const plain = this.family === 'ipv4' ? plainIPv4Cidr(word, 0, word.length) : undefined;
    let cidr: Cidr | undefined;
    let canonical: boolean;
    if (plain !== undefined) {
      cidr = asShared(plain.cidr);
      canonical = plain.canonical;
    } else {
      // a number in octal or hex is read by the full reader, which warns about it
      const parsed = numbersRespelled(word) ? undefined : parseCidr(word, this.family);
      cidr = parsed ? asShared(parsed) : undefined;
      canonical = cidr !== undefined && formatCidr(cidr) === word;
    }
    return { word, cidr, canonical, plain: undefined, negated: undefined };
  }

  /** The frozen `{ value: cidr, negated }` of an address read by address() (`cidr` is its cidr). */
  coreAddress(address: MemoCidr, cidr: Cidr, negated: boolean): Negatable<Cidr> {
    if (negated) return (address.negated ??= asShared({ value: cidr, negated: true }));
    return (address.plain ??= asShared({ value: cidr, negated: false }));
  }

  /** The frozen target of a verdict or a chain (no words of its own): `-j ACCEPT`, `-g KUBE-X`. */
  chainTarget(name: string, kind: Target['kind']): Target {
    const key = kind === 'goto' ? `-g ${name}` : name; // a name is either a verdict or a chain
    let t = this.chainTargets.get(key);
    if (t === undefined)
      this.chainTargets.set(key, (t = Object.freeze({ name, kind, data: null })));
    return t;
  }

  /** The frozen core of the rules whose one core option is this `-p` (shared by all of them). */
  protocolCore(protocol: Negatable<string>): RuleCore {
    let core = this.protocolCores.get(protocol);
    if (core === undefined) this.protocolCores.set(protocol, (core = Object.freeze({ protocol })));
    return core;
  }

  /**
   * The frozen list of the first `count` of `matches` (shared matches): the rule before's when it
   * has the very same, else a new one. (A table of every sequence seen cost more than it saved:
   * kube-proxy writes a new comment on nearly every few rules, so few sequences come back later.)
   */
  matchList(matches: readonly Match[], count = matches.length): readonly Match[] {
    if (count === 0) return EMPTY_MATCHES;
    const last = this.lastMatches;
    if (last.length === count) {
      let same = true;
      for (let i = 0; i < count; i++) if (last[i] !== matches[i]) same = false;
      if (same) return last;
    }
    // a literal for the usual one to three matches: made in place, where slice() is a call
    const list =
      count === 1
        ? [matches[0]!]
        : count === 2
          ? [matches[0]!, matches[1]!]
          : count === 3
            ? [matches[0]!, matches[1]!, matches[2]!]
            : matches.slice(0, count);
    return (this.lastMatches = asShared(list));
  }

  protocol(text: string): string | undefined {
    let p = this.protocols.get(text);
    if (p === undefined) {
      p = normalizeProtocol(text, this.family) ?? null;
      this.protocols.set(text, p);
    }
    return p ?? undefined;
  }

  // the context asked for last: most rules ask for the same one as the rule before
  private lastTable = '';
  private lastChain = '';
  private lastProtocol: string | undefined;
  private lastWords: WordsContext | undefined;

  /** The context for a rule's modules (the same object for the same context). */
  modulesFor(table: string, chain: string, protocol: string | undefined): WordsContext {
    if (
      this.lastWords &&
      table === this.lastTable &&
      chain === this.lastChain &&
      protocol === this.lastProtocol
    )
      return this.lastWords;
    this.lastTable = table;
    this.lastChain = chain;
    this.lastProtocol = protocol;
    return (this.lastWords = this.lookup(table, chain, protocol));
  }

  private lookup(table: string, chain: string, protocol: string | undefined): WordsContext {
    let byChain = this.contexts.get(table);
    if (!byChain) this.contexts.set(table, (byChain = new Map()));
    const chainKey = isBuiltinChain(table, chain) ? chain : '';
    let byProtocol = byChain.get(chainKey);
    if (!byProtocol) byChain.set(chainKey, (byProtocol = new Map()));
    const protocolKey = protocol ?? '';
    let context = byProtocol.get(protocolKey);
    if (!context)
      byProtocol.set(
        protocolKey,
        (context = {
          table,
          chain: chainKey,
          protocol,
          words: new Map(),
          wordsAt: new TextTable<Known>(),
        }),
      );
    return context;
  }

  /** What the module words read as in this context, if known. */
  find(key: string, context: WordsContext): Known | undefined {
    return this.words.get(key) ?? context.words.get(key);
  }

  /** find(text.slice(from, to), context), without the slice: the fast path looks up words that
   * come back a few rules later (`statistic --probability P` as each Service spreads its load) */
  findAt(text: string, from: number, to: number, context: WordsContext): Known | undefined {
    const h = hashOf(text, from, to);
    return (
      this.wordsAt.getHashed(text, from, to, h) ?? context.wordsAt.getHashed(text, from, to, h)
    );
  }

  /**
   * What the module words `key` read as in this context, read now by the reference reader
   * (rule-parser.ts) and remembered; undefined (remembered as NOT_CLEAN) when they need a
   * diagnostic there, which only a read of the whole rule gives at its position.
   */
  learn(key: string, context: WordsContext, chain: string): ModuleWords | undefined {
    const read = this.moduleWords.read(key, this.family, context.table, chain, context.protocol);
    const entry: ModuleWords | undefined = read && {
      module: read.module,
      data: deepFreeze(read.data),
      contextFree: read.contextFree,
      canonical: undefined,
      shared: undefined,
    };
    this.remember(key, context, entry ?? NOT_CLEAN);
    return entry;
  }

  private remember(key: string, context: WordsContext, known: Known): void {
    // one map per context rather than one per words: most words are written once
    if (known !== NOT_CLEAN && known.contextFree) {
      this.words.set(key, known);
      this.wordsAt.set(key, known);
    } else {
      context.words.set(key, known);
      context.wordsAt.set(key, known);
    }
  }
}

/** Freezes parsed module data, nested objects and arrays included, before rules share it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    // for…in, not Object.values: no array per object (module data is plain objects and arrays)
    for (const k in value) {
      const v = value[k];
      if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) deepFreeze(v);
    }
  }
  return value;
}
