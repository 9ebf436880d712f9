/** The d3 drawing of the chain graph, made once for the component's svg and destroyed with it. */
import { useEffect, useRef, type RefObject } from 'react';
import { createChainGraph, type ChainGraphView } from './draw.ts';
import type { ChainNode } from './graph-model.ts';

/** `activate` is read at each click, so the view never holds a stale handler. */
export function useChainGraphView(
  svg: RefObject<SVGSVGElement | null>,
  activate: RefObject<(n: ChainNode) => void>,
): RefObject<ChainGraphView | null> {
  const view = useRef<ChainGraphView | null>(null);
  useEffect(() => {
    if (!svg.current) return undefined;
    const made = createChainGraph(svg.current, (n) => activate.current(n));
    view.current = made;
    return () => {
      made.destroy();
      view.current = null;
    };
  }, [svg, activate]);
  return view;
}
