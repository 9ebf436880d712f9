/**
 * The JSON `netfilter-lab parse` prints: the ruleset model as the engine builds it (plain data),
 * with counts in front and the diagnostics after. In every object the nested list comes last
 * (a table's `chains`, a chain's `rules`) so that the compact form can be written rule by rule
 * without ever holding the whole text of a 100,000-rule dump in one string.
 */
import type { Diagnostic, Chain, ParseResult, Table } from '../engine/rules/index.ts';
import type { Output } from './output.ts';

export interface ParseCounts {
  tables: number;
  chains: number;
  rules: number;
  errors: number;
  warnings: number;
}

export function countParse({ ruleset, diagnostics }: ParseResult): ParseCounts {
  let chains = 0;
  let rules = 0;
  for (const t of ruleset.tables) {
    chains += t.chains.length;
    for (const c of t.chains) rules += c.rules.length;
  }
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
  }
  return { tables: ruleset.tables.length, chains, rules, errors, warnings };
}

function header(result: ParseResult): { format: string; family: string; counts: ParseCounts } {
  return {
    format: result.ruleset.format,
    family: result.ruleset.family,
    counts: countParse(result),
  };
}

/** `{"a":1,"b":2}` → `{"a":1,"b":2,"key":[`: an object left open on its last, list-valued key. */
function openList(head: object, key: string): string {
  const s = JSON.stringify(head);
  return s === '{}' ? `{"${key}":[` : `${s.slice(0, -1)},"${key}":[`;
}

export async function writeParseJson(out: Output, result: ParseResult): Promise<void> {
  const head = JSON.stringify(header(result));
  await out.write(`${head.slice(0, -1)},"tables":[`);
  let tableSep = '';
  for (const { chains, ...table } of result.ruleset.tables) {
    await out.write(tableSep + openList(table, 'chains'));
    tableSep = ',';
    let chainSep = '';
    for (const { rules, ...chain } of chains) {
      let text = chainSep + openList(chain, 'rules');
      chainSep = ',';
      for (let i = 0; i < rules.length; i++) text += (i ? ',' : '') + JSON.stringify(rules[i]);
      await out.write(`${text}]}`);
    }
    await out.write(']}');
  }
  await out.write(`],"diagnostics":${JSON.stringify(result.diagnostics)}}\n`);
  await out.flush();
}

/** The same document, indented for people; the same key order as the compact form. */
export function prettyParseJson(result: ParseResult): string {
  const tables = result.ruleset.tables.map(({ chains, ...t }: Table) => ({
    ...t,
    chains: chains.map(({ rules, ...c }: Chain) => ({ ...c, rules })),
  }));
  const doc: Record<string, unknown> = {
    ...header(result),
    tables,
    diagnostics: result.diagnostics satisfies Diagnostic[],
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
