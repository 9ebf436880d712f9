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

/** Calico's per-policy, per-profile and per-pod chains; a hashed name may itself hold `-`. */
const CALICO_FAMILY = /^cali-(?:pi|po|pri|pro|gi|go|tw|fw)-/;

/** kube-router's chains every pod chain jumps to: not members of the per-policy family. */
const KUBE_ROUTER_SHARED = /^KUBE-NWPLCY-(?:COMMON|DEFAULT)$/;

/** `KUBE-SEP-ABC` → `KUBE-SEP-*`; a name without a `-` after its first letter has no family. */
export function familyOf(name: string): string | null {
  if (KUBE_ROUTER_SHARED.test(name)) return null;
  const calico = CALICO_FAMILY.exec(name);
  if (calico && name.length > calico[0].length) return `${calico[0]}*`;
  const i = name.lastIndexOf('-');
  return i <= 0 || i === name.length - 1 ? null : `${name.slice(0, i + 1)}*`;
}

/** The coarser family a far chain falls into when there are too many: `KUBE-*`, `*`. */
export function broadFamilyOf(name: string): string {
  const i = name.indexOf('-');
  return i <= 0 || i === name.length - 1 ? '*' : `${name.slice(0, i + 1)}*`;
}

/**
 * The graph by index, made once per graph: chain i's neighbours (CSR), its family and broad
 * family as small integers, each edge's ends. The folding then runs over typed arrays: a table
 * of 36,000 chains and 74,000 jumps folds in a few milliseconds.
 */
interface Index {
  id: Map<string, number>;
  nearStart: Int32Array;
  near: Int32Array;
  /** family number per chain; a chain without a family has a number of its own */
  family: Int32Array;
  familyKey: string[];
  broad: Int32Array;
  broadKey: string[];
  members: Map<string, number[]>;
  from: Int32Array;
  to: Int32Array;
}

const indexes = new WeakMap<ChainGraphModel, Index>();

function numberer(keys: string[]): (k: string) => number {
  const m = new Map<string, number>();
  return (k) => {
    let n = m.get(k);
    if (n === undefined) {
      n = keys.length;
      keys.push(k);
      m.set(k, n);
    }
    return n;
  };
}

function indexOf(g: ChainGraphModel): Index {
  const known = indexes.get(g);
  if (known) return known;
  const n = g.nodes.length;
  const id = new Map<string, number>();
  g.nodes.forEach((c, i) => id.set(c.id, i));
  const familyKey: string[] = [];
  const broadKey: string[] = [];
  const fam = numberer(familyKey);
  const brd = numberer(broadKey);
  const family = new Int32Array(n);
  const broad = new Int32Array(n);
  const members = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const name = g.nodes[i]?.id ?? '';
    const f = familyOf(name);
    family[i] = fam(f ?? ` ${name}`);
    broad[i] = brd(broadFamilyOf(name));
    if (f) (members.get(f) ?? members.set(f, []).get(f))?.push(i);
  }
  const m = g.edges.length;
  const from = new Int32Array(m);
  const to = new Int32Array(m);
  const degree = new Int32Array(n + 1);
  g.edges.forEach((e, k) => {
    const f = id.get(e.from) ?? 0;
    const t = id.get(e.to) ?? 0;
    from[k] = f;
    to[k] = t;
    degree[f + 1] = (degree[f + 1] ?? 0) + 1;
    degree[t + 1] = (degree[t + 1] ?? 0) + 1;
  });
  for (let i = 0; i < n; i++) degree[i + 1] = (degree[i + 1] ?? 0) + (degree[i] ?? 0);
  const nearStart = degree.slice();
  const fill = degree.slice(0, n);
  const near = new Int32Array(2 * m);
  for (let k = 0; k < m; k++) {
    const f = from[k] ?? 0;
    const t = to[k] ?? 0;
    near[fill[f] ?? 0] = t;
    fill[f] = (fill[f] ?? 0) + 1;
    near[fill[t] ?? 0] = f;
    fill[t] = (fill[t] ?? 0) + 1;
  }
  const index = { id, nearStart, near, family, familyKey, broad, broadKey, members, from, to };
  indexes.set(g, index);
  return index;
}

function eachNear(x: Index, i: number, f: (j: number) => void): void {
  const end = x.nearStart[i + 1] ?? 0;
  for (let k = x.nearStart[i] ?? 0; k < end; k++) f(x.near[k] ?? 0);
}

function isNearShown(x: Index, i: number, shown: Uint8Array): boolean {
  const end = x.nearStart[i + 1] ?? 0;
  for (let k = x.nearStart[i] ?? 0; k < end; k++) if (shown[x.near[k] ?? 0]) return true;
  return false;
}

/** The chains shown one by one (1 in the mask): core, pinned, small neighbour families, opened pages. */
function shownChains(
  g: ChainGraphModel,
  x: Index,
  v: FoldView,
  lim: FoldLimits,
): { shown: Uint8Array; opened: Folded['opened'] } {
  const n = g.nodes.length;
  const core: number[] = [];
  for (const c of v.path) {
    const i = x.id.get(c);
    if (i !== undefined) core.push(i);
  }
  if (!core.length) g.nodes.forEach((c, i) => c.builtin && core.push(i));
  for (const c of v.pinned) {
    const i = x.id.get(c);
    if (i !== undefined) core.push(i);
  }
  const isCore = new Uint8Array(n);
  for (const i of core) isCore[i] = 1;
  const shown = isCore.slice();
  // each core chain's neighbours by family: a few are drawn, a crowd (a Service's 40
  // endpoints, KUBE-SERVICES' 3,000 Services) stays folded
  for (const c of new Set(core)) {
    const byFamily = new Map<number, Set<number>>();
    eachNear(x, c, (j) => {
      if (isCore[j]) return;
      const f = x.family[j] ?? 0;
      const l = byFamily.get(f) ?? new Set<number>();
      byFamily.set(f, l.add(j));
    });
    for (const l of byFamily.values())
      if (l.size <= lim.neighbourFold) for (const j of l) shown[j] = 1;
  }
  const opened: Folded['opened'] = [];
  for (const [family, pages] of v.open) {
    const all = x.members.get(family);
    if (!all || pages <= 0) continue;
    // members next to what is shown come first: they join the picture rather than float
    const next = all.filter((m) => !shown[m] && isNearShown(x, m, shown));
    const rest = all.filter((m) => !shown[m] && !isNearShown(x, m, shown));
    for (const m of [...next, ...rest].slice(0, pages * lim.page)) shown[m] = 1;
    opened.push({ family, shown: all.filter((m) => shown[m]).length, count: all.length });
  }
  return { shown, opened };
}

