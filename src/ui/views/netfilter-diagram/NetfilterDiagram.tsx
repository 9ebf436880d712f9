/** Mounts the d3 packet-flow picture and feeds it the state at the current step. */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Backend } from '../../../engine/netfilter/host.ts';
import type { TraceStep } from '../../../engine/netfilter/trace.ts';
import type { Lang } from '../shared/lang.ts';
import { prefersReducedMotion, watchReducedMotion } from '../shared/motion.ts';
import '../shared/views.css';
import { diagramState } from './diagram-state.ts';
import { createDiagram, type DiagramView } from './draw.ts';
import { strings } from './strings.ts';

export interface NetfilterDiagramProps {
  steps: readonly TraceStep[];
  current: number;
  backend: Backend;
  lang: Lang;
}

export function NetfilterDiagram({ steps, current, backend, lang }: NetfilterDiagramProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const viewRef = useRef<DiagramView | null>(null);
  const [reducedMotion, setReducedMotion] = useState(prefersReducedMotion);
  const text = strings[lang];
  const state = useMemo(() => diagramState(steps, current), [steps, current]);

  useEffect(() => watchReducedMotion(setReducedMotion), []);
  useEffect(() => {
    if (!svgRef.current) return undefined;
    const view = createDiagram(svgRef.current);
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, []);
  useEffect(() => {
    viewRef.current?.update({ backend, state, text, reducedMotion });
  }, [backend, state, text, reducedMotion]);

  const where = state.current ? state.current.replace('hook:', '').replace('/', ' ') : null;
  return (
    <figure className="nv-panel nv-diagram" data-testid="netfilter-diagram">
      <figcaption className="nv-panel-title">{text.title}</figcaption>
      <svg ref={svgRef} role="img" aria-label={`${text.title}. ${text.describe(where)}`} />
      <p className="nv-sr-only" aria-live="polite">
        {text.describe(where)}
      </p>
      {current < 0 && steps.length > 0 ? <p className="nv-hint">{text.empty}</p> : null}
    </figure>
  );
}
