/**
 * A node's merged rules (node-state.ts) → the Ruleset and the iptables-save text of it, built
 * directly: each table, chain and rule gets the spans, ids and source line a parse of the printed
 * text would give it (the table and chain spans cover their first word, a rule's its whole line),
 * and every rule's source is the line iptables-save prints, so later prints copy it.
 */
import { markCanonicalSources } from '../rules/canonical.ts';
import type { Diagnostic, SourceSpan } from '../rules/diagnostics.ts';
import { BUILTIN_CHAINS, type Chain, type Rule, type Ruleset, type Table } from '../rules/model.ts';
import { SAVE_TABLE_ORDER, type NodeRules } from './node-state.ts';
import type { RuleProvenance } from './provenance.ts';
import { RestoreRuleReader } from './restore-rule.ts';

export interface NodeRuleset {
  ruleset: Ruleset;
  /** what `iptables-save` prints (without its header comments and counters) */
  text: string;
  /** rule id → why the rule exists */
  provenance: Map<string, RuleProvenance>;
  /** what the parser reported on rules it read in full (a compiler bug, or nfacct) */
  diagnostics: Diagnostic[];
  /** rules whose chain was never declared (a compiler bug) */
  lost: string[];
}

function wordSpan(line: number, length: number): SourceSpan {
  return { line, column: 1, endLine: line, endColumn: length + 1 };
}

export function buildNodeRuleset(
  state: NodeRules,
  reader: RestoreRuleReader = new RestoreRuleReader(),
): NodeRuleset {
  const lines: string[] = [];
  const tables: Table[] = [];
  const provenance = new Map<string, RuleProvenance>();
  const diagnostics: Diagnostic[] = [];
  const lost: string[] = [];
  let next = 0; // the next rule of state.rules
  for (const name of SAVE_TABLE_ORDER) {
    const user = state.chains.get(name);
    if (!user) continue;
    const head = `*${name}`;
    lines.push(head);
    const table: Table = { name, chains: [], span: wordSpan(lines.length, head.length) };
    tables.push(table);
    const byName = new Map<string, Chain>();
    const declare = (chain: string, builtin: boolean): void => {
      const decl = `:${chain} ${builtin ? 'ACCEPT' : '-'} [0:0]`;
      lines.push(decl);
      const c: Chain = {
        name: chain,
        builtin,
        policy: builtin ? 'ACCEPT' : null,
        rules: [],
        span: wordSpan(lines.length, chain.length + 1),
        counters: { packets: 0, bytes: 0 },
      };
      table.chains.push(c);
      byName.set(chain, c);
    };
    for (const c of BUILTIN_CHAINS[name]) declare(c, true);
    for (const c of user) declare(c, false);
    let chain: Chain | undefined;
    for (; next < state.rules.length && state.rules[next]!.table === name; next++) {
      const st = state.rules[next]!;
      if (chain?.name !== st.chain) chain = byName.get(st.chain);
      if (!chain) {
        lost.push(`${name}/${st.chain}`);
        continue;
      }
      const line = lines.length + 1;
      const read = reader.read(name, st.chain, st.args, line, diagnostics);
      lines.push(read.text);
      const index = chain.rules.length + 1;
      const rule: Rule = {
        core: read.core,
        matches: read.matches,
        target: read.target,
        span: { line, column: 1, endLine: line, endColumn: read.text.length + 1 },
        source: read.text,
        table: name,
        chain: chain.name,
        index,
        id: `${name}/${chain.name}/${index}`,
      };
      if (read.invalid) rule.invalid = true;
      chain.rules.push(rule);
      provenance.set(rule.id, st.prov);
    }
    lines.push('COMMIT');
    // every rule's source is the line iptables-save prints for it
    markCanonicalSources(table, new Set());
  }
  return {
    ruleset: { family: 'ipv4', format: 'save', tables },
    text: lines.length ? `${lines.join('\n')}\n` : '',
    provenance,
    diagnostics,
    lost,
  };
}
