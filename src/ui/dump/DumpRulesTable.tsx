/**
 * The rule table of the trace pane for a dump: the chain the trace is in, fetched from the worker
 * when shown. A short chain gets the full rule table (explanations, failed parts); a long one
 * (KUBE-SERVICES with thousands of rules) a virtualised list that still lights the trace.
 */
import { useMemo } from 'react';
import type { Ruleset } from '../../engine/rules/index.ts';
import type { TraceStep } from '../../engine/netfilter/trace.ts';
import { useLang } from '../i18n/index.ts';
import { useUi } from '../stores/ui-store.ts';
import { RuleTable, type RuleTableProps } from '../views/rule-table/RuleTable.tsx';
import { chainStatus } from '../views/rule-table/rule-status.ts';
import { useDumpChain, useDumpRows } from './dump-queries.ts';
import { useDump } from './dump-store.ts';
import { RuleRows } from './RuleRows.tsx';
import { dumpStrings } from './strings.ts';

/** Chains longer than this are listed, not tabled: the table renders every row. */
export const FULL_TABLE_RULES = 400;

export function DumpRulesTable(props: {
  ruleset: Ruleset;
  table: string;
  chain: string;
  steps: readonly TraceStep[];
  current: number;
  onPick?: RuleTableProps['onPick'];
}) {
  const { table, chain, steps, current } = props;
  const lang = useLang();
  const t = dumpStrings[lang];
  const summary = useDump((s) => s.summary);
  const revealAt = useUi((s) => s.revealAt);
  const id = summary?.id ?? null;
  const tb = summary?.tables.find((x) => x.name === table);
  const count = tb ? (tb.rules[tb.names.indexOf(chain)] ?? 0) : 0;
  const small = count <= FULL_TABLE_RULES;
  const full = useDumpChain(id, table, chain, small);
  const rows = useDumpRows(small ? null : id, table, chain);
  const one = useMemo<Ruleset | null>(() => {
    const c = full.data;
    if (!c) return null;
    return { ...props.ruleset, tables: [{ name: table, chains: [c], span: c.span }] };
  }, [full.data, props.ruleset, table]);
  const status = useMemo(
    () => chainStatus(steps, current, table, chain),
    [steps, current, table, chain],
  );
  if (small)
    return one ? (
      <RuleTable
        ruleset={one}
        table={table}
        chain={chain}
        steps={steps}
        current={current}
        onSource={(src) => revealAt(src.span.line, src.span.column)}
        {...(props.onPick ? { onPick: props.onPick } : {})}
        lang={lang}
      />
    ) : null;
  return (
    <section className="nv-panel" data-testid="rule-table" aria-label={t.rulesOf(table, chain)}>
      <h2 className="nv-panel-title">
        <span className="mono">{t.rulesOf(table, chain)}</span> <small>{t.bigChain(count)}</small>
      </h2>
      {rows.data ? (
        <RuleRows
          rows={rows.data}
          maxPackets={summary?.maxRulePackets ?? 0}
          hasCounters={summary?.hasCounters ?? false}
          status={status}
          height={320}
          onLine={(line) => revealAt(line, 1)}
        />
      ) : null}
    </section>
  );
}
