/**
 * A list that renders only the rows in view (plus a few): 36,000 chains or a chain of 10,000
 * rules scroll without 10,000 DOM rows. Rows have one fixed height.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

const OVERSCAN = 8;

export function VirtualList(props: {
  count: number;
  rowHeight: number;
  height: number;
  row: (index: number) => ReactNode;
  /** keep this row in view when it changes */
  scrollTo?: number | null;
  label: string;
  testId?: string;
  /** told the rows drawn (first, end excluded) whenever they change: for fetching them */
  onRange?: (first: number, last: number) => void;
}) {
  const { count, rowHeight, height, row, scrollTo, onRange } = props;
  const box = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el || scrollTo === null || scrollTo === undefined || scrollTo < 0) return;
    const y = scrollTo * rowHeight;
    if (y < el.scrollTop || y + rowHeight > el.scrollTop + el.clientHeight)
      el.scrollTop = Math.max(0, y - el.clientHeight / 3);
  }, [scrollTo, rowHeight]);
  const first = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((top + height) / rowHeight) + OVERSCAN);
  useEffect(() => {
    onRange?.(first, last);
  }, [onRange, first, last]);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++)
    rows.push(
      <div
        key={i}
        role="listitem"
        className="vl-row"
        style={{ top: i * rowHeight, height: rowHeight }}
      >
        {row(i)}
      </div>,
    );
  return (
    <div
      ref={box}
      className="vl"
      style={{ height: Math.min(height, Math.max(count, 1) * rowHeight + 2) }}
      onScroll={(e) => setTop(e.currentTarget.scrollTop)}
      role="list"
      aria-label={props.label}
      data-testid={props.testId}
      data-count={count}
    >
      <div className="vl-inner" style={{ height: count * rowHeight }}>
        {rows}
      </div>
    </div>
  );
}
