/**
 * Helpers for the match modules' tests: wrap rule bodies in a one-table dump, parse it with the
 * public entry point and print it back with the iptables-save printer, so each test sees what a
 * user would. Expected strings in the tests are what the real iptables printed.
 */
import {
  parseRuleset,
  printSave,
  BUILTIN_CHAINS,
  type Family,
  type Rule,
  type TableName,
  type DiagnosticCode,
} from '../../rules/index.ts';
import { registry } from '../registry.ts';

export interface KitOptions {
  table?: TableName;
  chain?: string;
  family?: Family;
}

export interface KitDiagnostic {
  code: DiagnosticCode;
  severity: string;
  /** 1-based column inside the rule body (what follows `-A CHAIN `) */
  column: number;
  endColumn: number;
}

function dump(bodies: readonly string[], o: Required<Pick<KitOptions, 'table' | 'chain'>>): string {
  const chains = BUILTIN_CHAINS[o.table].map((c) => `:${c} ACCEPT [0:0]`);
  const user = BUILTIN_CHAINS[o.table].includes(o.chain) ? [] : [`:${o.chain} - [0:0]`];
  return [
    `*${o.table}`,
    ...chains,
    ...user,
    ...bodies.map((b) => `-A ${o.chain} ${b}`),
    'COMMIT',
    '',
  ].join('\n');
}

export function parseRules(bodies: readonly string[], opts: KitOptions = {}) {
  const o = { table: opts.table ?? 'filter', chain: opts.chain ?? 'INPUT' };
  const { ruleset, diagnostics } = parseRuleset(
    dump(bodies, o),
    opts.family ? { family: opts.family } : {},
  );
  const table = ruleset.tables.find((t) => t.name === o.table);
  const rules: Rule[] = table?.chains.find((c) => c.name === o.chain)?.rules ?? [];
  const prefix = `-A ${o.chain} `.length;
  const diags: KitDiagnostic[] = diagnostics.map((d) => ({
    code: d.code,
    severity: d.severity,
    column: d.column - prefix,
    endColumn: d.endColumn - prefix,
  }));
  const saved = printSave(ruleset)
    .split('\n')
    .filter((l) => l.startsWith(`-A ${o.chain} `) || l === `-A ${o.chain}`)
    .map((l) => l.slice(prefix));
  return { rules, diagnostics: diags, saved };
}

/** One rule: its iptables-save body, its `-L -n` trailing column and its diagnostics. */
export function one(body: string, opts: KitOptions = {}) {
  const r = parseRules([body], opts);
  const rule = r.rules[0];
  return {
    rule,
    saved: r.saved[0] ?? '',
    list: rule ? listColumn(rule) : '',
    diagnostics: r.diagnostics,
  };
}

/** What `iptables -L -n` prints for the rule's matches (the target's part is not included). */
export function listColumn(rule: Rule): string {
  return rule.matches
    .map((m) => {
      const mod = registry.matches.get(m.module);
      return mod && !m.unknown ? mod.list(m.data) : '';
    })
    .filter((s) => s !== '')
    .join(' ');
}

/** The explanation of the rule's first match in both languages. */
export function explainFirst(body: string, opts: KitOptions = {}): { en: string; ko: string } {
  const rule = parseRules([body], opts).rules[0];
  const m = rule?.matches[0];
  const mod = m ? registry.matches.get(m.module) : undefined;
  if (!m || !mod) return { en: '', ko: '' };
  return { en: mod.explain(m.data, 'en'), ko: mod.explain(m.data, 'ko') };
}

/** Where `text` (an option and its values) stands in `body`, as a diagnostic reports it. */
export function at(body: string, text: string, from = 0): { column: number; endColumn: number } {
  const i = body.indexOf(text, from);
  if (i < 0) throw new Error(`"${text}" is not in "${body}"`);
  return { column: i + 1, endColumn: i + text.length + 1 };
}

/** The one diagnostic a body should give: its code and where. */
export function diag(
  body: string,
  code: DiagnosticCode,
  text: string,
  severity = 'error',
): KitDiagnostic {
  return { code, severity, ...at(body, text) };
}

/**
 * The warnings a body gives for state, status and address-type names written in lower case or
 * shortened (iptables reads them, iptables-save prints them in full): one per such option.
 */
export function respelledIn(body: string): KitDiagnostic[] {
  const out: KitDiagnostic[] = [];
  for (const m of body.matchAll(/--(?:state|ctstate|ctstatus|src-type|dst-type) (\S+)/g))
    if (/[a-z]/.test(m[1]!)) out.push(diag(body, 'respelled', m[0], 'warning'));
  return out;
}
