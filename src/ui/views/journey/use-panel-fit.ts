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
  // both are read in the resize observer's callback, which runs once the frame has been laid
  // out: reading the width and the styles there costs nothing, whereas reading them in an effect
  // right after a commit lays the whole page out there and then (a long task). Until then the
  // rough measure draws the strip.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let read = false;
    const look = () => {
      if (!read) {
        read = true;
        const measured = canvasMeasure(el);
        setMeasure(() => measured);
      }
      setWidth(el.clientWidth);
    };
    if (typeof ResizeObserver === 'undefined') {
      look();
      return;
    }
    const watch = new ResizeObserver(look);
    watch.observe(el);
    return () => watch.disconnect();
  }, [ref]);
  return { width, measure };
}
