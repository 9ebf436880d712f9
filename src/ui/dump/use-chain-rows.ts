/**
 * An open chain's rows for the chain list. From the full parse when it is done; while it runs,
 * from the outline worker a page at a time, only the pages in view (and one around them), so a
 * 9,000-rule chain shows its first rows as soon as it is opened. When the full parse ends, the
 * pages already here stay on screen until its rows arrive (the very same rows).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DumpOutline, DumpRuleRow } from '../../worker/dump-protocol.ts';
import { ROW_PAGE, useDumpRows, useOutlineRowPages } from './dump-queries.ts';

export interface ChainRows {
  /** every row, or (read by pages) those here so far */
  rows: readonly (DumpRuleRow | undefined)[];
  count: number;
  /** for the list: the rows it draws */
  onRange: (first: number, last: number) => void;
}

/** the pages holding rows [first, last), with a half page more on each side */
export function pagesOf(first: number, last: number, count: number): number[] {
  const from = Math.max(0, Math.floor((first - ROW_PAGE / 2) / ROW_PAGE));
  const to = Math.floor((Math.min(count, last + ROW_PAGE / 2) - 1) / ROW_PAGE);
  const out: number[] = [];
  for (let p = from; p <= to; p++) out.push(p);
  return out;
}

/** null until there is something to show: the full parse's rows, or an outline to read pages of */
export function useChainRows(summary: DumpOutline, table: string, chain: string): ChainRows | null {
  const tb = summary.tables.find((x) => x.name === table);
  const i = tb ? tb.names.indexOf(chain) : -1;
  const count = tb && i >= 0 ? (tb.rules[i] ?? 0) : 0;
  // the outline the pages are read from, kept once the full summary replaces it
  const [outlineId, setOutlineId] = useState(summary.partial ? summary.id : null);
  if (summary.partial && outlineId !== summary.id) setOutlineId(summary.id);
  const full = useDumpRows(summary.partial ? null : summary.id, table, chain);
  const [range, setRange] = useState<[number, number]>([0, 1]);
  const onRange = useCallback((first: number, last: number) => setRange([first, last]), []);
  const pages = full.data ? [] : pagesOf(range[0], range[1], count);
  const paged = useOutlineRowPages(outlineId, table, chain, pages, summary.partial);
  const shown = (full.data?.length ?? paged[0]?.data?.length ?? 0) > 0;
  const marked = useRef(false);
  useEffect(() => {
    // when the opened chain's first rows are on screen (the big-dump test waits for them)
    if (!shown || marked.current) return;
    marked.current = true;
    performance.mark('dump:rows-drawn');
  }, [shown]);
  if (full.data) return { rows: full.data, count: full.data.length, onRange };
  if (outlineId === null) return null;
  const rows: (DumpRuleRow | undefined)[] = new Array<DumpRuleRow | undefined>(count);
  pages.forEach((page, k) => {
    const got = paged[k]?.data;
    if (got) for (let j = 0; j < got.length; j++) rows[page * ROW_PAGE + j] = got[j];
  });
  return { rows, count, onRange };
}
