/**
 * What the shared views need of a dump they cannot have whole: a ruleset of its tables and chains
 * without their rules (names, policies, declaration lines), and a table's chain graph built from
 * the jump columns the worker sends.
 */
import type { Chain, Rule, Ruleset, Table } from '../../engine/rules/index.ts';
import type { DumpJumps, DumpSummary, DumpTableSummary } from '../../worker/dump-protocol.ts';
import {
  chainGraph,
  neighbourhood,
  STATISTIC_SCALE,
  type ChainGraphModel,
} from '../views/chain-graph/graph-model.ts';

const span = (line: number) => ({ line, column: 1, endLine: line, endColumn: 1 });

function chainAt(t: DumpTableSummary, i: number): Chain {
  const name = t.names[i] ?? '';
  return {
    name,
    builtin: t.builtin[i] === 1,
    policy: t.policies[name] ?? null,
    rules: [],
    span: span(t.lines[i] ?? 1),
  };
}

const skeletons = new WeakMap<DumpSummary, Ruleset>();

/** The dump's tables and chains, every chain empty: for pickers and names, not for rules. */
export function skeletonRuleset(s: DumpSummary): Ruleset {
  let r = skeletons.get(s);
  if (!r) {
    r = {
      family: s.family,
      format: s.format,
      tables: s.tables.map((t) => ({
        name: t.name,
        chains: t.names.map((_, i) => chainAt(t, i)),
        span: span(t.line),
      })),
    };
    skeletons.set(s, r);
  }
  return r;
}

const SKELETON_SLICE = 4_000;

/**
 * Builds skeletonRuleset's answer ahead, SKELETON_SLICE chains per task: 36,000 chain objects
 * made at once held the page for 40-100 ms when the summary arrived.
 */
export async function prepareSkeleton(
  s: DumpSummary,
  nextTask: () => Promise<void>,
): Promise<void> {
  const tables: Table[] = [];
  for (const t of s.tables) {
    const chains: Chain[] = [];
    for (let i = 0; i < t.names.length; i++) {
      chains.push(chainAt(t, i));
      if (i % SKELETON_SLICE === SKELETON_SLICE - 1) await nextTask();
    }
    tables.push({ name: t.name, chains, span: span(t.line) });
  }
  if (!skeletons.has(s)) skeletons.set(s, { family: s.family, format: s.format, tables });
}

const nameIndexes = new WeakMap<DumpTableSummary, Map<string, number>>();

/** chain name → its place in the table's columns, made once per table */
function nameIndex(t: DumpTableSummary): Map<string, number> {
  let m = nameIndexes.get(t);
  if (!m) {
    m = new Map();
    for (let i = 0; i < t.names.length; i++) m.set(t.names[i] ?? '', i);
    nameIndexes.set(t, m);
  }
  return m;
}

/** Above this many chains only the traced neighbourhood is built (as ChainGraph's LARGE_GRAPH). */
export const WHOLE_GRAPH_CHAINS = 500;

/**
 * A table's chain graph: its chains and the jump rules rebuilt just enough for chainGraph. A
 * table of 36,000 chains is cut down first to the chains on `path` (the built-in ones when
 * nothing is traced) and their neighbours, so the page never builds a graph it would not draw.
 */
export function dumpGraph(
  t: DumpTableSummary,
  j: DumpJumps,
  path: readonly string[],
): ChainGraphModel {
  const n = t.names.length;
  const whole = n <= WHOLE_GRAPH_CHAINS;
  const index = nameIndex(t);
  const core = new Set<number>();
  for (const c of path) {
    const i = index.get(c);
    if (i !== undefined) core.add(i);
  }
  if (core.size === 0) for (let i = 0; i < n; i++) if (t.builtin[i] === 1) core.add(i);
  const chains = new Map<number, Chain>();
  const chain = (i: number): Chain => {
    let c = chains.get(i);
    if (!c) {
      c = chainAt(t, i);
      chains.set(i, c);
    }
    return c;
  };
  if (whole) for (let i = 0; i < n; i++) chain(i);
  for (const i of core) chain(i);
  for (let k = 0; k < j.from.length; k++) {
    const f = j.from[k] ?? -1;
    const to = j.to[k] ?? -1;
    if (!whole && !core.has(f) && !core.has(to)) continue;
    const from = chain(f);
    chain(to);
    const p = j.probability[k] ?? NaN;
    const rule: Rule = {
      id: `${t.name}/${from.name}/${j.rule[k]}`,
      table: t.name,
      chain: from.name,
      index: j.rule[k] ?? 0,
      core: {},
      matches: Number.isNaN(p)
        ? []
        : [{ module: 'statistic', data: { mode: 'random', threshold: p * STATISTIC_SCALE } }],
      target: { name: t.names[to] ?? '', kind: j.goto[k] ? 'goto' : 'jump', data: null },
      span: from.span,
      source: '',
    };
    from.rules.push(rule);
  }
  const order = [...chains.keys()].sort((a, b) => a - b);
  const table: Table = {
    name: t.name,
    chains: order.map((i) => chains.get(i) as Chain),
    span: span(t.line),
  };
  const g = chainGraph(table);
  // the nodes counted the jump rules only; the summary knows every chain's length
  const counted = {
    ...g,
    nodes: g.nodes.map((node) => ({ ...node, rules: t.rules[index.get(node.id) ?? -1] ?? 0 })),
  };
  return whole
    ? counted
    : neighbourhood(
        counted,
        [...core].map((i) => t.names[i] ?? ''),
      );
}
