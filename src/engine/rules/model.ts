/**
 * The ruleset model: tables → chains → rules. Plain data only (structured-clone and JSON
 * friendly), so it crosses the worker boundary and prints as the CLI's JSON unchanged.
 */
import type { Diagnostic, SourceSpan } from './diagnostics.ts';

export type Family = 'ipv4' | 'ipv6';
export type DumpFormat = 'save' | 'S' | 'L';
export const BUILTIN_TABLES = ['raw', 'mangle', 'nat', 'filter', 'security'] as const;
export type TableName = (typeof BUILTIN_TABLES)[number];

/** Built-in chains of each table, in the order iptables-save lists them. */
export const BUILTIN_CHAINS: Record<TableName, readonly string[]> = {
  raw: ['PREROUTING', 'OUTPUT'],
  mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'],
  nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
  filter: ['INPUT', 'FORWARD', 'OUTPUT'],
  security: ['INPUT', 'FORWARD', 'OUTPUT'],
};

export function isTableName(name: string): name is TableName {
  return (BUILTIN_TABLES as readonly string[]).includes(name);
}

/** the longest built-in chain name: a longer name (most user chains) needs no search */
const BUILTIN_CHAIN_MAX = Math.max(
  ...Object.values(BUILTIN_CHAINS).flatMap((chains) => chains.map((c) => c.length)),
);

export function isBuiltinChain(table: string, chain: string): boolean {
  if (chain.length > BUILTIN_CHAIN_MAX) return false;
  return isTableName(table) && BUILTIN_CHAINS[table].includes(chain);
}

export interface Counters {
  packets: number;
  bytes: number;
}

/** An address with its prefix length, as iptables stores it (`10.0.0.0/8`). */
export interface Cidr {
  family: Family;
  /** canonical text of the network address, e.g. `10.0.0.0` or `fd00::` */
  address: string;
  prefix: number;
  /** a non-contiguous netmask (`/255.0.255.0`) that no prefix length can express */
  mask?: string;
}

export interface Negatable<T> {
  value: T;
  negated: boolean;
}

/** The criteria iptables itself handles, before any `-m` module: -s -d -i -o -p -f. */
export interface RuleCore {
  source?: Negatable<Cidr>;
  destination?: Negatable<Cidr>;
  inInterface?: Negatable<string>;
  outInterface?: Negatable<string>;
  /** lower-case protocol name (`tcp`) or decimal number for protocols without a name */
  protocol?: Negatable<string>;
  fragment?: Negatable<true>;
}

/**
 * One `-m NAME …` in a rule. `data` is the module's own parsed form (plain JSON). Matches and
 * targets have no position: rules that write the same words may share one object, which nothing
 * may change (rule-memo.ts; frozen under test: shared-part.ts); targetSpanOf (target-span.ts)
 * finds a target in its rule's source line.
 */
export interface Match {
  module: string;
  data: unknown;
  /** true when no module in the registry knows this name; `data` is then `{ raw: string[] }` */
  unknown?: true;
}

export type TargetKind = 'builtin' | 'jump' | 'goto' | 'extension';

export interface Target {
  /** ACCEPT, DROP, RETURN, a chain name, or an extension target such as DNAT */
  name: string;
  kind: TargetKind;
  data: unknown;
  unknown?: true;
}

export interface Rule {
  /** stable within one parse: `table/chain/index` */
  id: string;
  table: string;
  chain: string;
  /** 1-based position in its chain, as `iptables -L --line-numbers` counts */
  index: number;
  core: RuleCore;
  matches: Match[];
  /** a rule without -j/-g only counts packets */
  target: Target | null;
  counters?: Counters;
  /** the rule's line in the source text */
  span: SourceSpan;
  /** the source line as written (for -L input, the line it was reconstructed from) */
  source: string;
  /** what the -L format could not express, kept as the text it showed */
  lossy?: string;
  /**
   * the line had errors (a bad address, an unknown option …): what the model holds of it is
   * incomplete, so the simulator never takes it as matching without saying so
   */
  invalid?: true;
}

export interface Chain {
  name: string;
  builtin: boolean;
  /** built-in chains only */
  policy: 'ACCEPT' | 'DROP' | null;
  counters?: Counters;
  rules: Rule[];
  /** the declaration line (`:NAME`, `-N`, `Chain NAME`), or the first rule when undeclared */
  span: SourceSpan;
}

export interface Table {
  name: string;
  chains: Chain[];
  span: SourceSpan;
}

export interface Ruleset {
  family: Family;
  format: DumpFormat;
  tables: Table[];
}

export interface ParseResult {
  ruleset: Ruleset;
  diagnostics: Diagnostic[];
}

export function findTable(ruleset: Ruleset, name: string): Table | undefined {
  return ruleset.tables.find((t) => t.name === name);
}

export function findChain(table: Table, name: string): Chain | undefined {
  return table.chains.find((c) => c.name === name);
}

export function countRules(ruleset: Ruleset): number {
  let n = 0;
  for (const t of ruleset.tables) for (const c of t.chains) n += c.rules.length;
  return n;
}
