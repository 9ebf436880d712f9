/**
 * A chain search over the whole table, folded chains included: the first names that hold the
 * typed text, as buttons; Enter takes the first. The graph then unfolds, centres and lights it.
 */
import { useMemo, useRef, useState } from 'react';
import { findChains } from './find-chain.ts';
import type { GraphStrings } from './strings.ts';

const SHOWN = 8;

export function GraphSearch({
  names,
  onFind,
  t,
}: {
  names: readonly string[];
  onFind: (chain: string) => void;
  t: GraphStrings;
}) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const found = useMemo(() => findChains(names, query, SHOWN), [names, query]);
  const pick = (chain: string) => {
    setOpen(false);
    onFind(chain);
  };
  return (
    <div className="cg-search">
      <input
        type="search"
        value={query}
        placeholder={t.findPlaceholder}
        aria-label={t.find}
        title={t.find}
        data-testid="graph-search"
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          const first = found.hits[0];
          if (e.key === 'Enter' && first) {
            e.preventDefault();
            pick(first);
          } else if (e.key === 'ArrowDown') {
            e.preventDefault();
            list.current?.querySelector('button')?.focus();
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {open && query.trim() ? (
        <div className="cg-matches" data-testid="graph-search-matches">
          {found.hits.length ? (
            <ul ref={list}>
              {found.hits.map((h) => (
                <li key={h}>
                  <button type="button" onClick={() => pick(h)}>
                    {h}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <span className="nv-hint">{t.noMatch}</span>
          )}
          {found.more ? <span className="nv-hint">{t.moreMatches(found.more)}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