/**
 * Each hidden chain's folded node as a key (-1: shown): its family, far families merged by
 * first word past the budget, then into one.
 */
function classes(g: ChainGraphModel, x: Index, shown: Uint8Array, lim: FoldLimits): string[] {
  const n = g.nodes.length;
  const used = new Set<number>();
  for (let i = 0; i < n; i++) if (!shown[i]) used.add(x.family[i] ?? 0);
  const key = (i: number) => x.familyKey[x.family[i] ?? 0] ?? '';
  const cls: string[] = new Array<string>(n);
  for (let i = 0; i < n; i++) cls[i] = shown[i] ? '' : key(i);
  if (used.size <= lim.budget) return cls;
  // families next to a shown chain keep their own node; the far ones merge
  const close = new Set<number>();
  for (let i = 0; i < n; i++)
    if (!shown[i] && isNearShown(x, i, shown)) close.add(x.family[i] ?? 0);
  const far = (i: number) => !shown[i] && !close.has(x.family[i] ?? 0);
  const broadUsed = new Set<number>();
  for (let i = 0; i < n; i++) if (far(i)) broadUsed.add(x.broad[i] ?? 0);
  const merged = close.size + broadUsed.size > lim.budget;
  for (let i = 0; i < n; i++)
    if (far(i)) cls[i] = merged ? '*' : (x.broadKey[x.broad[i] ?? 0] ?? '*');
  return cls;
}

/** The graph to draw for `v`: the whole table when small, else the folded picture. */
export function foldGraph(g: ChainGraphModel, v: FoldView, lim = FOLD_LIMITS): Folded {
  if (g.nodes.length <= lim.foldAbove) return { graph: g, opened: [], folding: false };
  const x = indexOf(g);
  const { shown, opened } = shownChains(g, x, v, lim);
  const cls = classes(g, x, shown, lim);
  const count = new Map<string, number>();
  for (let i = 0; i < cls.length; i++) {
    const k = cls[i] ?? '';
    if (!shown[i]) count.set(k, (count.get(k) ?? 0) + 1);
  }
  // a family of one is drawn as its chain
  for (let i = 0; i < cls.length; i++) if (!shown[i] && count.get(cls[i] ?? '') === 1) shown[i] = 1;
  const ids = new Map<string, string>();
  const foldOf = (k: string) => ids.get(k) ?? ids.set(k, foldId(k)).get(k) ?? k;
  const nodeOf = (i: number): string => (shown[i] ? (g.nodes[i]?.id ?? '') : foldOf(cls[i] ?? ''));
  const nodes: ChainNode[] = [];
  const placed = new Set<string>();
  g.nodes.forEach((c, i) => {
    if (shown[i]) return void nodes.push(c);
    const k = cls[i] ?? '';
    if (placed.has(k)) return;
    placed.add(k);
    nodes.push({
      id: foldOf(k),
      builtin: false,
      policy: null,
      rules: 0,
      fold: { family: k.startsWith(' ') ? k.slice(1) : k, count: count.get(k) ?? 0 },
    });
  });
  return { graph: { nodes, edges: foldEdges(g.edges, x, shown, nodeOf) }, opened, folding: true };
}

/** Edges between drawn nodes: a chain's own edges kept, the rest summed per pair of nodes. */
function foldEdges(
  edges: readonly ChainEdge[],
  x: Index,
  shown: Uint8Array,
  nodeOf: (i: number) => string,
): ChainEdge[] {
  const out = new Map<string, ChainEdge>();
  for (let k = 0; k < edges.length; k++) {
    const e = edges[k];
    const fi = x.from[k] ?? 0;
    const ti = x.to[k] ?? 0;
    if (!e) continue;
    if (shown[fi] && shown[ti]) {
      out.set(e.id, e);
      continue;
    }
    const from = nodeOf(fi);
    const to = nodeOf(ti);
    if (from === to) continue; // inside one folded family
    const id = edgeKey(from, to);
    const had = out.get(id);
    const share = shown[fi] && e.probability ? e.probability.share : null;
    if (!had) {
      out.set(id, {
        id,
        from,
        to,
        kind: e.kind,
        rules: shown[fi] ? [...e.rules] : [],
        // one chain's branch into a family keeps its own probability while it is alone
        probability: shown[fi] ? e.probability : null,
        folded: { count: 1, share },
      });
      continue;
    }
    had.probability = null;
    if (e.kind === 'jump') had.kind = 'jump';
    if (shown[fi]) had.rules.push(...e.rules);
    const f = had.folded ?? { count: 0, share: null };
    // a share of one chain's packets adds up; across several source chains it means nothing
    f.share = f.share !== null && share !== null ? f.share + share : null;
    f.count++;
    had.folded = f;
  }
  return [...out.values()];
}
