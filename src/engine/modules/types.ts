/**
 * The contract every match and target module fulfils. A module parses the options that follow
 * `-m NAME` (or `-j NAME`) into its own plain-data form, prints that form back as iptables-save
 * and `iptables -L -n` show it, and explains it in one plain line; it also evaluates a packet
 * against that form (evaluate.ts says what it is given) and reads its own `iptables -L` text back
 * into option words (list-text.ts). One file per module holds all of it; match/index.ts and
 * target/index.ts list the modules.
 */
import type { Diagnostic, DiagnosticCode, SourceSpan, Family } from '../rules/model-face.ts';
import type { MatchEvaluator, TargetEvaluator } from './evaluate.ts';
import type { ListMatchReader, ListTargetReader } from './list-text.ts';

import type { Lang } from '../lang.ts';

export interface OptionSpec {
  /** canonical long name without the dashes, e.g. `dport` */
  name: string;
  /** other spellings iptables accepts, without dashes (`destination-port`, `dports`) */
  aliases?: readonly string[];
  /** how many words follow the option (0 for a flag) */
  args: 0 | 1 | 2;
  /** whether `! --opt` is allowed */
  negatable?: boolean;
  /**
   * iptables checks the rule's `-p` when it reads this option, so a `-p` written after the option
   * does not count (`-m multiport --dports 80 -p tcp` is refused)
   */
  protocolWhenRead?: true;
}

/** One option as written in a rule, before the module gives it meaning. */
export interface ParsedOption {
  /** the canonical name from the module's OptionSpec */
  name: string;
  negated: boolean;
  args: string[];
  span: SourceSpan;
}

export interface ModuleContext {
  family: Family;
  /** the rule's `-p` protocol, lower-case, if any */
  protocol: string | undefined;
  /** the table the rule is in (targets such as DNAT are valid only in some tables) */
  table: string;
  chain: string;
  /** where `-m NAME` / `-j NAME` stands: for problems no single option can be blamed for */
  span?: SourceSpan;
  /** reports a problem at an option's position; the module still returns its best data */
  report(
    code: DiagnosticCode,
    message: string,
    at: SourceSpan,
    severity?: Diagnostic['severity'],
  ): void;
}

/** What a module needs before it in the rule: a protocol, a table, chains. */
export interface ModuleNeeds {
  protocol?: readonly string[];
  tables?: readonly string[];
  chains?: readonly string[];
  /** options that always come with the module (`--hashlimit-name`) */
  always?: readonly (readonly string[])[];
  /** words the rule needs before the module (TCPMSS wants a SYN match) */
  before?: readonly string[];
}

/**
 * How the rule generator of the differential and property tests (samples/rule-lines.ts) writes
 * this module: what the rule needs around it, and values for its options (by option name), mostly
 * ones iptables takes. Without it the generator uses samples/option-values.ts, then generic values.
 */
export interface ModuleSamples {
  needs?: ModuleNeeds;
  values?: Readonly<Record<string, readonly string[]>>;
}

interface ModuleBase<D> {
  name: string;
  options: readonly OptionSpec[];
  samples?: ModuleSamples;
  /** turns the written options into the module's data, reporting bad values through ctx */
  parse(options: readonly ParsedOption[], ctx: ModuleContext): D;
  /** the words after `-m NAME` / `-j NAME` as iptables-save prints them (already quoted) */
  save(data: D): string[];
  /** the text `iptables -L -n` shows for this module in the trailing column */
  list(data: D): string;
  /** one plain line for the UI */
  explain(data: D, lang: Lang): string;
}

export interface MatchModule<D = unknown> extends ModuleBase<D> {
  kind: 'match';
  /** does the packet match? Without it the simulator reports the module as unknown */
  evaluate?: MatchEvaluator<D>;
  /** reads this module's part of an `iptables -L` row's trailing text back into option words */
  readList?: ListMatchReader;
}

export interface TargetModule<D = unknown> extends ModuleBase<D> {
  kind: 'target';
  /**
   * 'terminal' ends the walk of the table at this hook (ACCEPT-like or DROP-like);
   * 'continue' goes on with the next rule (MARK, LOG, …).
   */
  flow: 'terminal' | 'continue';
  /** tables the kernel allows the target in; undefined means any */
  tables?: readonly string[];
  /**
   * built-in chains (hooks) the kernel allows the target in; undefined means any. A user chain is
   * not checked: that depends on the chains that jump to it.
   */
  chains?: readonly string[];
  /** what the target does to the packet; without it the simulator reports it as unknown */
  evaluate?: TargetEvaluator<D>;
  /** reads the target's `iptables -L` text (its whole trailing text) back into option words */
  readList?: ListTargetReader;
}

export type AnyModule = MatchModule | TargetModule;

/** Erases a module's data type so modules of different data fit in one registry list. */
export function defineMatch<D>(m: Omit<MatchModule<D>, 'kind'>): MatchModule {
  return { kind: 'match', ...m } as unknown as MatchModule;
}

export function defineTarget<D>(m: Omit<TargetModule<D>, 'kind'>): TargetModule {
  return { kind: 'target', ...m } as unknown as TargetModule;
}

/** `! ` before a negated option's words, as iptables-save prints it. */
export function bang(negated: boolean): string[] {
  return negated ? ['!'] : [];
}
