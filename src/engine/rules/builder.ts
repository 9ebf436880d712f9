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
import { validateRuleset } from './validate.ts';
import { markCanonicalSources } from './canonical.ts';
import { textAt } from './text-at.ts';

export class RulesetBuilder {
  readonly diagnostics: Diagnostic[] = [];
  private readonly tables: Table[] = [];
  private readonly chainIndex = new Map<Table, Map<string, Chain>>();
  private table: Table | undefined;
  /** the current table's chains by name (looked up once per rule) */
  private chains: Map<string, Chain> | undefined;
  /** the chain found last: a dump lists each chain's rules together */
  private lastChain: Chain | undefined;
  /** where chainAt found it in the table's chains (-1: not known) */
  private lastChainAt = -1;
  /** chains with a rule whose source line is not known to be its canonical iptables-save line */
  private readonly notCanonical = new Set<Chain>();

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
    }
    this.table = t;
    this.chains = this.chainIndex.get(t);
    this.lastChain = undefined;
    this.lastChainAt = -1;
    return t;
  }

  endTable(): void {
    this.table = undefined;
    this.chains = undefined;
    this.lastChain = undefined;
  }

  chain(name: string): Chain | undefined {
    const last = this.lastChain;
    if (last && last.name === name) return last;
    const found = this.chains?.get(name);
    if (found) this.lastChain = found;
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
    if (last && last.name.length === length && textAt(line, start, last.name)) return last;
    const chains = this.table?.chains;
    if (chains) {
      const stop = Math.min(chains.length, this.lastChainAt + 4);
      for (let k = this.lastChainAt + 1; k < stop; k++) {
        const c = chains[k]!;
        if (c.name.length === length && textAt(line, start, c.name)) {
          this.lastChainAt = k;
          return (this.lastChain = c);
        }
      }
    }
    const found = this.chain(line.slice(start, end));
    if (found && chains) this.lastChainAt = this.positionOf(found, chains);
    return found;
  }

  /** where a chain stands in its table's chains (remade only after chains were added) */
  private positions: Map<Chain, number> | undefined;
  private positionOf(chain: Chain, chains: readonly Chain[]): number {
    let p = this.positions;
    if (!p || p.size !== chains.length || !p.has(chain)) {
      p = this.positions = new Map();
      for (let i = 0; i < chains.length; i++) p.set(chains[i]!, i);
    }
    return p.get(chain) ?? -1;
  }

  declareChain(
    name: string,
    span: SourceSpan,
    policy: Chain['policy'],
    counters?: Chain['counters'],
  ): Chain | undefined {
    const t = this.table;
    if (!t) return undefined;
    const index = this.chainIndex.get(t)!;
    const existing = index.get(name);
    if (existing) {
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
    index.set(name, chain);
    t.chains.push(chain);
    return chain;
  }

  /**
   * Adds a rule to a chain, declaring the chain (with an error) when it was never declared.
   * `canonical`: the rule's source is exactly the line iptables-save prints for it (see canonical.ts).
   */
  addRule(
    chainName: string,
    rule: Omit<Rule, 'id' | 'index' | 'table' | 'chain'>,
    chainSpan: SourceSpan,
    position?: number,
    canonical = false,
  ): void {
    const t = this.table;
    if (!t) return;
    let chain = this.chain(chainName);
    if (!chain) {
      // builtin chains of a known table exist even when the text never declared them
      if (!isBuiltinChain(t.name, chainName))
        this.report(
          'unknown-chain',
          `chain ${chainName} was not declared in table ${t.name}`,
          chainSpan,
        );
      chain = this.declareChain(chainName, rule.span, null)!;
    }
    const full = rule as Rule;
    full.table = t.name;
    full.chain = chain.name;
    if (!canonical) this.notCanonical.add(chain);
    if (position === undefined || position > chain.rules.length) chain.rules.push(full);
    else chain.rules.splice(Math.max(0, position - 1), 0, full);
  }

  finish(): { ruleset: Ruleset; diagnostics: Diagnostic[] } {
    for (const t of this.tables) {
      // built-in chains are listed first, in iptables' own order, as iptables-save prints them
      for (const c of t.chains) {
        const prefix = `${t.name}/${c.name}/`;
        for (let i = 0; i < c.rules.length; i++) {
          const r = c.rules[i]!;
          r.index = i + 1;
          r.id = prefix + (i + 1);
        }
      }
    }
    if (this.format === 'save')
      for (const t of this.tables) markCanonicalSources(t, this.notCanonical);
    const ruleset: Ruleset = { family: this.family, format: this.format, tables: this.tables };
    validateRuleset(ruleset, this.diagnostics);
    this.diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
    return { ruleset, diagnostics: this.diagnostics };
  }
}
