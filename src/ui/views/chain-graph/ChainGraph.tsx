/**
 * The chains of one table as a layered graph: the traced path lit up to the current step,
 * probabilities on random branches, zoom and pan, click or Enter on a chain to select it. A big
 * table shows the traced path and its neighbours, every other chain folded by family into a node
 * that opens on click; a search finds any chain, unfolds it and centres it. The first view is
 * framed at a scale where the names can be read.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TraceStep } from '../../../engine/netfilter/trace.ts';
import { findTable, type Ruleset } from '../../../engine/rules/model-face.ts';
import type { Lang } from '../shared/lang.ts';
import { prefersReducedMotion, watchReducedMotion } from '../shared/motion.ts';
import '../shared/views.css';
import './chain-graph.css';
import { useChainGraphView } from './use-chain-graph-view.ts';
import { foldGraph } from './fold-model.ts';
import { chainGraph, tracedPath, type ChainGraphModel, type ChainNode } from './graph-model.ts';
import { FoldingNotes, GraphTitle, GraphTools } from './GraphTools.tsx';
import { firstFrame, focusedIds, type Focus } from './framing.ts';
import { useEdgeTexts, useLaidGraph } from './use-laid-graph.ts';
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

/** What the user opened and found, for one table's graph. */
interface Unfolded {
  of: ChainGraphModel;
  open: ReadonlyMap<string, number>;
  found: string | null;
}

const NONE = new Map<string, number>();
const NO_GRAPH: ChainGraphModel = { nodes: [], edges: [] };

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
  const texts = useEdgeTexts(shown, t);
  const { laid, status, ready } = useLaidGraph(shown, texts, t, waiting);

  const lit = useMemo(() => tracedPath(steps, current, table), [steps, current, table]);
  const svgRef = useRef<SVGSVGElement>(null);
  const activate = useRef<(n: ChainNode) => void>(() => undefined);
  /** what the next layout frames: a found chain, an opened or folded family */
  const focus = useRef<Focus | null>(null);
  useEffect(() => {
    activate.current = (n) => {
      const family = n.fold?.family;
      if (family === undefined) return onSelectChain(n.id);
      focus.current = { family };
      setState({ of: full, found, open: new Map(open).set(family, (open.get(family) ?? 0) + 1) });
    };
  }, [onSelectChain, full, found, open]);
  const viewRef = useChainGraphView(svgRef, activate);
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
    const { lit: now, whole } = litRef.current;
    const frame = first ? firstFrame(ready.graph.nodes, now.current, whole.chains) : 'keep';
    viewRef.current.setData({
      layout: ready.layout,
      nodes: ready.graph.nodes,
      edges: ready.graph.edges,
      edgeText: (id) => texts.get(id) ?? null,
      text: t,
      frame,
    });
  }, [ready, texts, t, table, model, viewRef]);
  // a found chain or an opened family is framed once it is laid out (at once when it already is)
  useEffect(() => {
    const f = focus.current;
    if (!f || !ready || !viewRef.current) return;
    const ids = focusedIds(ready.graph.nodes, f);
    if (!ids.length) return;
    focus.current = null;
    viewRef.current.frame(ids);
  }, [ready, state, viewRef]);

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
  }, [lit, selectedChain, found, reducedMotion, ready, viewRef]);

  const names = useMemo(() => full.nodes.map((n) => n.id), [full]);
  return (
    <section className="nv-panel nv-graph" data-testid="chain-graph" aria-label={t.title(table)}>
      <GraphTitle t={t} table={table} />
      <GraphTools
        t={t}
        view={viewRef}
        names={names}
        status={status}
        error={laid && 'error' in laid ? laid.error : null}
        onFind={(chain) => {
          focus.current = { chain };
          setState({ of: full, open, found: chain });
        }}
      />
      {folded.folding ? (
        <FoldingNotes
          t={t}
          shown={shown.nodes.length}
          all={full.nodes.length}
          opened={folded.opened}
          onFoldBack={(family) => {
            const next = new Map(open);
            next.delete(family);
            focus.current = { family };
            setState({ of: full, found, open: next });
          }}
        />
      ) : null}
      {full.nodes.length === 0 && !waiting ? <p className="nv-hint">{t.empty(table)}</p> : null}
      <svg ref={svgRef} className="nv-graph-svg" data-status={status} />
    </section>
  );
}
