/**
 * The trace's steps, one line each, windowed: only the rows in view (and a few around) are in
 * the DOM, so a trace of thousands of steps scrolls as lightly as one of fifty.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TraceStep } from '../../../engine/netfilter/trace.ts';
import type { Lang } from '../shared/lang.ts';
import { usePlayerStore } from './player-store.ts';
import { shortWhere, stepLabel, type StepLabel } from './step-label.ts';
import { scrollToShow, visibleRows } from './window-range.ts';

const ROW_H = 24;

const Row = memo(function Row({
  index,
  label,
  current,
}: {
  index: number;
  label: StepLabel;
  current: boolean;
}) {
  return (
    <div
      className={`nv-step nv-tone-${label.tone}${current ? ' current' : ''}`}
      style={{ top: index * ROW_H, paddingLeft: `${0.4 + label.depth * 0.9}rem` }}
      role="option"
      aria-selected={current}
      id={`nv-step-${index}`}
      data-index={index}
      title={`${label.where} — ${label.what}`}
    >
      <span className="nv-step-no">{index + 1}</span>
      <span className="nv-step-where">{shortWhere(label)}</span>
      <span className="nv-step-what">{label.what}</span>
    </div>
  );
});

export function StepList({ steps, lang }: { steps: readonly TraceStep[]; lang: Lang }) {
  const current = usePlayerStore((s) => s.current);
  const labels = useMemo(() => steps.map((s) => stepLabel(s, lang)), [steps, lang]);
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(320);
  // the list's scroll and height as last reported: read here rather than from the DOM, which
  // would force a layout of the whole page in the middle of a commit
  const seen = useRef({ top: 0, height: 320 });

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const ro = new ResizeObserver(() => {
      seen.current.height = el.clientHeight;
      setViewport(el.clientHeight);
    });
    // the observer reports the first size too, once layout is done: reading it here would
    // force a layout of the whole page in the middle of the render's commit
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // keep the current step in view as the player moves
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const to = scrollToShow(current, seen.current.top, seen.current.height, ROW_H);
    if (to !== null) {
      el.scrollTop = to;
      seen.current.top = to;
      setScrollTop(to);
    }
  }, [current, steps]);

  const { first, last } = visibleRows(scrollTop, viewport, ROW_H, labels.length);
  const rows = [];
  for (let i = first; i < last; i++) {
    const label = labels[i];
    if (label) rows.push(<Row key={i} index={i} label={label} current={i === current} />);
  }
  return (
    <div
      ref={ref}
      className="nv-steps"
      role="listbox"
      tabIndex={0}
      aria-label={lang === 'ko' ? '추적 단계' : 'Trace steps'}
      aria-activedescendant={current >= 0 ? `nv-step-${current}` : undefined}
      onScroll={(e) => {
        seen.current.top = e.currentTarget.scrollTop;
        setScrollTop(e.currentTarget.scrollTop);
      }}
      onClick={(e) => {
        const row = (e.target as Element).closest('[data-index]');
        if (row) usePlayerStore.getState().seek(Number(row.getAttribute('data-index')));
      }}
      data-testid="trace-steps"
    >
      <div style={{ height: labels.length * ROW_H, position: 'relative' }}>{rows}</div>
    </div>
  );
}
