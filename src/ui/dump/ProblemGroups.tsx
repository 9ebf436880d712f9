/**
 * The dump's problems by kind: one line per kind with its count (an anonymised dump's 2,048
 * `XX:XX:XX:XX:XX:XX` are one line, not 2,048), opened to every row of it with its position.
 * The counts add up to the number in the heading and the tab.
 */
import { useCallback, useState } from 'react';
import type { Diagnostic } from '../../engine/rules/index.ts';
import type { DumpProblemGroup, DumpSummary } from '../../worker/dump-protocol.ts';
import { diagnosticText } from '../diagnostics/diagnostic-text.ts';
import { useLang, useT } from '../i18n/index.ts';
import { useUi } from '../stores/ui-store.ts';
import { ROW_PAGE, useProblemPages } from './dump-queries.ts';
import { dumpStrings } from './strings.ts';
import { pagesOf } from './use-chain-rows.ts';
import { VirtualList } from './VirtualList.tsx';

const ROW = 24;
const LIST_HEIGHT = 240;

function GroupRows({ id, group }: { id: string; group: DumpProblemGroup }) {
  const t = useT();
  const lang = useLang();
  const d = dumpStrings[lang].problems;
  const revealAt = useUi((s) => s.revealAt);
  const [range, setRange] = useState<[number, number]>([0, ROW_PAGE]);
  const onRange = useCallback((first: number, last: number) => setRange([first, last]), []);
  const pages = pagesOf(range[0], range[1], group.count);
  const answers = useProblemPages(id, group.key, pages);
  const rows: (Diagnostic | undefined)[] = [];
  pages.forEach((page, k) => {
    (answers[k]?.data ?? []).forEach((r, i) => (rows[page * ROW_PAGE + i] = r));
  });
  return (
    <VirtualList
      count={group.count}
      rowHeight={ROW}
      height={LIST_HEIGHT}
      label={d.rowsOf(group.count)}
      testId="problem-group-rows"
      onRange={onRange}
      row={(i) => {
        const r = rows[i];
        if (!r)
          return (
            <span className="problem-row pending" aria-busy="true">
              …
            </span>
          );
        return (
          <button
            type="button"
            className="problem-row"
            onClick={() => revealAt(r.line, r.column)}
            title={r.message}
          >
            <span className="problem-at">{t.problemAt(r.line, r.column)}</span>{' '}
            {group.same ? null : (
              <span className="problem-row-message">{diagnosticText(r, lang)}</span>
            )}
          </button>
        );
      }}
    />
  );
}

function Group({ id, group }: { id: string; group: DumpProblemGroup }) {
  const t = useT();
  const lang = useLang();
  const d = dumpStrings[lang].problems;
  const revealAt = useUi((s) => s.revealAt);
  const [open, setOpen] = useState(false);
  return (
    <li className={`problem-group ${group.severity}`} data-testid="problem-group">
      <div className="problem-group-head">
        <span className="severity">{t.severity[group.severity] ?? group.severity}</span>{' '}
        <span className="problem-count" data-testid="problem-group-count">
          {d.count(group.count)}
        </span>{' '}
        <span className="message" title={lang === 'en' ? undefined : group.message}>
          {diagnosticText(group, lang)}
        </span>{' '}
        <code className="muted">{group.code}</code>
      </div>
      <div className="problem-group-actions">
        {group.count === 1 ? (
          <button type="button" className="link" onClick={() => revealAt(group.line, group.column)}>
            {t.problemAt(group.line, group.column)}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="link"
              onClick={() => revealAt(group.line, group.column)}
            >
              {d.first(t.problemAt(group.line, group.column))}
            </button>{' '}
            <button
              type="button"
              aria-expanded={open}
              onClick={() => setOpen(!open)}
              data-testid="problem-group-toggle"
            >
              {open ? d.hide : d.showAll(group.count)}
            </button>
          </>
        )}
      </div>
      {open ? <GroupRows id={id} group={group} /> : null}
    </li>
  );
}

export function ProblemGroups({ summary }: { summary: DumpSummary }) {
  const t = useT();
  const d = dumpStrings[useLang()].problems;
  const groups = summary.problemGroups;
  if (groups.length === 0)
    return (
      <p className="problems-none" data-testid="problems">
        {t.problemsNone}
      </p>
    );
  return (
    <section className="problems dump-problems" data-testid="problems">
      <h3 data-testid="problems-heading">{d.heading(summary.diagnosticCount, groups.length)}</h3>
      <ul>
        {groups.map((g) => (
          <Group key={g.key} id={summary.id} group={g} />
        ))}
      </ul>
    </section>
  );
}
