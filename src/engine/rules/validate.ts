/**
 * Whole-ruleset checks: every jump or goto names a chain of its table, no jump enters a built-in
 * chain, and no chain can reach itself (iptables-restore refuses a ruleset with a loop).
 */
import type { Diagnostic } from './diagnostics.ts';
import type { Chain, Rule, Ruleset } from './model.ts';

export function validateRuleset(ruleset: Ruleset, out: Diagnostic[]): void {
  for (const table of ruleset.tables) {
    const byName = new Map<string, Chain>();
    for (const c of table.chains) byName.set(c.name, c);
    const edges = new Map<Chain, { to: Chain; rule: Rule }[]>();
    for (const chain of table.chains) {
      const list: { to: Chain; rule: Rule }[] = [];
      for (const rule of chain.rules) {
        const t = rule.target;
        if (!t || (t.kind !== 'jump' && t.kind !== 'goto')) continue;
        const to = byName.get(t.name);
        if (!to) {
          if (t.data !== null) {
            out.push({ code: 'unknown-module', severity: 'warning', message: `unknown target "${t.name}": the rule is kept, but its target is not understood`, ...t.span });
            t.kind = 'extension';
            t.unknown = true;
          } else {
            out.push({ code: 'missing-target-chain', severity: 'error', message: `${t.kind === 'goto' ? 'goto' : 'jump'} to chain ${t.name}, which table ${table.name} does not have`, ...t.span });
          }
          continue;
        }
        if (to.builtin) {
          out.push({ code: 'builtin-jump', severity: 'error', message: `cannot jump to built-in chain ${to.name}`, ...t.span });
          continue;
        }
        list.push({ to, rule });
      }
      edges.set(chain, list);
    }
    findLoops(edges, out);
  }
}

/** Iterative DFS so a 20,000-chain dump cannot overflow the stack. */
function findLoops(edges: Map<Chain, { to: Chain; rule: Rule }[]>, out: Diagnostic[]): void {
  const state = new Map<Chain, 1 | 2>(); // 1 on the stack, 2 done
  const reported = new Set<Rule>();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const stack: { chain: Chain; next: number }[] = [{ chain: start, next: 0 }];
    const path: Chain[] = [start];
    state.set(start, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const list = edges.get(top.chain) ?? [];
      if (top.next >= list.length) {
        state.set(top.chain, 2);
        stack.pop();
        path.pop();
        continue;
      }
      const { to, rule } = list[top.next++]!;
      const s = state.get(to);
      if (s === 1) {
        if (!reported.has(rule)) {
          reported.add(rule);
          const cycle = [...path.slice(path.indexOf(to)).map((c) => c.name), to.name].join(' → ');
          out.push({ code: 'jump-loop', severity: 'error', message: `jump loop: ${cycle}`, ...(rule.target?.span ?? rule.span) });
        }
      } else if (s === undefined) {
        state.set(to, 1);
        stack.push({ chain: to, next: 0 });
        path.push(to);
      }
    }
  }
}
