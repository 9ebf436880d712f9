/**
 * A node's merged rules (node-state.ts) → the Ruleset and the iptables-save text of it, built
 * directly: each table, chain and rule gets the spans, ids and source line a parse of the printed
 * text would give it (the table and chain spans cover their first word, a rule's its whole line),
 * and every rule's source is the line iptables-save prints, so later prints copy it.
 *
 * The text is written as pieces (shared words, mostly) and joined once; each rule's source is
 * then a slice of it, so the 160,000 lines of a big node are not held twice.
 */
import { markCanonicalSources } from '../rules/canonical.ts';
import type { Diagnostic, SourceSpan } from '../rules/diagnostics.ts';
import { BUILTIN_CHAINS, type Chain, type Rule, type Ruleset, type Table } from '../rules/model.ts';
import { SAVE_TABLE_ORDER, type NodeRules } from './node-state.ts';
import type { RuleProvenance } from './provenance.ts';
import { RuleProvenanceMap } from './provenance-map.ts';
import { RestoreRuleReader } from './restore-rule.ts';

export interface NodeRuleset {
  ruleset: Ruleset;
  /** what `iptables-save` prints (without its header comments and counters) */
  text: string;
  /** rule id → why the rule exists */
  provenance: ReadonlyMap<string, RuleProvenance>;
  /** what the parser reported on rules it read in full (a compiler bug, or nfacct) */
  diagnostics: Diagnostic[];
  /** rules whose chain was never declared (a compiler bug) */
  lost: string[];
}

const CHUNK = 4096;

/**
 * A table's chains by name, for rules that come in the order the chains are declared (as
 * iptables-save prints them): the next rule's chain is found by looking ahead from the last one,
 * and only a rule out of that order is looked up in a map.
 */
class ChainFinder {
  private at = 0;
  private byName: Map<string, Chain> | undefined;

  constructor(private readonly chains: readonly Chain[]) {}

  find(name: string): Chain | undefined {
    const chains = this.chains;
    for (let i = this.at; i < chains.length; i++)
      if (chains[i]!.name === name) {
        this.at = i;
        return chains[i];
      }
    this.byName ??= new Map(chains.map((c) => [c.name, c]));
    return this.byName.get(name);
  }
}

function wordSpan(line: number, length: number): SourceSpan {
  return { line, column: 1, endLine: line, endColumn: length + 1 };
}

export function buildNodeRuleset(
  state: NodeRules,
  reader: RestoreRuleReader = new RestoreRuleReader(),
): NodeRuleset {
  // joined a few thousand at a time: one join of a million pieces takes several times as long
  const chunks: string[] = [];
  const pieces: string[] = [];
  const rules: Rule[] = [];
  /** where each rule's line starts and ends in the text (filled in as the pieces are written) */
  const bounds: number[] = [];
  let at = 0; // the text's length so far
  let lines = 0;
  const write = (line: string): void => {
    pieces.push(line, '\n');
    at += line.length + 1;
    lines++;
  };
  const tables: Table[] = [];
  const provenance: RuleProvenance[] = [];
  const diagnostics: Diagnostic[] = [];
  const lost: string[] = [];
  let next = 0; // the next rule of state.rules
  for (const name of SAVE_TABLE_ORDER) {
    const user = state.chains.get(name);
    if (!user) continue;
    const head = `*${name}`;
    write(head);
    const table: Table = { name, chains: [], span: wordSpan(lines, head.length) };
    tables.push(table);
    const declare = (chain: string, builtin: boolean): void => {
      write(`:${chain} ${builtin ? 'ACCEPT' : '-'} [0:0]`);
      const c: Chain = {
        name: chain,
        builtin,
        policy: builtin ? 'ACCEPT' : null,
        rules: [],
        span: wordSpan(lines, chain.length + 1),
        counters: { packets: 0, bytes: 0 },
      };
      table.chains.push(c);
    };
    for (const c of BUILTIN_CHAINS[name]) declare(c, true);
    for (const c of user) declare(c, false);
    const chains = new ChainFinder(table.chains);
    let chain: Chain | undefined;
    let ruleHead = ''; // `-A CHAIN`
    let idHead = ''; // `table/CHAIN/`
    for (; next < state.rules.length && state.rules[next]!.table === name; next++) {
      const st = state.rules[next]!;
      if (chain?.name !== st.chain) {
        chain = chains.find(st.chain);
        ruleHead = `-A ${st.chain}`;
        idHead = `${name}/${st.chain}/`;
      }
      if (!chain) {
        lost.push(`${name}/${st.chain}`);
        continue;
      }
      const line = ++lines;
      const first = pieces.length;
      pieces.push(ruleHead);
      const read = reader.readInto(name, st.chain, st.args, line, diagnostics, pieces);
      let length = 0;
      for (let i = first; i < pieces.length; i++) length += pieces[i]!.length;
      pieces.push('\n');
      if (pieces.length >= CHUNK) {
        chunks.push(pieces.join(''));
        pieces.length = 0;
      }
      bounds.push(at, at + length);
      at += length + 1;
      const index = chain.rules.length + 1;
      const rule: Rule = {
        core: read.core,
        matches: read.matches,
        target: read.target,
        span: { line, column: 1, endLine: line, endColumn: length + 1 },
        source: '', // a slice of the text, once it is joined
        table: name,
        chain: chain.name,
        index,
        id: idHead + index,
      };
      if (read.invalid) rule.invalid = true;
      chain.rules.push(rule);
      rules.push(rule);
      provenance.push(st.prov);
    }
    write('COMMIT');
    // every rule's source is the line iptables-save prints for it
    markCanonicalSources(table, new Set());
  }
  chunks.push(pieces.join(''));
  const text = chunks.join('');
  for (let i = 0; i < rules.length; i++)
    rules[i]!.source = text.slice(bounds[2 * i]!, bounds[2 * i + 1]!);
  const ruleset: Ruleset = { family: 'ipv4', format: 'save', tables };
  return {
    ruleset,
    text,
    provenance: new RuleProvenanceMap(ruleset, provenance),
    diagnostics,
    lost,
  };
}
