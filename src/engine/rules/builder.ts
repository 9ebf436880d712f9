/**
 * Collects tables, chains and rules while a parser reads its format, and settles ids, indexes
 * and the checks that need the whole ruleset (missing chains, loops) at the end. Shared by the
 * iptables-save, -S and -L parsers.
 */
import type { Diagnostic, DiagnosticCode, Severity, SourceSpan } from './diagnostics.ts';
import {
  isBuiltinChain,
  isTableName,
  type Chain,
  type DumpFormat,
  type Family,
  type Rule,
  type Ruleset,
  type Table,
} from './model.ts';
import { TableJumps, validateRuleset } from './validate.ts';
import { checkRulePlace } from './rule-place.ts';
import { HashlimitTables } from './hashlimit-tables.ts';
import { markCanonicalSources } from './canonical.ts';
import { sameAt, textAt } from './text-at.ts';

/** What the builder keeps of a table besides the Table itself. */
class TableState {
  /** chains by name → where they stand in table.chains (which only grows), for the chains up to
   * `indexed`: those declared with declareNewChain are entered only when a name is looked up */
  private readonly index = new Map<string, number>();
  private indexed = 0;
  /** its jumps and gotos, noted as their rules come (validate.ts checks them) */
  readonly jumps = new TableJumps();
  /** every user chain so far came through declareNewChain (see there) */
  newOnly = true;
  /** `table/CHAIN/`, the start of the ids of its rules, by where the chain stands: made once
   * per chain even when its rules are not listed together */
  readonly idPrefixes: string[] = [];
  /** where its built-in chains stand (five at most): a rule of one of them, met after rules of
   * other chains, finds it here, where the memo's names (user chains) do not have it, rather than
   * in the index, which a first lookup fills with every chain (tens of thousands in a big dump) */
  readonly builtins: number[] = [];

  constructor(readonly table: Table) {}

  /** The chains by name, all of them. */
  positions(): Map<string, number> {
    const chains = this.table.chains;
    for (let i = this.indexed; i < chains.length; i++) this.index.set(chains[i]!.name, i);
    this.indexed = chains.length;
    return this.index;
  }
}

export class RulesetBuilder {
  readonly diagnostics: Diagnostic[] = [];
  private readonly tables: Table[] = [];
  private readonly states = new Map<Table, TableState>();
  private table: Table | undefined;
  private state: TableState | undefined;
  /** the chain found last: a dump lists each chain's rules together */
  private lastChain: Chain | undefined;
  /** where chainAt found it in the table's chains (-1: not known) */
  private lastChainAt = -1;
  /** where chainAt last found a name in a text, and the chain it named there */
  private foundText = '';
  private foundFrom = -1;
  private foundChain: Chain | undefined;
  /** chains with a rule whose source line is not known to be its canonical iptables-save line */
  private readonly notCanonical = new Set<Chain>();
  /** the chain whose ids idPrefix starts, and `table/CHAIN/` */
  private idChain: Chain | undefined;
  private idPrefix = '';
  /** chains a rule was inserted into (not appended): their rules are numbered again at the end */
  private readonly renumber = new Set<Chain>();
  /** where the chain declareChain returned last stands in its table's chains (-1: none) */
  declaredAt = -1;
  /** the kernel's hashlimit tables the rules so far made */
  private readonly hashlimits = new HashlimitTables();

  constructor(
    readonly family: Family,
    readonly format: DumpFormat,
  ) {}

  report(
    code: DiagnosticCode,
    message: string,
    at: SourceSpan,
    severity: Severity = 'error',
  ): void {
    this.diagnostics.push({ code, severity, message, ...at });
  }

  get currentTable(): Table | undefined {
    return this.table;
  }

  /** Starts (or, when it was seen before, resumes) a table. */
  startTable(name: string, span: SourceSpan): Table {
    if (!isTableName(name))
      this.report(
        'unknown-table',
        `unknown table "${name}" (expected raw, mangle, nat, filter or security)`,
        span,
      );
    let t = this.tables.find((x) => x.name === name);
    if (!t) {
      t = { name, chains: [], span };
      this.tables.push(t);
      this.states.set(t, new TableState(t));
    } else {
      // resumed: a caller's own record of the names declared here may not know them all
      this.states.get(t)!.newOnly = false;
    }
    this.table = t;
    this.state = this.states.get(t);
    this.lastChain = undefined;
    this.lastChainAt = -1;
    return t;
  }

