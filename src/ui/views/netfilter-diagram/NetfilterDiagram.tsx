/**
 * Mounts the d3 packet-flow picture and feeds it the state at the current step; beside it, what
 * decided that step and the addresses NAT has changed so far. The picture takes the shape and
 * scale that keep its words readable in the room it is given (layout.ts, fitShape).
 */
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import type { Backend } from '../../../engine/netfilter/host.ts';
import type { TraceStep } from '../../../engine/netfilter/trace.ts';
import type { Lang } from '../shared/lang.ts';
import { prefersReducedMotion, watchReducedMotion } from '../shared/motion.ts';
import '../shared/views.css';
import './diagram.css';
import { decidedBy } from './decided-by.ts';
import { diagramState } from './diagram-state.ts';
import { createDiagram, type DiagramView } from './draw.ts';
import { diagramLayout, fitShape, type Shape } from './layout.ts';
import { strings } from './strings.ts';
import { stepsFamily } from '../../family/family-state.ts';

export interface NetfilterDiagramProps {
  steps: readonly TraceStep[];
  current: number;
  backend: Backend;
  lang: Lang;
  /** shown with the "this step" line, kept in sight while the picture scrolls (the player's controls) */
  footer?: ReactNode;
}

interface Fit {
  shape: Shape;
  scale: number;
}

/** The shape and scale for the room the picture's box has, kept up to date as it resizes. */
function useFit(box: RefObject<HTMLDivElement | null>): Fit | null {
  const [fit, setFit] = useState<Fit | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const measure = (width: number) => {
      const next = fitShape(width);
      const scale = Math.round(next.scale * 100) / 100;
      setFit((f) => (f && f.shape === next.shape && f.scale === scale ? f : { ...next, scale }));
    };
    measure(el.clientWidth);
    const ro = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w !== undefined) measure(w);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [box]);
  return fit;
}

export function NetfilterDiagram(props: NetfilterDiagramProps) {
  const { steps, current, backend, lang } = props;
  const boxRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const viewRef = useRef<DiagramView | null>(null);
  const [reducedMotion, setReducedMotion] = useState(prefersReducedMotion);
  const fit = useFit(boxRef);
  const text = strings[lang];
  const state = useMemo(() => diagramState(steps, current), [steps, current]);
  const decided = useMemo(() => decidedBy(steps, current, lang), [steps, current, lang]);

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
  const family = stepsFamily(steps) ?? 'ipv4';
  useEffect(() => {
    if (fit)
      viewRef.current?.update({ backend, family, shape: fit.shape, state, text, reducedMotion });
  }, [backend, family, fit, state, text, reducedMotion]);

  const size = useMemo(() => {
    if (!fit) return undefined;
    const l = diagramLayout(backend, fit.shape);
    return { width: Math.round(l.width * fit.scale), height: Math.round(l.height * fit.scale) };
  }, [backend, fit]);
  const where = state.current ? state.current.replace('hook:', '').replace('/', ' ') : null;
  return (
    <figure className="nv-panel nv-diagram" data-testid="netfilter-diagram" data-shape={fit?.shape}>
      <figcaption className="nv-panel-title">{text.title}</figcaption>
      <div className="nf-box" ref={boxRef}>
        <svg
          ref={svgRef}
          role="img"
          aria-label={`${text.title}. ${text.describe(where)}`}
          style={size}
        />
      </div>
      <div className="nf-footer">
        <p className="nf-decided" aria-live="polite" data-testid="diagram-decided">
          <strong>{text.decidedBy}</strong> {decided ?? text.notEntered}
        </p>
        {props.footer}
      </div>
      {state.nat.length > 0 ? (
        <div className="nf-notes" data-testid="diagram-nat">
          <strong>{text.natTitle}</strong>
          <ul>
            {state.nat.map((n, i) => (
              <li key={i}>
                <span className="nf-note-head">
                  {n.type} · {n.at.replace('/', ' ')}
                </span>{' '}
                <code>{n.change}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </figure>
  );
}
