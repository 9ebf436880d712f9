/**
 * Search a loaded dump in the worker: chains and rules by text, rules by comment (a Service's
 * name), or the rules that can match an address and/or port. A hit opens its chain.
 */
import type { DumpOutline, DumpSearchMode } from '../../worker/dump-protocol.ts';
import { useLang } from '../i18n/index.ts';
import { useUi } from '../stores/ui-store.ts';
import { useDumpSearch } from './dump-queries.ts';
import { useDump } from './dump-store.ts';
import { HeatBar } from './RuleRows.tsx';
import { dumpStrings } from './strings.ts';
import { useSearchQuery } from './use-search-query.ts';
import { VirtualList } from './VirtualList.tsx';

const MODES: DumpSearchMode[] = ['comment', 'text', 'reach'];
const ROW = 40;

/** Search; on an outline (`summary.partial`) text and comment search work, address search waits. */
export function SearchPanel({ summary }: { summary: DumpOutline }) {
  const t = dumpStrings[useLang()];
  const mode = useDump((s) => s.searchMode);
  const text = useDump((s) => s.searchText);
  const includeOpen = useDump((s) => s.includeOpen);
  const set = useDump((s) => s.set);
  const query = useSearchQuery(text, 200);
  const q = { mode, query, ...(mode === 'reach' ? { includeOpen } : {}) };
  const r = useDumpSearch(summary.id, q, summary.partial).data;
  const waiting = summary.partial && mode === 'reach';
  const openChain = (table: string, chain: string) =>
    set({ tab: 'chains', open: { table, chain } });
  return (
    <div className="dump-search" data-testid="dump-search">
      <div role="group" aria-label={t.search.label} className="segmented small">
        {MODES.map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={mode === m}
            onClick={() => set({ searchMode: m })}
            data-testid={`search-mode-${m}`}
          >
            {t.search.modes[m]}
          </button>
        ))}
      </div>
      <input
        type="search"
        className="dump-filter"
        aria-label={t.search.label}
        placeholder={t.search.placeholder[mode]}
        value={text}
        onChange={(e) => set({ searchText: e.target.value })}
        data-testid="dump-search-input"
      />
      {mode === 'reach' ? (
        <label className="host-check">
          <input
            type="checkbox"
            checked={includeOpen}
            onChange={(e) => set({ includeOpen: e.target.checked })}
          />{' '}
          {t.search.includeOpen}
        </label>
      ) : null}
      {waiting ? (
        <p className="hint" data-testid="dump-search-later">
          {t.loading.reach}
        </p>
      ) : null}
      {r?.problem && !waiting ? <p className="banner error">{r.problem}</p> : null}
      {r && query.trim() !== '' && !r.problem && !waiting ? (
        <SearchResults r={r} summary={summary} openChain={openChain} />
      ) : null}
    </div>
  );
}

type SearchResult = NonNullable<ReturnType<typeof useDumpSearch>['data']>;

/** The chains and rules a search found; a chain or a rule's place opens its chain. */
function SearchResults({
  r,
  summary,
  openChain,
}: {
  r: SearchResult;
  summary: DumpOutline;
  openChain: (table: string, chain: string) => void;
}) {
  const t = dumpStrings[useLang()];
  const revealAt = useUi((s) => s.revealAt);
  return (
    <div aria-live="polite">
      {r.chainTotal > 0 ? (
        <>
          <p className="hint">{t.search.chains(r.chains.length, r.chainTotal)}</p>
          <ul className="dump-search-chains">
            {r.chains.slice(0, 50).map((c) => (
              <li key={`${c.table}/${c.name}`}>
                <button
                  type="button"
                  className="link mono"
                  onClick={() => openChain(c.table, c.name)}
                >
                  {c.table}/{c.name}
                </button>{' '}
                <span className="muted">({c.rules})</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="hint" data-testid="dump-search-count">
        {r.total === 0 && r.chainTotal === 0
          ? t.search.none
          : t.search.hits(r.hits.length, r.total)}
      </p>
      <VirtualList
        count={r.hits.length}
        rowHeight={ROW}
        height={280}
        label={t.search.label}
        testId="dump-search-hits"
        row={(i) => {
          const h = r.hits[i];
          if (!h) return null;
          return (
            <div className="dump-hit">
              <div className="dump-hit-head">
                <button
                  type="button"
                  className="link mono"
                  onClick={() => openChain(h.table, h.chain)}
                >
                  {h.table}/{h.chain} #{h.index}
                </button>
                {h.reach ? (
                  <span className={`dump-reach ${h.reach}`}>
                    {h.reach === 'names' ? t.search.names : t.search.open}
                  </span>
                ) : null}
                {summary.hasCounters ? (
                  <HeatBar
                    packets={h.packets}
                    max={summary.maxRulePackets}
                    title={t.heat(h.packets)}
                  />
                ) : null}
              </div>
              <button
                type="button"
                className="dump-hit-text mono"
                onClick={() => revealAt(h.line, 1)}
                title={t.showInText}
              >
                {h.text}
              </button>
            </div>
          );
        }}
      />
    </div>
  );
}
