/**
 * What a big table's chain graph shows: the traced path (the built-in chains when nothing is
 * traced), the chains a search or a selection pinned, their direct neighbours, and every other
 * chain folded into one node per family (`KUBE-SEP-*`, `cali-tw-*`). A family opens a page of
 * members at a time and folds back; every chain of the table is counted in exactly one node.
 */
import { edgeKey, type ChainEdge, type ChainGraphModel, type ChainNode } from './graph-model.ts';

export interface FoldLimits {
  /** tables with this many chains or fewer are drawn whole */
  foldAbove: number;
  /** a neighbour family with more members than this is folded */
  neighbourFold: number;
  /** members an open family shows per page */
  page: number;
  /** above this many folded nodes, far families merge by their first word */
  budget: number;
}

export const FOLD_LIMITS: FoldLimits = { foldAbove: 30, neighbourFold: 8, page: 12, budget: 24 };

export interface FoldView {
  /** chains the trace walked, in order */
  path: readonly string[];
  /** family key → pages opened */
  open: ReadonlyMap<string, number>;
  /** chains shown whatever their family (a search hit, the selected chain) */
  pinned: readonly string[];
}

export interface Folded {
  graph: ChainGraphModel;
  /** families with members shown because the user opened them, for folding back */
  opened: { family: string; shown: number; count: number }[];
  /** the table was big enough to fold */
  folding: boolean;
}

/** A folded node's id: chain names never hold a space, so it cannot clash with one. */
export const foldId = (family: string): string => `fold ${family}`;

/** `KUBE-SEP-ABC` → `KUBE-SEP-*`; a name without a `-` after its first letter has no family. */
export function familyOf(name: string): string | null {
  const i = name.lastIndexOf('-');
  return i <= 0 || i === name.length - 1 ? null : `${name.slice(0, i + 1)}*`;
}

/** The coarser family a far chain falls into when there are too many: `KUBE-*`, `*`. */
export function broadFamilyOf(name: string): string {
  const i = name.indexOf('-');
  return i <= 0 || i === name.length - 1 ? '*' : `${name.slice(0, i + 1)}*`;
}

interface Adjacency {
  near: Map<string, string[]>;
  members: Map<string, string[]>;
}

const adjacencies = new WeakMap<ChainGraphModel, Adjacency>();

function adjacency(g: ChainGraphModel): Adjacency {
  let a = adjacencies.get(g);
  if (a) return a;
  const near = new Map<string, string[]>();
  const add = (k: string, v: string) => {
    const l = near.get(k);
    if (l) l.push(v);
    else near.set(k, [v]);
  };
  for (const e of g.edges) {
    add(e.from, e.to);
    add(e.to, e.from);
  }
  const members = new Map<string, string[]>();
  for (const n of g.nodes) {
    const f = familyOf(n.id);
    if (!f) continue;
    const l = members.get(f);
    if (l) l.push(n.id);
    else members.set(f, [n.id]);
  }
  a = { near, members };
  adjacencies.set(g, a);
  return a;
}

/** The chains shown one by one: core, pinned, small neighbour families, opened pages. */
function shownChains(
  g: ChainGraphModel,
  a: Adjacency,
  v: FoldView,
  lim: FoldLimits,
): { shown: Set<string>; opened: Folded['opened'] } {
  const exists = new Set(g.nodes.map((n) => n.id));
  const path = v.path.filter((c) => exists.has(c));
  const core = new Set(path.length ? path : g.nodes.filter((n) => n.builtin).map((n) => n.id));
  for (const c of v.pinned) if (exists.has(c)) core.add(c);
  const shown = new Set(core);
  // each core chain's neighbours by family: a few are drawn, a crowd (a Service's 40
  // endpoints, KUBE-SERVICES' 3,000 Services) stays folded
  for (const c of core) {
    const byFamily = new Map<string, Set<string>>();
    for (const n of a.near.get(c) ?? []) {
      if (core.has(n)) continue;
      const f = familyOf(n) ?? n;
      const l = byFamily.get(f) ?? new Set<string>();
      byFamily.set(f, l.add(n));
    }
    for (const l of byFamily.values())
      if (l.size <= lim.neighbourFold) for (const n of l) shown.add(n);
  }
  const opened: Folded['opened'] = [];
  for (const [family, pages] of v.open) {
    const all = a.members.get(family);
    if (!all || pages <= 0) continue;
    // members next to what is shown come first: they join the picture rather than float
    const next = all.filter(
      (m) => !shown.has(m) && (a.near.get(m) ?? []).some((x) => shown.has(x)),
    );
    const rest = all.filter((m) => !shown.has(m) && !next.includes(m));
    const take = [...next, ...rest].slice(0, pages * lim.page);
    for (const m of take) shown.add(m);
    opened.push({ family, shown: all.filter((m) => shown.has(m)).length, count: all.length });
  }
  return { shown, opened };
}

