/**
 * The dump's chains, one table at a time, as a virtualised list with rule counts and counter
 * heat; a chain opens into its rules (fetched from the worker on demand).
 */
import { useEffect, useMemo } from 'react';
import type { DumpOutline } from '../../worker/dump-protocol.ts';
import { useLang } from '../i18n/index.ts';
import { useUi } from '../stores/ui-store.ts';
import { useDump } from './dump-store.ts';
import { HeatBar, RuleRows } from './RuleRows.tsx';
import { dumpStrings } from './strings.ts';
import { useChainRows } from './use-chain-rows.ts';
import { VirtualList } from './VirtualList.tsx';

const ROW = 26;
const HEIGHT = 300;

function OpenChain({
  summary,
  table,
  chain,
}: {
  summary: DumpOutline;
  table: string;
  chain: string;
}) {
  const t = dumpStrings[useLang()];
  const set = useDump((s) => s.set);
  const revealAt = useUi((s) => s.revealAt);
  const rows = useChainRows(summary, table, chain);
  const tb = summary.tables.find((x) => x.name === table);
  const i = tb ? tb.names.indexOf(chain) : -1;
  const policy = tb?.policies[chain];
  return (
    <div className="dump-open-chain" data-testid="dump-open-chain">
      <div className="dump-row-head">
        <button type="button" className="link" onClick={() => set({ open: null })}>
          {t.back}
        </button>
        <strong className="mono">{t.rulesOf(table, chain)}</strong>
        {policy ? <span className="muted">{t.policy(policy)}</span> : null}
        {tb && i >= 0 ? (
          <button type="button" className="link" onClick={() => revealAt(tb.lines[i] ?? 1, 1)}>
            {t.showInText}
          </button>
        ) : null}
      </div>
      {rows && rows.count === 0 ? <p className="hint">{t.noRules}</p> : null}
      {rows ? (
        <RuleRows
          rows={rows.rows}
          count={rows.count}
          onRange={rows.onRange}
          maxPackets={summary.maxRulePackets}
          hasCounters={summary.hasCounters}
          status={null}
          height={HEIGHT}
          onLine={(line) => revealAt(line, 1)}
          testId="dump-rule-rows"
        />
      ) : null}
    </div>
  );
}

/** The chain list of a parsed dump, or of one being parsed (its outline: `summary.partial`). */
export function ChainList({ summary }: { summary: DumpOutline }) {
  const t = dumpStrings[useLang()];
  const open = useDump((s) => s.open);
  const chosen = useDump((s) => s.listTable);
  const filter = useDump((s) => s.chainFilter);
  const set = useDump((s) => s.set);
  const fallback = summary.tables.find((x) => x.name === 'nat') ?? summary.tables[0];
  const table = summary.tables.find((x) => x.name === chosen) ?? fallback;
  // when the list of a newly parsed dump is on screen (the big-dump test measures up to here)
  useEffect(() => {
    performance.mark(summary.partial ? 'dump:outline-drawn' : 'dump:chains-drawn');
  }, [summary]);
  const shown = useMemo(() => {
    if (!table) return [];
    const f = filter.trim().toLowerCase();
    const out: number[] = [];
    for (let i = 0; i < table.names.length; i++)
      if (f === '' || (table.names[i] ?? '').toLowerCase().includes(f)) out.push(i);
    return out;
  }, [table, filter]);
  if (open)
    return (
      <OpenChain
        key={`${open.table}/${open.chain}`}
        summary={summary}
        table={open.table}
        chain={open.chain}
      />
    );
  if (!table) return null;
  return (
    <div className="dump-chains">
      <div className="dump-row-head">
        <label className="field inline">
          <span>{t.table}</span>
          <select
            value={table.name}
            onChange={(e) => set({ listTable: e.target.value })}
            data-testid="dump-table-select"
          >
            {summary.tables.map((x) => (
              <option key={x.name} value={x.name}>
                {x.name} ({x.names.length.toLocaleString()})
              </option>
            ))}
          </select>
        </label>
        <input
          type="search"
          className="dump-filter"
          placeholder={t.filterChains}
          aria-label={t.filterChains}
          value={filter}
          onChange={(e) => set({ chainFilter: e.target.value })}
          data-testid="dump-chain-filter"
        />
      </div>
      <p className="hint">{t.chainRows(shown.length)}</p>
      <VirtualList
        count={shown.length}
        rowHeight={ROW}
        height={HEIGHT}
        label={t.tabs.chains}
        testId="dump-chain-list"
        row={(k) => {
          const i = shown[k] ?? 0;
          const name = table.names[i] ?? '';
          const packets = table.packets[i] ?? 0;
          return (
            <button
              type="button"
              className="dump-chain"
              onClick={() => set({ open: { table: table.name, chain: name } })}
              data-chain={name}
            >
              <span className="dump-chain-name mono">{name}</span>
              {summary.hasCounters ? (
                <HeatBar packets={packets} max={summary.maxChainPackets} title={t.heat(packets)} />
              ) : null}
              <span className="dump-chain-rules muted">
                {table.policies[name] ? `${table.policies[name]} · ` : ''}
                {(table.rules[i] ?? 0).toLocaleString()}
              </span>
            </button>
          );
        }}
      />
    </div>
  );
}