  endTable(): void {
    this.table = undefined;
    this.state = undefined;
    this.lastChain = undefined;
  }

  /** Whether declareNewChain may be used in this table: every user chain declared in it so far
   * was declared with it (so a caller that notes them all knows every name). */
  get canDeclareNew(): boolean {
    return this.state?.newOnly ?? false;
  }

  chain(name: string): Chain | undefined {
    const last = this.lastChain;
    if (last && last.name === name) return last;
    const at = this.state?.positions().get(name);
    if (at === undefined) return undefined;
    const found = this.table!.chains[at]!;
    this.lastChain = found;
    this.lastChainAt = at;
    return found;
  }

  /**
   * chain(line[start, end)), without making the name a string when it is the chain found last
   * or the next declared: iptables-save lists the rules chain by chain in the order it declared
   * the chains, so the next chain is nearly always there.
   * When it is not (rules not grouped by chain), `position` may tell where the chain stands in
   * the table's chains (-1: not known) without a string either; otherwise the name is sliced and
   * looked up.
   */
  chainAt(
    line: string,
    start: number,
    end: number,
    position?: (line: string, start: number, end: number) => number,
  ): Chain | undefined {
    const last = this.lastChain;
    const length = end - start;
    if (last && last.name.length === length) {
      // the rule before's chain, compared where the rule before named it when it can be
      if (
        last === this.foundChain && line === this.foundText
          ? sameAt(line, start, this.foundFrom, length)
          : textAt(line, start, last.name)
      )
        return this.found(line, start, last);
    }
    const chains = this.table?.chains;
    if (!chains) return undefined;
    // the next chain declared (a chain with no rules between is found by position or name)
    const next = this.lastChainAt + 1;
    const c = next < chains.length ? chains[next]! : undefined;
    if (c !== undefined && c.name.length === length && textAt(line, start, c.name))
      return this.foundAt(line, start, next);
    const at = position === undefined ? -1 : position(line, start, end);
    if (at >= 0 && at < chains.length) return this.foundAt(line, start, at);
    for (const b of this.state!.builtins) {
      const name = chains[b]!.name;
      if (name.length === length && textAt(line, start, name)) return this.foundAt(line, start, b);
    }
    const named = this.chain(line.slice(start, end));
    return named === undefined ? undefined : this.found(line, start, named);
  }

  /** Where the chain that chainAt or chain() found last stands in the current table's chains. */
  get foundChainAt(): number {
    return this.lastChainAt;
  }

  /** Where the chain chainAt finds stands in the current table's chains, or -1 when it has none. */
  chainPositionAt(
    line: string,
    start: number,
    end: number,
    position?: (line: string, start: number, end: number) => number,
  ): number {
    // chainAt leaves where it found the chain in lastChainAt, or keeps it when it is the last one
    return this.chainAt(line, start, end, position) === undefined ? -1 : this.lastChainAt;
  }

  private foundAt(line: string, start: number, at: number): Chain {
    this.lastChainAt = at;
    return this.found(line, start, (this.lastChain = this.table!.chains[at]!));
  }

  private found(line: string, start: number, chain: Chain): Chain {
    this.foundText = line;
    this.foundFrom = start;
    this.foundChain = chain;
    return chain;
  }

  declareChain(
    name: string,
    span: SourceSpan,
    policy: Chain['policy'],
    counters?: Chain['counters'],
  ): Chain | undefined {
    const t = this.table;
    const st = this.state;
    this.declaredAt = -1;
    if (!t || !st) return undefined;
    const index = st.positions();
    // set first and look only when the name was there (the size did not grow): a declaration
    // is nearly always new
    const size = index.size;
    const at = t.chains.length;
    index.set(name, at);
    if (index.size === size) {
      const was = t.chains.findIndex((c) => c.name === name);
      index.set(name, was);
      this.declaredAt = was;
      const existing = t.chains[was]!;
      if (existing.builtin && policy) {
        existing.policy = policy;
        if (counters) existing.counters = counters;
        return existing;
      }
      this.report('duplicate-chain', `chain ${name} is declared twice in table ${t.name}`, span);
      return existing;
    }
    const builtin = isBuiltinChain(t.name, name);
    if (!builtin) st.newOnly = false;
    return this.push(t, name, builtin, span, policy, counters);
  }

