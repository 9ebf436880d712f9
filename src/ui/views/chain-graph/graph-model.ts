/**
 * A table's chains as a graph: chains are nodes, jumps and gotos are edges (several rules to
 * the same chain make one edge). Random branches (`-m statistic --mode random`) carry their
 * probability: the kernel's threshold / 2^31 is the chance among the packets that reach the
 * rule, and the running product gives each branch's share of the packets entering the chain,
 * which is what kube-proxy's falling probabilities (1/4, 1/3, 1/2, rest) add up to.
 */
import type { TraceStep } from '../../../engine/netfilter/trace.ts';
import { randomProbability } from '../../../engine/modules/match/statistic.ts';
import type { Chain, Table } from '../../../engine/rules/index.ts';

export interface ChainNode {
  id: string;
  builtin: boolean;
  policy: 'ACCEPT' | 'DROP' | null;
  rules: number;
  /** a folded node standing for every hidden chain of a family */
  fold?: { family: string; count: number };
}

export interface BranchProbability {
  /** the chance among the packets that reach the rule */
  conditional: number;
  /** the share of the packets entering the chain */
  share: number;
  /** the rule had no random match: it takes what the random rules before it left */
  rest: boolean;
}

export interface ChainEdge {
  id: string;
  from: string;
  to: string;
  kind: 'jump' | 'goto';
  /** 1-based indices of the rules behind this edge */
  rules: number[];
  probability: BranchProbability | null;
  /** an edge to or from a folded node: how many chain-to-chain edges it sums, and their share of
   * the source chain's packets when they are all random branches of one chain */
  folded?: { count: number; share: number | null };
}

export interface ChainGraphModel {
  nodes: ChainNode[];
  edges: ChainEdge[];
}

export const edgeKey = (from: string, to: string): string => `${from}>${to}`;

/** Each jump/goto rule's branch probability in a chain, by rule index. */
export function branchProbabilities(chain: Chain): Map<number, BranchProbability> {
  const out = new Map<number, BranchProbability>();
  let rest = 1;
  let random = false;
  for (const r of chain.rules) {
    const t = r.target;
    if (!t || (t.kind !== 'jump' && t.kind !== 'goto')) continue;
    const p = randomProbability(r.matches);
    if (p !== null) {
      random = true;
      out.set(r.index, { conditional: p, share: rest * p, rest: false });
      rest *= 1 - p;
    } else if (random) {
      out.set(r.index, { conditional: 1, share: rest, rest: true });
      rest = 0;
    }
  }
  return out;
}

export function chainGraph(table: Table | undefined): ChainGraphModel {
  if (!table) return { nodes: [], edges: [] };
  const names = new Set(table.chains.map((c) => c.name));
  const nodes: ChainNode[] = table.chains.map((c) => ({
    id: c.name,
    builtin: c.builtin,
    policy: c.policy,
    rules: c.rules.length,
  }));
  const edges = new Map<string, ChainEdge>();
  for (const c of table.chains) {
    const probs = branchProbabilities(c);
    for (const r of c.rules) {
      const t = r.target;
      if (!t || (t.kind !== 'jump' && t.kind !== 'goto') || !names.has(t.name)) continue;
      const id = edgeKey(c.name, t.name);
      const e = edges.get(id);
      if (e) {
        e.rules.push(r.index);
        if (t.kind === 'jump') e.kind = 'jump';
        e.probability ??= probs.get(r.index) ?? null;
      } else
        edges.set(id, {
          id,
          from: c.name,
          to: t.name,
          kind: t.kind,
          rules: [r.index],
          probability: probs.get(r.index) ?? null,
        });
    }
  }
  return { nodes, edges: [...edges.values()] };
}

export interface TracedPath {
  /** chains the packet walked in this table, in first-visit order */
  chains: string[];
  /** jump/goto edges it took */
  edges: Set<string>;
  /** the chain of the current step, if it is in this table */
  current: string | null;
}

/** The chains and edges of `table` the trace walked up to step `current`. */
export function tracedPath(
  steps: readonly TraceStep[],
  current: number,
  table: string,
): TracedPath {
  const seen = new Set<string>();
  const chains: string[] = [];
  const edges = new Set<string>();
  let now: string | null = null;
  const visit = (c: string) => {
    if (!seen.has(c)) {
      seen.add(c);
      chains.push(c);
    }
  };
  const last = Math.min(current, steps.length - 1);
  for (let i = 0; i <= last; i++) {
    const s = steps[i];
    if (!s) continue;
    if (!('table' in s) || s.table !== table) {
      now = null; // the packet is elsewhere: another table, a routing decision, conntrack
      continue;
    }
    if (s.kind === 'table-skip') continue;
    const chain = s.kind === 'nat' || s.kind === 'rewrite' ? (s.chain ?? null) : s.chain;
    if (chain === null) continue;
    visit(chain);
    now = chain;
    if (s.kind === 'jump' || s.kind === 'goto') {
      visit(s.target);
      edges.add(edgeKey(s.chain, s.target));
      now = s.target;
    } else if (s.kind === 'return') now = s.to;
  }
  return { chains, edges, current: now };
}
