/**
 * The chains of one table as a layered graph: the traced path lit up to the current step,
 * probabilities on random branches, zoom and pan, click or Enter on a chain to select it. Above
 * LARGE_GRAPH chains only the traced neighbourhood is drawn until the user expands it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TraceStep } from '../../../engine/netfilter/trace.ts';
import { findTable, type Ruleset } from '../../../engine/rules/index.ts';
import { percent } from '../shared/format.ts';
import type { Lang } from '../shared/lang.ts';
import { prefersReducedMotion, watchReducedMotion } from '../shared/motion.ts';
import '../shared/views.css';
import { createChainGraph, type ChainGraphView } from './draw.ts';
import { probabilityLabel } from './edge-label.ts';
import { layoutChainGraph, type GraphLayout } from './elk-layout.ts';
import { chainGraph, neighbourhood, tracedPath, type ChainGraphModel } from './graph-model.ts';
import { nodeSubtitle } from './node-text.ts';
import { strings } from './strings.ts';

export const LARGE_GRAPH = 500;

export interface ChainGraphProps {
  ruleset: Ruleset;
  table: string;
  steps: readonly TraceStep[];
  current: number;
  selectedChain: string | null;
  onSelectChain: (chain: string) => void;
  lang: Lang;
  /** the table's graph when the ruleset carries no rules (a dump kept in the worker) */
  model?: ChainGraphModel | undefined;
}

/** A layout, or why it failed, for the graph it was made for. */
type Laid =
  { graph: ChainGraphModel; layout: GraphLayout } | { graph: ChainGraphModel; error: string };

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
  const full = useMemo(
    () => model ?? chainGraph(findTable(ruleset, table)),
    [model, ruleset, table],
  );
  const wholePath = useMemo(() => tracedPath(steps, steps.length - 1, table), [steps, table]);
  const large = full.nodes.length > LARGE_GRAPH;
  const [expanded, setExpanded] = useState(false);
  const shown = useMemo(
    () => (large && !expanded ? neighbourhood(full, wholePath.chains) : full),
    [full, large, expanded, wholePath],
  );
  const labels = useMemo(() => {
    const m = new Map<string, { label: string; title: string }>();
    for (const e of shown.edges) {
      const p = e.probability;
      if (!p) continue;
      const rules = e.rules.map((r) => `#${r}`).join(', ');
      m.set(e.id, {
        label: probabilityLabel(p, t.rest),
        title: p.rest
          ? t.restTitle(percent(p.share), rules)
          : t.probabilityTitle(percent(p.conditional), percent(p.share), rules),
      });
    }
    return m;
  }, [shown, t]);

  const [laid, setLaid] = useState<Laid | null>(null);
  useEffect(() => {
    let live = true;
    layoutChainGraph(
      shown,
      (id) => labels.get(id)?.label ?? null,
      (n) => nodeSubtitle(n, t),
    ).then(
      (layout) => live && setLaid({ graph: shown, layout }),
      (err: unknown) => live && setLaid({ graph: shown, error: String(err) }),
    );
    return () => {
      live = false;
    };
  }, [shown, labels, t]);
  // a layout made for another graph is stale: the new one is on its way
  const status = !laid || laid.graph !== shown ? 'pending' : 'error' in laid ? 'error' : 'ready';
  const ready = laid && 'layout' in laid && laid.graph === shown ? laid : null;

  const svgRef = useRef<SVGSVGElement>(null);
  const viewRef = useRef<ChainGraphView | null>(null);
  const selectRef = useRef(onSelectChain);
  useEffect(() => {
    selectRef.current = onSelectChain;
  }, [onSelectChain]);
  useEffect(() => {
    if (!svgRef.current) return undefined;
    const view = createChainGraph(svgRef.current, (c) => selectRef.current(c));
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, []);
  // the whole graph is framed when it first shows and when the table changes; a new layout of
  // the same table (an edited YAML, another language) keeps the user's zoom and pan
  const framedTable = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !viewRef.current) return;
    const refit = framedTable.current !== table;
    framedTable.current = table;
    viewRef.current.setData({
      layout: ready.layout,
      nodes: ready.graph.nodes,
      edges: ready.graph.edges,
      edgeLabel: (id) => labels.get(id)?.label ?? null,
      edgeTitle: (id) => labels.get(id)?.title ?? null,
      text: t,
      refit,
    });
  }, [ready, labels, t, table]);

  const lit = useMemo(() => tracedPath(steps, current, table), [steps, current, table]);
  const [reducedMotion, setReducedMotion] = useState(prefersReducedMotion);
  useEffect(() => watchReducedMotion(setReducedMotion), []);
  useEffect(() => {
    viewRef.current?.update({
      visited: new Set(lit.chains),
      litEdges: lit.edges,
      current: lit.current,
      selected: selectedChain,
      reducedMotion,
    });
  }, [lit, selectedChain, reducedMotion, ready]);

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
        <button type="button" onClick={() => viewRef.current?.fit()}>
          {t.fit}
        </button>
        {large ? (
          <>
            <span className="nv-hint">
              {expanded ? null : t.neighbourhood(shown.nodes.length, full.nodes.length)}
            </span>
            <button type="button" onClick={() => setExpanded((x) => !x)} data-testid="graph-expand">
              {expanded ? t.collapse : t.expand(full.nodes.length)}
            </button>
          </>
        ) : null}
        {status === 'pending' ? <span className="nv-hint">{t.laying}</span> : null}
        {laid && 'error' in laid && status === 'error' ? (
          <span className="nv-bad">{t.failed(laid.error)}</span>
        ) : null}
      </div>
      {full.nodes.length === 0 ? <p className="nv-hint">{t.empty(table)}</p> : null}
      <svg ref={svgRef} className="nv-graph-svg" data-status={status} />
    </section>
  );
}