  /**
   * Declares a user chain the caller knows is not declared in the table yet (it notes every
   * name it declares, and canDeclareNew is true), without entering it in the table's index: a
   * big dump declares tens of thousands and the index is then seldom needed. Returns where it
   * stands in the table's chains.
   */
  declareNewChain(name: string, span: SourceSpan, counters?: Chain['counters']): number {
    this.push(this.table!, name, false, span, null, counters);
    return this.declaredAt;
  }

  private push(
    t: Table,
    name: string,
    builtin: boolean,
    span: SourceSpan,
    policy: Chain['policy'],
    counters: Chain['counters'] | undefined,
  ): Chain {
    const chain: Chain = {
      name,
      builtin,
      policy: builtin ? (policy ?? 'ACCEPT') : null,
      rules: [],
      span,
    };
    if (counters) chain.counters = counters;
    this.declaredAt = t.chains.length;
    if (builtin) this.state!.builtins.push(t.chains.length);
    t.chains.push(chain);
    return chain;
  }

  /**
   * Adds a rule to a chain, declaring the chain (with an error) when it was never declared.
   * `canonical`: the rule's source is exactly the line iptables-save prints for it (see canonical.ts).
   * `targetAt`: for a jump or goto, where its chain stands in the table when the caller knows
   * (-1: validate.ts looks it up).
   * `hashlimit`: false when the caller knows the rule has no hashlimit match, which spares the
   * table check a look at every match of every rule (most dumps have none).
   */
  addRule(
    chainName: string,
    rule: Omit<Rule, 'id' | 'index' | 'table' | 'chain'>,
    chainSpan: SourceSpan,
    position?: number,
    canonical = false,
    targetAt = -1,
    hashlimit = true,
  ): void {
    const t = this.table;
    if (!t) return;
    let chain = this.chain(chainName);
    let at: number;
    if (chain)
      at = this.lastChainAt; // chain() has just found it there
    else {
      // builtin chains of a known table exist even when the text never declared them
      if (!isBuiltinChain(t.name, chainName))
        this.report(
          'unknown-chain',
          `chain ${chainName} was not declared in table ${t.name}`,
          chainSpan,
        );
      chain = this.declareChain(chainName, rule.span, null)!;
      at = this.declaredAt;
    }
    const full = rule as Rule;
    full.table = t.name;
    full.chain = chain.name;
    if (checkRulePlace(full, t.name, chain.name, this.diagnostics)) full.invalid = true;
    if (hashlimit && this.hashlimits.check(full, this.diagnostics)) full.invalid = true;
    if (!canonical) this.notCanonical.add(chain);
    const target = full.target;
    if (target !== null && (target.kind === 'jump' || target.kind === 'goto'))
      this.state!.jumps.add(at, targetAt, full);
    const rules = chain.rules;
    const n = rules.length;
    if (position !== undefined && position <= n) {
      rules.splice(Math.max(0, position - 1), 0, full);
      this.renumber.add(chain);
      this.state!.jumps.inserted = true;
      return;
    }
    // a chain's first rules in an array of their own size: most chains of a big dump have one
    // to three rules, and the first push would make room for seventeen
    if (n === 0) chain.rules = [full];
    else if (n === 1) chain.rules = [rules[0]!, full];
    else if (n === 2) chain.rules = [rules[0]!, rules[1]!, full];
    else rules.push(full);
    // numbered now, while the rule is fresh in the cache, rather than in a pass over them all
    if (this.idChain !== chain) {
      this.idChain = chain;
      this.idPrefix = this.state!.idPrefixes[at] ??= `${t.name}/${chain.name}/`;
    }
    full.index = n + 1;
    full.id = this.idPrefix + (n + 1);
  }

  finish(): { ruleset: Ruleset; diagnostics: Diagnostic[] } {
    for (const t of this.tables)
      for (const c of t.chains) {
        if (!this.renumber.has(c)) continue;
        const prefix = `${t.name}/${c.name}/`;
        for (let i = 0; i < c.rules.length; i++) {
          const r = c.rules[i]!;
          r.index = i + 1;
          r.id = prefix + (i + 1);
        }
      }
    if (this.format === 'save')
      for (const t of this.tables) markCanonicalSources(t, this.notCanonical);
    const ruleset: Ruleset = { family: this.family, format: this.format, tables: this.tables };
    validateRuleset(ruleset, this.diagnostics, (t) => {
      const st = this.states.get(t)!;
      return { positions: () => st.positions(), jumps: st.jumps };
    });
    this.diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
    return { ruleset, diagnostics: this.diagnostics };
  }
}
