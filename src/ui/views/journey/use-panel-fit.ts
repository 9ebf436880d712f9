/**
 * The strip's room: the width of its panel (followed as the window resizes) and a measure of
 * text in the fonts the strip is drawn in (a canvas, read from the panel's own styles).
 */
import { useEffect, useState, type RefObject } from 'react';
import { roughMeasure, type Measure } from './text-fit.ts';

function canvasMeasure(el: Element): Measure {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return roughMeasure;
  const style = getComputedStyle(el);
  const sans = style.fontFamily || 'sans-serif';
  const mono = style.getPropertyValue('--nv-mono').trim() || 'monospace';
  const cache = new Map<string, number>();
  return (text, font) => {
    const spec = `${font.weight ?? 400} ${font.size}px ${font.mono ? mono : sans}`;
    const key = `${spec}|${text}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    ctx.font = spec;
    const w = ctx.measureText(text).width;
    cache.set(key, w);
    return w;
  };
}

export function usePanelFit(ref: RefObject<HTMLElement | null>): {
  width: number | undefined;
  measure: Measure;
} {
  const [width, setWidth] = useState<number | undefined>(undefined);
  const [measure, setMeasure] = useState<Measure>(() => roughMeasure);
  // a passive effect: measuring fonts and re-rendering the strip happen in a task of their own
  // after the first paint (the rough measure draws it meanwhile), not inside the page's first task
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setMeasure(() => canvasMeasure(el));
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(() => setWidth(el.clientWidth));
    watch.observe(el);
    return () => watch.disconnect();
  }, [ref]);
  return { width, measure };
}
