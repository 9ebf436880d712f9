/**
 * What the shared views need of a dump they cannot have whole: a ruleset of its tables and chains
 * without their rules (names, policies, declaration lines), and a table's chain graph built from
 * the jump columns the worker sends.
 */
import type { Chain, Ruleset, Table } from '../../engine/rules/index.ts';
import type { DumpJumps, DumpSummary, DumpTableSummary } from '../../worker/dump-protocol.ts';
import {
  edgeKey,
  type BranchProbability,
  type ChainEdge,
  type ChainGraphModel,
  type ChainNode,
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
 * Builds skeletonRuleset's answer ahead, SKELETON_SLICE chains per task: tens of thousands of chain
 * objects made at once would hold the page when the summary arrives.
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

/**
 * A table's whole chain graph straight from the summary and the jump columns (what chainGraph
 * gives for the parsed table), without rebuilding a rule object per jump: a table of 36,000
 * chains is folded for drawing (fold-model.ts), but its families are counted from all of them.
 */
export function dumpGraph(t: DumpTableSummary, j: DumpJumps): ChainGraphModel {
  const n = t.names.length;
  const nodes: ChainNode[] = [];
  for (let i = 0; i < n; i++) {
    const id = t.names[i] ?? '';
    nodes.push({
      id,
      builtin: t.builtin[i] === 1,
      policy: t.policies[id] ?? null,
      rules: t.rules[i] ?? 0,
    });
  }
  // each source chain's running share, as branchProbabilities keeps it (a chain's jumps come
  // in rule order)
  const rest = new Float64Array(n).fill(1);
  const random = new Uint8Array(n);
  const edges = new Map<string, ChainEdge>();
  for (let k = 0; k < j.from.length; k++) {
    const f = j.from[k] ?? 0;
    const p = j.probability[k] ?? NaN;
    let probability: BranchProbability | null = null;
    if (!Number.isNaN(p)) {
      random[f] = 1;
      probability = { conditional: p, share: (rest[f] ?? 0) * p, rest: false };
      rest[f] = (rest[f] ?? 0) * (1 - p);
    } else if (random[f]) {
      probability = { conditional: 1, share: rest[f] ?? 0, rest: true };
      rest[f] = 0;
    }
    const from = t.names[f] ?? '';
    const to = t.names[j.to[k] ?? 0] ?? '';
    const kind = j.goto[k] ? 'goto' : 'jump';
    const rule = j.rule[k] ?? 0;
    const id = edgeKey(from, to);
    const e = edges.get(id);
    if (e) {
      e.rules.push(rule);
      if (kind === 'jump') e.kind = 'jump';
      e.probability ??= probability;
    } else edges.set(id, { id, from, to, kind, rules: [rule], probability });
  }
  return { nodes, edges: [...edges.values()] };
}
