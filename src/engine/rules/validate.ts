/**
 * Whole-ruleset checks: every jump or goto names a chain of its table, no jump enters a built-in
 * chain, and no chain can reach itself (iptables-restore refuses a ruleset with a loop).
 */
import type { Diagnostic } from './diagnostics.ts';
import type { Rule, Ruleset, Table } from './model.ts';
import { targetSpanOf } from './target-span.ts';

/**
 * A table's jumps and gotos as the parser met them: the position of the rule's chain, of its
 * target chain when the parser knew it (-1: look it up by name), and the rule. Checking these
 * rather than walking every rule of the ruleset afterwards saves touching 100,000 rules again
 * once they have left the cache.
 */
export class TableJumps {
  readonly from: number[] = [];
  readonly to: number[] = [];
  readonly rules: Rule[] = [];
  /** a rule was inserted rather than appended: the order above is not the chains' rule order */
  inserted = false;

  add(from: number, to: number, rule: Rule): void {
    this.from.push(from);
    this.to.push(to);
    this.rules.push(rule);
  }
}

/** What the caller knows of a table already (the parsers' builder does): its chains by name, as
 * where they stand in table.chains (asked for only when a name must be looked up), and its jumps. */
export interface TableFacts {
  positions: () => ReadonlyMap<string, number>;
  jumps?: TableJumps;
}

/** A table's chains by name, made or asked for the first time one is looked up. */
type Positions = () => ReadonlyMap<string, number>;

export function validateRuleset(
  ruleset: Ruleset,
  out: Diagnostic[],
  facts?: (table: Table) => TableFacts | undefined,
): void {
  for (const table of ruleset.tables) validateTable(table, out, facts?.(table));
}

/** The jumps between a table's chains: chain c's edges are edgeTo/edgeRule[edgeStart[c] …
 * edgeStart[c + 1]), flat arrays rather than two small arrays per chain. */
interface Edges {
  edgeStart: Int32Array;
  edgeTo: number[];
  edgeRule: Rule[];
}

function validateTable(table: Table, out: Diagnostic[], facts: TableFacts | undefined): void {
  // chains by number, edges as flat parallel arrays: a 20,000-chain dump checks in a few ms
  let known: ReadonlyMap<string, number> | undefined;
  const indexOf: Positions = () => (known ??= facts ? facts.positions() : positionsOf(table));
  const jumps = facts?.jumps;
  const edges =
    jumps && !jumps.inserted
      ? edgesOfJumps(table, jumps, indexOf, out)
      : edgesOfRules(table, indexOf, out);
  findLoops(table, edges, out);
}

/** A table's chains by name, as where they stand in table.chains. */
function positionsOf(table: Table): Map<string, number> {
  const made = new Map<string, number>();
  table.chains.forEach((chain, i) => made.set(chain.name, i));
  return made;
}

/**
 * Where the jump or goto of `rule` goes: its chain's position, or -1 after reporting a target
 * the table has no chain for, or a jump into a built-in chain.
 */
function targetPosition(table: Table, rule: Rule, indexOf: Positions, out: Diagnostic[]): number {
  const t = rule.target!;
  const k = indexOf().get(t.name);
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
      rule.invalid = true;
    }
    return -1;
  }
  if (t.data !== null) {
    // words after `-j CHAIN` that no match of the rule took: a chain has no options
    out.push({
      code: 'unknown-option',
      severity: 'error',
      message: `${t.kind === 'goto' ? '-g' : '-j'} ${t.name} goes to a chain, which takes no options ("${(t.data as { raw?: string[] }).raw?.join(' ') ?? ''}")`,
      ...targetSpanOf(rule),
    });
    rule.invalid = true;
  }
  if (table.chains[k]!.builtin) {
    out.push({
      code: 'builtin-jump',
      severity: 'error',
      message: `cannot jump to built-in chain ${table.chains[k]!.name}`,
      ...targetSpanOf(rule),
    });
    rule.invalid = true;
    return -1;
  }
  return k;
}

/** The edges found by walking every rule of every chain. */
function edgesOfRules(table: Table, indexOf: Positions, out: Diagnostic[]): Edges {
  const chains = table.chains;
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
      const k = targetPosition(table, rule, indexOf, out);
      if (k < 0) continue;
      edgeTo.push(k);
      edgeRule.push(rule);
    }
  }
  edgeStart[chains.length] = edgeTo.length;
  return { edgeStart, edgeTo, edgeRule };
}

/**
 * The same edges from the jumps the parser noted (every rule was appended, so their order within
 * a chain is its rules' order): grouped by chain with a counting sort.
 */
function edgesOfJumps(
  table: Table,
  jumps: TableJumps,
  indexOf: Positions,
  out: Diagnostic[],
): Edges {
  const n = table.chains.length;
  const count = jumps.from.length;
  const to = new Int32Array(count);
  const edgeStart = new Int32Array(n + 1);
  for (let e = 0; e < count; e++) {
    // a position the parser knew is a user chain of this table's (save-chain-line.ts)
    let k = jumps.to[e]!;
    if (k < 0) k = targetPosition(table, jumps.rules[e]!, indexOf, out);
    to[e] = k;
    if (k >= 0) {
      const next = jumps.from[e]! + 1;
      edgeStart[next] = edgeStart[next]! + 1;
    }
  }
  for (let c = 0; c < n; c++) edgeStart[c + 1] = edgeStart[c + 1]! + edgeStart[c]!;
  const fill = edgeStart.slice(0, n);
  const total = edgeStart[n]!;
  const edgeTo = new Array<number>(total);
  const edgeRule = new Array<Rule>(total);
  for (let e = 0; e < count; e++) {
    const k = to[e]!;
    if (k < 0) continue;
    const at = fill[jumps.from[e]!]!++;
    edgeTo[at] = k;
    edgeRule[at] = jumps.rules[e]!;
  }
  return { edgeStart, edgeTo, edgeRule };
}

/**
 * Walks the chains' jumps depth first (iteratively, so a 20,000-chain dump cannot overflow the
 * stack) and calls `onLoop` for each edge e that goes back to a chain on the path, with the path
 * and that chain; it stops when onLoop returns true.
 */
function walkLoops(
  edgeStart: Int32Array,
  edgeTo: ArrayLike<number>,
  onLoop: (e: number, stack: number[], dest: number) => boolean,
): void {
  const n = edgeStart.length - 1;
  const state = new Uint8Array(n); // 0 unseen, 1 on the stack, 2 done
  const next = edgeStart.slice(0, n); // each chain's next edge to follow
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
        if (onLoop(e, stack, dest)) return;
      } else if (state[dest] === 0) {
        state[dest] = 1;
        stack.push(dest);
      }
    }
  }
}

/** Whether a chain can reach itself by the jumps (chain c's go to edgeTo[edgeStart[c] …]). */
export function hasLoop(edgeStart: Int32Array, edgeTo: ArrayLike<number>): boolean {
  let found = false;
  walkLoops(edgeStart, edgeTo, () => (found = true));
  return found;
}

function findLoops(table: Table, edges: Edges, out: Diagnostic[]): void {
  const { edgeStart, edgeTo, edgeRule } = edges;
  const reported = new Set<Rule>();
  walkLoops(edgeStart, edgeTo, (e, stack, dest) => {
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
    return false;
  });
}
