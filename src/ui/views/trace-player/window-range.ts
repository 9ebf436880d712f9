/** Which rows of a fixed-height list to render, and where to scroll so a row shows. */
export interface RowWindow {
  first: number;
  /** exclusive */
  last: number;
}

export function visibleRows(
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  count: number,
  overscan = 8,
): RowWindow {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  return { first, last: Math.max(first, last) };
}

/** The scrollTop that brings row `i` into view with a row of margin, or null if it shows. */
export function scrollToShow(
  i: number,
  scrollTop: number,
  viewport: number,
  rowHeight: number,
): number | null {
  if (i < 0) return scrollTop === 0 ? null : 0;
  const top = i * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop + rowHeight) return Math.max(0, top - rowHeight);
  if (bottom > scrollTop + viewport - rowHeight) return bottom - viewport + rowHeight;
  return null;
}
