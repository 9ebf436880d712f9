/**
 * A chain's rules as a virtualised list of their text, with counters as heat, and (when a trace
 * ran through the chain) which rules matched, which failed and which one is current.
 */
import type { ChainStatus } from '../views/rule-table/rule-status.ts';
import type { DumpRuleRow } from '../../worker/dump-protocol.ts';
import { useLang } from '../i18n/index.ts';
import { dumpStrings } from './strings.ts';
import { heat } from './dump-store.ts';
import { VirtualList } from './VirtualList.tsx';

const ROW = 24;

export function HeatBar({ packets, max, title }: { packets: number; max: number; title: string }) {
  const h = heat(packets, max);
  return (
    <span className="dump-heat" title={title} aria-label={title} data-heat={h.toFixed(2)}>
      <span style={{ width: `${Math.round(h * 100)}%` }} />
    </span>
  );
}

function isCurrent(status: ChainStatus | null, index: number): boolean {
  if (!status) return false;
  if (status.currentRule === index) return true;
  const r = status.currentRange;
  return r !== null && index >= r[0] && index <= r[1];
}

export function RuleRows(props: {
  /** the rows, or (a long chain read a page at a time) those fetched so far, `count` in all */
  rows: readonly (DumpRuleRow | undefined)[];
  count?: number;
  onRange?: (first: number, last: number) => void;
  maxPackets: number;
  hasCounters: boolean;
  status: ChainStatus | null;
  height: number;
  onLine: (line: number) => void;
  testId?: string;
}) {
  const t = dumpStrings[useLang()];
  const { rows, status } = props;
  const current = status?.currentRule ?? status?.currentRange?.[0] ?? null;
  return (
    <VirtualList
      count={props.count ?? rows.length}
      rowHeight={ROW}
      height={props.height}
      label={t.ruleListTitle}
      {...(props.testId ? { testId: props.testId } : {})}
      {...(props.onRange ? { onRange: props.onRange } : {})}
      scrollTo={current === null ? null : current - 1}
      row={(i) => {
        const r = rows[i];
        // a row of a page still on its way
        if (!r)
          return (
            <span className="dump-rule pending" aria-busy="true">
              <span className="dump-rule-index">{i + 1}</span>
              <span className="dump-rule-text muted">…</span>
            </span>
          );
        const o = status?.seen.get(r.index);
        const cls = [
          'dump-rule',
          isCurrent(status, r.index) ? 'current' : '',
          o ? (o.matched ? 'matched' : 'missed') : '',
          r.invalid ? 'invalid' : '',
          r.unknown ? 'unknown' : '',
        ].join(' ');
        return (
          <button
            type="button"
            className={cls}
            title={`${t.showInText} (${r.line})`}
            onClick={() => props.onLine(r.line)}
            data-rule={r.index}
          >
            <span className="dump-rule-index">{r.index}</span>
            {props.hasCounters ? (
              <HeatBar packets={r.packets} max={props.maxPackets} title={t.heat(r.packets)} />
            ) : null}
            <span className="dump-rule-text">{r.text}</span>
          </button>
        );
      }}
    />
  );
}
