/**
 * The chain graph's layout as React state: the edges' label texts, and the ELK layout of the
 * shown graph with whether it is on its way, failed or ready for the graph on screen.
 */
import { useEffect, useMemo, useState } from 'react';
import { edgeText, type EdgeText } from './edge-label.ts';
import { layoutChainGraph, type GraphLayout } from './elk-layout.ts';
import type { ChainGraphModel } from './graph-model.ts';
import { nodeSubtitle } from './node-text.ts';
import type { GraphStrings } from './strings.ts';

/** A layout, or why it failed, for the graph it was made for. */
export type Laid =
  { graph: ChainGraphModel; layout: GraphLayout } | { graph: ChainGraphModel; error: string };

export type LayoutStatus = 'pending' | 'error' | 'ready';

const EMPTY_LAYOUT: GraphLayout = { width: 0, height: 0, nodes: new Map(), edges: new Map() };

/** The label of each edge that has one (probabilities, `goto`), by edge id. */
export function useEdgeTexts(shown: ChainGraphModel, t: GraphStrings): Map<string, EdgeText> {
  return useMemo(() => {
    const m = new Map<string, EdgeText>();
    for (const e of shown.edges) {
      const text = edgeText(e, t);
      if (text) m.set(e.id, text);
    }
    return m;
  }, [shown, t]);
}

export function useLaidGraph(
  shown: ChainGraphModel,
  texts: ReadonlyMap<string, EdgeText>,
  t: GraphStrings,
  waiting: boolean,
): {
  laid: Laid | null;
  status: LayoutStatus;
  ready: { graph: ChainGraphModel; layout: GraphLayout } | null;
} {
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
  return { laid, status, ready };
}
