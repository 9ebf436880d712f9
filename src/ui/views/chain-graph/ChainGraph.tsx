/**
 * The chains of one table as a layered graph: the traced path lit up to the current step,
 * probabilities on random branches, zoom and pan, click or Enter on a chain to select it. A big
 * table shows the traced path and its neighbours, every other chain folded by family into a node
 * that opens on click; a search finds any chain, unfolds it and centres it. The first view is
 * framed at a scale where the names can be read.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TraceStep } from '../../../engine/netfilter/trace.ts';
import { findTable, type Ruleset } from '../../../engine/rules/index.ts';
import type { Lang } from '../shared/lang.ts';
import { prefersReducedMotion, watchReducedMotion } from '../shared/motion.ts';
import '../shared/views.css';
import './chain-graph.css';
import { createChainGraph, type ChainGraphView } from './draw.ts';
import { edgeText, type EdgeText } from './edge-label.ts';
import { layoutChainGraph, type GraphLayout } from './elk-layout.ts';
import { familyOf, foldGraph, foldId } from './fold-model.ts';
import { chainGraph, tracedPath, type ChainGraphModel, type ChainNode } from './graph-model.ts';
import { GraphSearch } from './GraphSearch.tsx';
import { nodeSubtitle } from './node-text.ts';
import { strings } from './strings.ts';

export interface ChainGraphProps {
  ruleset: Ruleset;
  table: string;
  steps: readonly TraceStep[];
  current: number;
  selectedChain: string | null;
  onSelectChain: (chain: string) => void;
  lang: Lang;
  /**
   * the table's graph when the ruleset carries no rules (a dump kept in the worker), 'pending'
   * while it is on its way
   */
  model?: ChainGraphModel | 'pending' | undefined;
}

/** A layout, or why it failed, for the graph it was made for. */
type Laid =
  { graph: ChainGraphModel; layout: GraphLayout } | { graph: ChainGraphModel; error: string };

/** What the user opened and found, for one table's graph. */
interface Unfolded {
  of: ChainGraphModel;
  open: ReadonlyMap<string, number>;
  found: string | null;
}

const NONE = new Map<string, number>();
const NO_GRAPH: ChainGraphModel = { nodes: [], edges: [] };
const EMPTY_LAYOUT: GraphLayout = { width: 0, height: 0, nodes: new Map(), edges: new Map() };

