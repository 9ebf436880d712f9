/**
 * Whole-ruleset checks: every jump or goto names a chain of its table, no jump enters a built-in
 * chain, and no chain can reach itself (iptables-restore refuses a ruleset with a loop).
 */
import type { Diagnostic } from './diagnostics.ts';
import type { Rule, Ruleset, Table } from './model.ts';
import { targetSpanOf } from './target-span.ts';

/** `positions`: a table's chains by name, as where they stand in table.chains, when the caller
 * has them already (the parsers' builder does) */
export function validateRuleset(
  ruleset: Ruleset,
  out: Diagnostic[],
  positions?: (table: Table) => ReadonlyMap<string, number> | undefined,
): void {
  for (const table of ruleset.tables) validateTable(table, out, positions?.(table));
}

/** The jumps between a table's chains: chain c's edges are edgeTo/edgeRule[edgeStart[c] …
 * edgeStart[c + 1]), flat arrays rather than two small arrays per chain. */
interface Edges {
  edgeStart: Int32Array;
  edgeTo: number[];
  edgeRule: Rule[];
}

function validateTable(
  table: Table,
  out: Diagnostic[],
  positions: ReadonlyMap<string, number> | undefined,
): void {
  // chains by number, edges as flat parallel arrays: a 20,000-chain dump checks in a few ms
  const chains = table.chains;
  let indexOf = positions;
  if (indexOf === undefined) {
    const made = new Map<string, number>();
    for (let i = 0; i < chains.length; i++) made.set(chains[i]!.name, i);
    indexOf = made;
  }
  const edgeStart = new Int32Array(chains.length + 1);
  const edgeTo: number[] = [];
  const edgeRule: Rule[] = [];
  for (let c = 0; c < chains.length; c++) {
    edgeStart[c] = edgeTo.length;
    const rules = chains[c]!.rules;
    for (let r = 0; r < rules.length; r++) {
      const rule = rules[r]!;
      const t = rule.target;
      if (!t || (t.kind !== 'jump' && t.kind !== 'goto')) continue;
      const k = indexOf.get(t.name);
      if (k === undefined) {
        if (t.data !== null) {
          out.push({
            code: 'unknown-module',
            severity: 'warning',
            message: `unknown target "${t.name}": the rule is kept, but its target is not understood`,
            ...targetSpanOf(rule),
          });
          // a fresh target, not a change to this one: rules may share their targets (rule-memo.ts)
          rule.target = { name: t.name, kind: 'extension', data: t.data, unknown: true };
        } else {
          out.push({
            code: 'missing-target-chain',
            severity: 'error',
            message: `${t.kind === 'goto' ? 'goto' : 'jump'} to chain ${t.name}, which table ${table.name} does not have`,
            ...targetSpanOf(rule),
          });
        }
        continue;
      }
      const dest = table.chains[k]!;
      if (dest.builtin) {
        out.push({
          code: 'builtin-jump',
          severity: 'error',
          message: `cannot jump to built-in chain ${dest.name}`,
          ...targetSpanOf(rule),
        });
        continue;
      }
      edgeTo.push(k);
      edgeRule.push(rule);
    }
  }
  edgeStart[chains.length] = edgeTo.length;
  findLoops(table, { edgeStart, edgeTo, edgeRule }, out);
}

/** Iterative DFS so a 20,000-chain dump cannot overflow the stack. */
function findLoops(table: Table, edges: Edges, out: Diagnostic[]): void {
  const { edgeStart, edgeTo, edgeRule } = edges;
  const n = edgeStart.length - 1;
  const state = new Uint8Array(n); // 0 unseen, 1 on the stack, 2 done
  const next = edgeStart.slice(0, n); // each chain's next edge to follow
  const reported = new Set<Rule>();
  const stack: number[] = [];
  for (let start = 0; start < n; start++) {
    if (state[start] !== 0) continue;
    stack.push(start);
    state[start] = 1;
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      if (next[top]! >= edgeStart[top + 1]!) {
        state[top] = 2;
        stack.pop();
        continue;
      }
      const e = next[top]!++;
      const dest = edgeTo[e]!;
      if (state[dest] === 1) {
        const rule = edgeRule[e]!;
        if (!reported.has(rule)) {
          reported.add(rule);
          const cycle = [...stack.slice(stack.indexOf(dest)), dest]
            .map((i) => table.chains[i]!.name)
            .join(' → ');
          out.push({
            code: 'jump-loop',
            severity: 'error',
            message: `jump loop: ${cycle}`,
            ...targetSpanOf(rule),
          });
        }
      } else if (state[dest] === 0) {
        state[dest] = 1;
        stack.push(dest);
      }
    }
  }
}
