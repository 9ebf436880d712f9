/**
 * The pasted-dump half of the worker API. A dump may hold 100,000 rules: the worker keeps the
 * parsed ruleset under an id and answers with summaries, one chain's rows at a time and search
 * hits, never the whole ruleset (structured-cloning it would stall the page for seconds).
 */
import type { Diagnostic, Chain, DumpFormat, Family } from '../engine/rules/index.ts';
import type { FieldDiagnostic } from '../engine/netfilter/fields.ts';
import type { InferredHost } from '../engine/netfilter/infer-host.ts';

/** A table's chains as parallel columns (cheap to clone for 36,000 chains). */
export interface DumpTableSummary {
  name: string;
  line: number;
  names: string[];
  builtin: Uint8Array;
  /** the policy of each built-in chain, by name */
  policies: Record<string, 'ACCEPT' | 'DROP'>;
  rules: Int32Array;
  /** packets and bytes counted by the chain's rules (iptables-save -c), 0 without counters */
  packets: Float64Array;
  bytes: Float64Array;
  lines: Int32Array;
}

export interface UnknownModule {
  name: string;
  kind: 'match' | 'target';
  /** how many rules use it, and the first one's line */
  rules: number;
  line: number;
}

/**
 * What the chain list needs of a dump. The full parse's summary is one; so is the outline a quick
 * first pass sends while the full parse runs (`partial`), whose id names it in the outline worker.
 */
export interface DumpOutline {
  id: string;
  /** true: an outline (dump-peek.ts), rules read on demand; false: the full parse's summary */
  partial: boolean;
  format: DumpFormat;
  family: Family;
  /** the text's length in UTF-16 units, and its lines */
  length: number;
  lines: number;
  rules: number;
  chains: number;
  hasCounters: boolean;
  /** the highest packet count of any rule, for scaling heat */
  maxRulePackets: number;
  maxChainPackets: number;
  tables: DumpTableSummary[];
}

/** The problems of one kind (dump-problems.ts): same severity, code and message but for values. */
export interface DumpProblemGroup {
  key: string;
  severity: Diagnostic['severity'];
  code: Diagnostic['code'];
  /** the rows' message when they all say the same (`same`), else its shape, values as "…" */
  message: string;
  /** the rows' values while they all say the same */
  args?: Diagnostic['args'];
  same: boolean;
  count: number;
  /** the first row's position */
  line: number;
  column: number;
}

export interface DumpSummary extends DumpOutline {
  parseMs: number;
  /** the first DIAGNOSTICS_SHOWN diagnostics in line order (the editor's markers) */
  diagnostics: Diagnostic[];
  /** all of them, by kind: the counts add up to diagnosticCount */
  problemGroups: DumpProblemGroup[];
  diagnosticCount: number;
  errorCount: number;
  unknownModules: UnknownModule[];
  /** how many rules match `-m mac` (the packet form then offers a source MAC) */
  macRules: number;
  /** the ipsets `-m set` rules name: how many rules and the first one's line */
  setUses: { name: string; rules: number; line: number }[];
  inferred: InferredHost;
}

/** One rule as a row of a long list: its text, not its parsed form. */
export interface DumpRuleRow {
  index: number;
  line: number;
  /** the rule as written, without a leading `[packets:bytes]` */
  text: string;
  target: string;
  packets: number;
  bytes: number;
  invalid: boolean;
  unknown: boolean;
}

/** A table's jump and goto rules, as columns: enough to draw its chain graph. */
export interface DumpJumps {
  /** indices into the table summary's `names` */
  from: Int32Array;
  to: Int32Array;
  /** 1-based rule index in `from` */
  rule: Int32Array;
  goto: Uint8Array;
  /** the rule's random-mode probability (negation applied), NaN when it has none */
  probability: Float64Array;
}

export type DumpSearchMode = 'text' | 'comment' | 'reach';

export interface DumpQuery {
  mode: DumpSearchMode;
  /** the words (text, comment) or `ADDRESS`, `ADDRESS:PORT`, `:PORT`, `PORT` (reach) */
  query: string;
  /** reach only: also list rules that nothing in them rules out */
  includeOpen?: boolean;
  limit?: number;
}

export interface DumpSearchHit {
  table: string;
  chain: string;
  index: number;
  line: number;
  text: string;
  packets: number;
  /** reach mode: whether the rule names the address/port or merely does not exclude it */
  reach?: 'names' | 'open';
}

export interface DumpSearchResult {
  chains: { table: string; name: string; rules: number; line: number }[];
  chainTotal: number;
  hits: DumpSearchHit[];
  total: number;
  /** why the query could not be read (reach mode), or null */
  problem: string | null;
}

export interface DumpApi {
  /** parses a dump, keeps it under the returned summary's id, reports progress as it reads */
  loadDump(text: string, onProgress?: (done: number, total: number) => void): DumpSummary;
  /**
   * as loadDump, for a file the user opened or dropped: the worker reads it itself, so the
   * page neither waits for the text nor copies 15 MB of it across
   */
  loadDumpFile(
    file: Blob,
    onProgress?: (done: number, total: number) => void,
  ): Promise<DumpSummary>;
  /**
   * the quick first look (tables, chains, rule counts, counters) at an iptables-save dump, kept
   * so that peekRows and peekSearch can answer while another worker parses it in full; null when
   * the dump is not one the outline is sure of (the full parse is then all there is)
   */
  outlineDump(text: string): DumpOutline | null;
  /**
   * as outlineDump for a file, read here; answers the text too when there is no outline (the
   * page then need not read it); with one, the page reads the file itself, after the outline
   */
  outlineDumpFile(file: Blob): Promise<{ outline: DumpOutline | null; text: string | null }>;
  /**
   * one chain's rows of the outlined dump, parsed now from their lines alone: as dumpRows says;
   * rows `from` to `to` (0-based, end excluded) only when those are given
   */
  peekRows(
    id: string,
    table: string,
    chain: string,
    from?: number,
    to?: number,
  ): DumpRuleRow[] | null;
  /** searchDump on the outlined dump (text and comment modes; null for reach or a gone dump) */
  peekSearch(id: string, q: DumpQuery): DumpSearchResult | null;
  /** drops the outlined dump (its full parse has arrived) */
  forgetOutline(): void;
  /** outlines a small made-up dump and asks it rows and searches: warms the outline worker */
  warmUpOutline(): number;
  /** parses a small made-up dump and forgets it: the first real parse then runs on warmed code */
  warmUpDumpParser(): number;
  /** the rows of one chain of a loaded dump; null when the dump or the chain is gone */
  dumpRows(id: string, table: string, chain: string): DumpRuleRow[] | null;
  /** one chain with its parsed rules (for the rule table of a short chain) */
  dumpChain(id: string, table: string, chain: string): Chain | null;
  dumpJumps(id: string, table: string): DumpJumps | null;
  searchDump(id: string, q: DumpQuery): DumpSearchResult | null;
  /** rows `from` to `to` (end excluded) of one problem group; null when the dump is gone */
  dumpProblems(id: string, key: string, from: number, to: number): Diagnostic[] | null;
  /** what readHost says of a host document, for the host form's fields */
  checkHost(doc: unknown): FieldDiagnostic[];
}
