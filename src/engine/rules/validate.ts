/**
 * Whole-ruleset checks: every jump or goto names a chain of its table, no jump enters a built-in
 * chain, and no chain can reach itself (iptables-restore refuses a ruleset with a loop).
 */
import type { Diagnostic } from './diagnostics.ts';
import type { Rule, Ruleset, Table } from './model.ts';
import { targetSpanOf } from './target-span.ts';

export function validateRuleset(ruleset: Ruleset, out: Diagnostic[]): void {
  for (const table of ruleset.tables) validateTable(table, out);
}

function validateTable(table: Table, out: Diagnostic[]): void {
  // chains by number, edges as parallel arrays: a 20,000-chain dump checks in a few ms
  const indexOf = new Map<string, number>();
  table.chains.forEach((c, i) => indexOf.set(c.name, i));
  const edgeTo: number[][] = [];
  const edgeRule: Rule[][] = [];
  for (const chain of table.chains) {
    const to: number[] = [];
    const rules: Rule[] = [];
    for (const rule of chain.rules) {
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
      to.push(k);
      rules.push(rule);
    }
    edgeTo.push(to);
    edgeRule.push(rules);
  }
  findLoops(table, edgeTo, edgeRule, out);
}

/** Iterative DFS so a 20,000-chain dump cannot overflow the stack. */
function findLoops(table: Table, edgeTo: number[][], edgeRule: Rule[][], out: Diagnostic[]): void {
  const n = edgeTo.length;
  const state = new Uint8Array(n); // 0 unseen, 1 on the stack, 2 done
  const next = new Int32Array(n);
  const reported = new Set<Rule>();
  const stack: number[] = [];
  for (let start = 0; start < n; start++) {
    if (state[start] !== 0) continue;
    stack.push(start);
    state[start] = 1;
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const to = edgeTo[top]!;
      if (next[top]! >= to.length) {
        state[top] = 2;
        stack.pop();
        continue;
      }
      const e = next[top]!++;
      const dest = to[e]!;
      if (state[dest] === 1) {
        const rule = edgeRule[top]![e]!;
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
