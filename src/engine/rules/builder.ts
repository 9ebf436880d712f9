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
import { markCanonicalSources } from './canonical.ts';
import { sameAt, textAt } from './text-at.ts';

export class RulesetBuilder {
  readonly diagnostics: Diagnostic[] = [];
  private readonly tables: Table[] = [];
  /** each table's chains by name, as where they stand in table.chains (which only grows): the
   * checks after the parse (validate.ts) use these rather than make their own */
  private readonly chainIndex = new Map<Table, Map<string, number>>();
  private table: Table | undefined;
  /** the current table's chains by name (looked up once per rule) */
  private chains: Map<string, number> | undefined;
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
  /** each table's jumps and gotos, noted as their rules come (validate.ts checks them) */
  private readonly jumps = new Map<Table, TableJumps>();
  private tableJumps: TableJumps | undefined;
  /** the chain whose ids idPrefix starts, and `table/CHAIN/` */
  private idChain: Chain | undefined;
  private idPrefix = '';
  /** chains a rule was inserted into (not appended): their rules are numbered again at the end */
  private readonly renumber = new Set<Chain>();
  /** where the chain declareChain returned last stands in its table's chains (-1: none) */
  declaredAt = -1;

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
      this.chainIndex.set(t, new Map());
      this.jumps.set(t, new TableJumps());
    }
    this.table = t;
    this.chains = this.chainIndex.get(t);
    this.tableJumps = this.jumps.get(t);
    this.lastChain = undefined;
    this.lastChainAt = -1;
    return t;
  }

  endTable(): void {
    this.table = undefined;
    this.chains = undefined;
    this.lastChain = undefined;
    this.tableJumps = undefined;
  }

  chain(name: string): Chain | undefined {
    const last = this.lastChain;
    if (last && last.name === name) return last;
    const at = this.chains?.get(name);
    if (at === undefined) return undefined;
    const found = this.table!.chains[at]!;
    this.lastChain = found;
    this.lastChainAt = at;
    return found;
  }

  /**
   * chain(line[start, end)), without making the name a string when it is the chain found last
   * or one of the next few declared: iptables-save lists the rules chain by chain in the order
   * it declared the chains (skipping the empty ones), so the next chain is nearly always there.
   */
  chainAt(line: string, start: number, end: number): Chain | undefined {
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
    if (chains) {
      const stop = Math.min(chains.length, this.lastChainAt + 4);
      for (let k = this.lastChainAt + 1; k < stop; k++) {
        const c = chains[k]!;
        if (c.name.length === length && textAt(line, start, c.name)) {
          this.lastChainAt = k;
          return this.found(line, start, (this.lastChain = c));
        }
      }
    }
    const c = this.chain(line.slice(start, end));
    return c === undefined ? undefined : this.found(line, start, c);
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
    const index = this.chains;
    this.declaredAt = -1;
    if (!t || !index) return undefined;
    // set first and look only when the name was there (the size did not grow): a declaration
    // is nearly always new, and a big dump has tens of thousands
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
    const chain: Chain = {
      name,
      builtin,
      policy: builtin ? (policy ?? 'ACCEPT') : null,
      rules: [],
      span,
    };
    if (counters) chain.counters = counters;
    t.chains.push(chain);
    this.declaredAt = at;
    return chain;
  }

  /**
   * Adds a rule to a chain, declaring the chain (with an error) when it was never declared.
   * `canonical`: the rule's source is exactly the line iptables-save prints for it (see canonical.ts).
   * `targetAt`: for a jump or goto, where its chain stands in the table when the caller knows
   * (-1: validate.ts looks it up).
   */
  addRule(
    chainName: string,
    rule: Omit<Rule, 'id' | 'index' | 'table' | 'chain'>,
    chainSpan: SourceSpan,
    position?: number,
    canonical = false,
    targetAt = -1,
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
    if (!canonical) this.notCanonical.add(chain);
    const target = full.target;
    if (target !== null && (target.kind === 'jump' || target.kind === 'goto'))
      this.tableJumps!.add(at, targetAt, full);
    const rules = chain.rules;
    const n = rules.length;
    if (position !== undefined && position <= n) {
      rules.splice(Math.max(0, position - 1), 0, full);
      this.renumber.add(chain);
      this.tableJumps!.inserted = true;
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
      this.idPrefix = `${t.name}/${chain.name}/`;
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
    validateRuleset(ruleset, this.diagnostics, (t) => ({
      positions: this.chainIndex.get(t)!,
      jumps: this.jumps.get(t)!,
    }));
    this.diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
    return { ruleset, diagnostics: this.diagnostics };
  }
}