export function ChainGraph({
  ruleset,
  table,
  steps,
  current,
  selectedChain,
  onSelectChain,
  lang,
  model,
}: ChainGraphProps) {
  const t = strings[lang];
  const waiting = model === 'pending';
  const full = useMemo(
    () => (model === 'pending' ? NO_GRAPH : (model ?? chainGraph(findTable(ruleset, table)))),
    [model, ruleset, table],
  );
  const wholePath = useMemo(() => tracedPath(steps, steps.length - 1, table), [steps, table]);
  const [state, setState] = useState<Unfolded>({ of: full, open: NONE, found: null });
  // another table (or another dump) starts folded again
  const open = state.of === full ? state.open : NONE;
  const found = state.of === full ? state.found : null;
  const pinnedKey = [found, selectedChain].filter((c) => c !== null).join(' ');
  const folded = useMemo(() => {
    const f = foldGraph(full, { path: wholePath.chains, open, pinned: pinnedKey.split(' ') });
    if (f.folding) performance.mark('graph:folded');
    return f;
  }, [full, wholePath, open, pinnedKey]);
  const shown = folded.graph;
  const texts = useMemo(() => {
    const m = new Map<string, EdgeText>();
    for (const e of shown.edges) {
      const text = edgeText(e, t);
      if (text) m.set(e.id, text);
    }
    return m;
  }, [shown, t]);

  const [laid, setLaid] = useState<Laid | null>(null);
  useEffect(() => {
    let live = true;
    // nothing to lay out (an empty table, a dump's jumps on their way) clears the drawing
    const laying = shown.nodes.length
      ? layoutChainGraph(
          shown,
          (id) => texts.get(id)?.lines ?? null,
          (n) => nodeSubtitle(n, t),
        )
      : Promise.resolve(EMPTY_LAYOUT);
    laying.then(
      (layout) => {
        if (shown.nodes.length) performance.mark('graph:laid');
        if (live) setLaid({ graph: shown, layout });
      },
      (err: unknown) => live && setLaid({ graph: shown, error: String(err) }),
    );
    return () => {
      live = false;
    };
  }, [shown, texts, t]);
  // a layout made for another graph is stale: the new one is on its way
  const status =
    waiting || !laid || laid.graph !== shown ? 'pending' : 'error' in laid ? 'error' : 'ready';
  const ready = laid && 'layout' in laid && laid.graph === shown ? laid : null;

  const lit = useMemo(() => tracedPath(steps, current, table), [steps, current, table]);
  const svgRef = useRef<SVGSVGElement>(null);
  const viewRef = useRef<ChainGraphView | null>(null);
  const activate = useRef<(n: ChainNode) => void>(() => undefined);
  /** what the next layout frames: a found chain, an opened or folded family */
  const focus = useRef<{ chain: string } | { family: string } | null>(null);
  useEffect(() => {
    activate.current = (n) => {
      const family = n.fold?.family;
      if (family === undefined) return onSelectChain(n.id);
      focus.current = { family };
      setState({ of: full, found, open: new Map(open).set(family, (open.get(family) ?? 0) + 1) });
    };
  }, [onSelectChain, full, found, open]);
  useEffect(() => {
    if (!svgRef.current) return undefined;
    const view = createChainGraph(svgRef.current, (n) => activate.current(n));
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, []);
  // the first view of a table frames the traced path around the current chain; a new layout of
  // the same table (an edited YAML, another language, an opened family) keeps the user's zoom
  // and pan unless it brings something to look at
  const framedFor = useRef<{ table: string; model: ChainGraphProps['model'] } | null>(null);
  const litRef = useRef({ lit, whole: wholePath });
  useEffect(() => {
    litRef.current = { lit, whole: wholePath };
  }, [lit, wholePath]);
  useEffect(() => {
    if (!ready || !viewRef.current) return;
    const first = framedFor.current?.table !== table || framedFor.current.model !== model;
    framedFor.current = { table, model };
    const drawn = ready.graph.nodes.map((n) => n.id);
    // the whole traced path around the chain the player is at; untraced, the whole graph from
    // its left edge, level with the first built-in chain
    const { lit: now, whole } = litRef.current;
    const path = whole.chains.filter((c) => drawn.includes(c));
    const entry = ready.graph.nodes.filter((n) => n.builtin).map((n) => n.id);
    const frame: 'keep' | string[] = !first
      ? 'keep'
      : path.length
        ? [...(now.current && drawn.includes(now.current) ? [now.current] : []), ...path]
        : [...entry, ...drawn];
    viewRef.current.setData({
      layout: ready.layout,
      nodes: ready.graph.nodes,
      edges: ready.graph.edges,
      edgeText: (id) => texts.get(id) ?? null,
      text: t,
      frame,
    });
  }, [ready, texts, t, table, model]);
  // a found chain or an opened family is framed once it is laid out (at once when it already is)
  useEffect(() => {
    const f = focus.current;
    if (!f || !ready || !viewRef.current) return;
    const drawn = ready.graph.nodes.map((n) => n.id);
    const ids =
      'chain' in f
        ? drawn.filter((id) => id === f.chain)
        : drawn.filter((id) => id === foldId(f.family) || familyOf(id) === f.family);
    if (!ids.length) return;
    focus.current = null;
    viewRef.current.frame(ids);
  }, [ready, state]);

  const [reducedMotion, setReducedMotion] = useState(prefersReducedMotion);
  useEffect(() => watchReducedMotion(setReducedMotion), []);
  useEffect(() => {
    viewRef.current?.update({
      visited: new Set(lit.chains),
      litEdges: lit.edges,
      current: lit.current,
      selected: selectedChain,
      found,
      reducedMotion,
    });
  }, [lit, selectedChain, found, reducedMotion, ready]);

  const names = useMemo(() => full.nodes.map((n) => n.id), [full]);
  return (
    <section className="nv-panel nv-graph" data-testid="chain-graph" aria-label={t.title(table)}>
      <h2 className="nv-panel-title">
        {t.title(table)}
        <small className="nv-graph-legend">
          <span className="nv-legend-jump">{t.jump}</span>
          <span className="nv-legend-goto">{t.goto}</span>
          <span className="nv-legend-lit">{t.traced}</span>
        </small>
      </h2>
      <div className="nv-graph-tools">
        <button
          type="button"
          onClick={() => viewRef.current?.zoomBy(1.25)}
          aria-label={t.zoomIn}
          title={t.zoomIn}
        >
          +
        </button>
        <button
          type="button"
          onClick={() => viewRef.current?.zoomBy(0.8)}
          aria-label={t.zoomOut}
          title={t.zoomOut}
        >
          −
        </button>
        <button type="button" onClick={() => viewRef.current?.fit()} title={t.fitTitle}>
          {t.fit}
        </button>
        <GraphSearch
          names={names}
          t={t}
          onFind={(chain) => {
            focus.current = { chain };
            setState({ of: full, open, found: chain });
          }}
        />
        {status === 'pending' ? <span className="nv-hint">{t.laying}</span> : null}
        {laid && 'error' in laid && status === 'error' ? (
          <span className="nv-bad">{t.failed(laid.error)}</span>
        ) : null}
      </div>
      {folded.folding ? (
        <div className="cg-folding" data-testid="graph-folding">
          <p className="nv-hint">{t.folded(shown.nodes.length, full.nodes.length)}</p>
          {folded.opened.map((o) => (
            <button
              type="button"
              key={o.family}
              data-testid="graph-fold-back"
              onClick={() => {
                const next = new Map(open);
                next.delete(o.family);
                focus.current = { family: o.family };
                setState({ of: full, found, open: next });
              }}
            >
              {t.foldBack(o.family, o.shown, o.count)}
            </button>
          ))}
        </div>
      ) : null}
      {full.nodes.length === 0 && !waiting ? <p className="nv-hint">{t.empty(table)}</p> : null}
      <svg ref={svgRef} className="nv-graph-svg" data-status={status} />
    </section>
  );
}
