/**
 * What one parse of a big dump remembers from rule to rule. kube-proxy writes the same words on
 * thousands of rules (`-m tcp --dport 80`, `-j KUBE-MARK-MASQ`, one Service's comment on each of
 * its rules, the same few addresses), and reading them once instead of every time is most of
 * what makes a 100,000-rule dump fast to parse and light to hold.
 *
 * A module's words are remembered by their exact text together with everything a module can see
 * besides its options: the table, the chain when it is built-in (user chains all look alike to a
 * module), and the protocol (`-p`) at that point of the rule. Only words that read cleanly, with
 * no diagnostic at all, are remembered, so a rule that needs a warning always gets its own, at
 * its own position. Rules then share one frozen data object: the model is not changed after the
 * parse.
 */
import type { AnyModule } from '../modules/types.ts';
import type { Cidr, Family } from './model.ts';
import { isBuiltinChain } from './model.ts';
import { formatCidr, parseCidr } from './address.ts';
import { normalizeProtocol } from './protocols.ts';

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
}

/** An address as read, and whether iptables-save prints it back as written. */
export interface MemoCidr {
  cidr: Cidr | undefined;
  canonical: boolean;
}

/** One context module words are read in: a table, a chain kind and a protocol (see modulesFor). */
export interface WordsContext {
  readonly table: string;
  readonly chain: string;
  readonly protocol: string | undefined;
}

type Known = ModuleWords | typeof NOT_CLEAN;

export class RuleMemo {
  private readonly cidrs = new Map<string, MemoCidr>();
  private readonly protocols = new Map<string, string | null>();
  /** table → chain (built-in) or '' (user) → protocol or '' → the context */
  private readonly contexts = new Map<string, Map<string, Map<string, WordsContext>>>();
  /** module words → what they read as anywhere, or in each context */
  private readonly words = new Map<string, ModuleWords | Map<WordsContext, Known>>();

  /** the module words read last at each place in a rule (first module, second …): the fast path
   * compares the next rule's words with these in place before it looks anything up */
  readonly slots: ({ key: string; context: WordsContext; entry: ModuleWords } | undefined)[] = [];

  /** the target name (`-j NAME`) read last, shared by the rules that name it again */
  lastTargetName = '';

  constructor(readonly family: Family) {}

  cidr(text: string): Cidr | undefined {
    return this.address(text).cidr;
  }

  address(text: string): MemoCidr {
    let c = this.cidrs.get(text);
    if (c === undefined) {
      const parsed = parseCidr(text, this.family);
      const cidr = parsed ? Object.freeze(parsed) : undefined;
      c = { cidr, canonical: cidr !== undefined && formatCidr(cidr) === text };
      this.cidrs.set(text, c);
    }
    return c;
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
    if (this.lastWords && table === this.lastTable && chain === this.lastChain && protocol === this.lastProtocol) return this.lastWords;
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
    if (!context) byProtocol.set(protocolKey, (context = { table, chain: chainKey, protocol }));
    return context;
  }

  /** What the module words read as in this context, if known. */
  find(key: string, context: WordsContext): Known | undefined {
    const known = this.words.get(key);
    return known instanceof Map ? known.get(context) : known;
  }

  remember(key: string, context: WordsContext, known: Known): void {
    if (known !== NOT_CLEAN && known.contextFree) {
      this.words.set(key, known);
      return;
    }
    let byContext = this.words.get(key);
    if (!(byContext instanceof Map)) this.words.set(key, (byContext = new Map()));
    byContext.set(context, known);
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