/** Each hidden chain's folded node, far families merged by first word past the budget. */
function classes(
  g: ChainGraphModel,
  a: Adjacency,
  shown: ReadonlySet<string>,
  lim: FoldLimits,
): Map<string, string> {
  const cls = new Map<string, string>();
  for (const n of g.nodes) if (!shown.has(n.id)) cls.set(n.id, familyOf(n.id) ?? n.id);
  const keys = new Set(cls.values());
  if (keys.size <= lim.budget) return cls;
  // families next to a shown chain keep their own node; the far ones merge
  const close = new Set<string>();
  for (const [c, k] of cls) if ((a.near.get(c) ?? []).some((x) => shown.has(x))) close.add(k);
  for (const [c, k] of cls) if (!close.has(k)) cls.set(c, broadFamilyOf(c));
  if (new Set(cls.values()).size <= lim.budget) return cls;
  for (const [c, k] of cls) if (!close.has(k)) cls.set(c, '*');
  return cls;
}

/** The graph to draw for `v`: the whole table when small, else the folded picture. */
export function foldGraph(g: ChainGraphModel, v: FoldView, lim = FOLD_LIMITS): Folded {
  if (g.nodes.length <= lim.foldAbove) return { graph: g, opened: [], folding: false };
  const a = adjacency(g);
  const { shown, opened } = shownChains(g, a, v, lim);
  const cls = classes(g, a, shown, lim);
  const count = new Map<string, number>();
  for (const k of cls.values()) count.set(k, (count.get(k) ?? 0) + 1);
  // a family of one is drawn as its chain
  const single = new Set<string>();
  for (const [c, k] of cls)
    if (count.get(k) === 1) {
      single.add(c);
      cls.delete(c);
    }
  const nodeOf = (c: string): string => {
    const k = cls.get(c);
    return k === undefined ? c : foldId(k);
  };
  const nodes: ChainNode[] = [];
  const placed = new Set<string>();
  for (const n of g.nodes) {
    const id = nodeOf(n.id);
    if (placed.has(id)) continue;
    placed.add(id);
    const k = cls.get(n.id);
    nodes.push(
      k === undefined
        ? n
        : {
            id,
            builtin: false,
            policy: null,
            rules: 0,
            fold: { family: k, count: count.get(k) ?? 0 },
          },
    );
  }
  return { graph: { nodes, edges: foldEdges(g.edges, nodeOf) }, opened, folding: true };
}

/** Edges between drawn nodes: a chain's own edges kept, the rest summed per pair of nodes. */
function foldEdges(edges: readonly ChainEdge[], nodeOf: (c: string) => string): ChainEdge[] {
  const out = new Map<string, ChainEdge>();
  for (const e of edges) {
    const from = nodeOf(e.from);
    const to = nodeOf(e.to);
    if (from === e.from && to === e.to) {
      out.set(e.id, e);
      continue;
    }
    if (from === to) continue; // inside one folded family
    const id = edgeKey(from, to);
    const had = out.get(id);
    const share = from === e.from && e.probability ? e.probability.share : null;
    if (!had) {
      out.set(id, {
        id,
        from,
        to,
        kind: e.kind,
        rules: from === e.from ? [...e.rules] : [],
        probability: null,
        folded: { count: 1, share },
      });
      continue;
    }
    if (e.kind === 'jump') had.kind = 'jump';
    if (from === e.from) had.rules.push(...e.rules);
    const f = had.folded ?? { count: 0, share: null };
    // a share of one chain's packets adds up; across several source chains it means nothing
    f.share = f.share !== null && share !== null ? f.share + share : null;
    f.count++;
    had.folded = f;
  }
  return [...out.values()];
}
