/**
 * Where a framed view's edge falls. A view that cannot hold every framed chain at a readable
 * scale would cut through a column of chains, leaving names half shown at the graph's edge;
 * this moves the view, along one axis, to the nearest place where no chain is cut.
 */

/** A chain's extent along the axis, in the graph's own units. */
export interface Span {
  id: string;
  start: number;
  size: number;
}

export interface SnapInput {
  /** the translation the framing asked for (screen = world × k + t) */
  wanted: number;
  k: number;
  /** the view's length along the axis, and the margin kept at both ends */
  length: number;
  margin: number;
  /** every chain drawn */
  spans: readonly Span[];
  /** the chains the view was framed for, in order of importance */
  framed: readonly string[];
  /** a chain that must stay wholly in view (the start of the traced path) */
  anchor: string | null;
}

/** Whether a chain at translation t is cut by either end of the view. */
function cut(s: Span, t: number, k: number, lo: number, hi: number): boolean {
  const a = s.start * k + t;
  const b = (s.start + s.size) * k + t;
  return (a < lo && b > lo) || (a < hi && b > hi);
}

function inside(s: Span, t: number, k: number, lo: number, hi: number): boolean {
  const a = s.start * k + t;
  return a >= lo - 0.5 && (s.start + s.size) * k + t <= hi + 0.5;
}

/**
 * The translation nearest to `wanted` at which no chain is cut by the view's ends, the anchor
 * is wholly in view and as many framed chains as any such place allows are wholly in view;
 * within the stretch of places that show the same chains, its middle, so the room left over
 * is shared by both sides. `wanted` itself when nothing is cut there, or when no place
 * qualifies.
 */
export function snapTranslation(p: SnapInput): number {
  const lo = p.margin;
  const hi = p.length - p.margin;
  const clean = (t: number) => !p.spans.some((s) => cut(s, t, p.k, lo, hi));
  if (clean(p.wanted)) return p.wanted;
  const byId = new Map(p.spans.map((s) => [s.id, s]));
  const anchor = p.anchor ? byId.get(p.anchor) : undefined;
  const framed = p.framed.flatMap((id) => byId.get(id) ?? []);
  // where a chain's start or end meets either end of the view: between two such places the
  // same chains are cut, shown and hidden
  const events = [
    ...new Set(
      p.spans.flatMap((s) =>
        [s.start, s.start + s.size].flatMap((x) => [lo - x * p.k, hi - x * p.k]),
      ),
    ),
  ].sort((a, b) => a - b);
  // each stretch between two places, with the framed chains it shows (null: unfit)
  const stretches = events.slice(1).map((b, i) => {
    const a = events[i] ?? b;
    const mid = (a + b) / 2;
    const fit = clean(mid) && (!anchor || inside(anchor, mid, p.k, lo, hi));
    const shown = fit ? framed.filter((s) => inside(s, mid, p.k, lo, hi)).map((s) => s.id) : null;
    return { a, b, shown: shown?.join(' ') ?? null, count: shown?.length ?? -1 };
  });
  // neighbouring stretches that show the same chains make one
  const runs: { a: number; b: number; shown: string | null; count: number }[] = [];
  for (const st of stretches) {
    const last = runs.at(-1);
    if (last && last.shown === st.shown && last.b === st.a) last.b = st.b;
    else runs.push({ ...st });
  }
  let best: { t: number; count: number; far: number } | null = null;
  for (const r of runs) {
    if (r.shown === null) continue;
    const t = (r.a + r.b) / 2;
    const far = p.wanted < r.a ? r.a - p.wanted : p.wanted > r.b ? p.wanted - r.b : 0;
    if (!best || r.count > best.count || (r.count === best.count && far < best.far))
      best = { t, count: r.count, far };
  }
  return best?.t ?? p.wanted;
}
