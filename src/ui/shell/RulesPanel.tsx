/**
 * The node's rules: as a rule table (the current rule lit, why it matched or what failed), or
 * as text the way iptables-save, iptables -S or iptables -L -n -v prints it (printed by the
 * engine in the worker).
 */
import { lazy, Suspense, useState } from 'react';
import { LazyEditor } from '../editor/LazyEditor.tsx';
import { IPTABLES_LANGUAGE_ID } from '../editor/language-ids.ts';
import { useLang, useT } from '../i18n/index.ts';
import { usePrinted } from '../queries/engine-queries.ts';
import { useCurrentTrace } from '../queries/current-trace.ts';
import { type ShownRules } from '../queries/scenario.ts';
import { useDeferredShownRules } from '../queries/deferred-rules.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { useUi, type RulesFormat } from '../stores/ui-store.ts';
import { usePlayerStore } from '../views/trace-player/player-store.ts';
import { useShownPlace } from './shown-place.ts';
import { VersionBadge, VersionCompare } from '../versions/VersionCompare.tsx';
import { versionStrings } from '../versions/strings.ts';
import { useRulePick } from '../lessons/rule-pick.ts';
import { SyncStrip } from '../sync/SyncStrip.tsx';
import { FamilySwitch } from '../family/FamilySwitch.tsx';
import { familyStrings } from '../family/strings.ts';

// the rule table explains rules with every match and target module: its own chunk, loaded
// after the first paint, so the page's first task does not evaluate them all
const RuleTable = lazy(() =>
  import('../views/rule-table/RuleTable.tsx').then((m) => ({ default: m.RuleTable })),
);
const DumpRulesTable = lazy(() =>
  import('../dump/DumpRulesTable.tsx').then((m) => ({ default: m.DumpRulesTable })),
);

/** The command that prints each format, for the family's tool (`iptables` or `ip6tables`). */
const FORMATS: { value: RulesFormat; label: (tool: string) => string }[] = [
  { value: 'save', label: (tool) => `${tool}-save` },
  { value: 'S', label: (tool) => `${tool} -S` },
  { value: 'L', label: (tool) => `${tool} -L -n -v` },
];

const NO_MARKERS: never[] = [];

function RulesText({ rules }: { rules: ShownRules }) {
  const t = useT();
  const format = useUi((s) => s.rulesFormat);
  const setFormat = useUi((s) => s.setRulesFormat);
  const dark = useUi((s) => s.theme) === 'dark';
  const printed = usePrinted(rules.source, format);
  const tool = familyStrings.en.tool[rules.ruleset.family];
  return (
    <>
      <div role="radiogroup" aria-label={t.asText} className="choices" data-testid="rules-format">
        {FORMATS.map((f) => (
          <label key={f.value}>
            <input
              type="radio"
              name="rules-format"
              value={f.value}
              checked={format === f.value}
              onChange={() => setFormat(f.value)}
            />
            <code>{f.label(tool)}</code>
          </label>
        ))}
      </div>
      <div className="rules-text" data-testid="rules-text">
        <LazyEditor
          value={printed.data ?? ''}
          language={IPTABLES_LANGUAGE_ID}
          uri={`inmemory://netfilter-lab/printed.${format}.iptables`}
          markers={NO_MARKERS}
          readOnly
          dark={dark}
          ariaLabel={FORMATS.find((f) => f.value === format)?.label(tool) ?? format}
          loadingLabel={t.editorLoading}
        />
      </div>
    </>
  );
}

const NO_STEPS: never[] = [];

function RulesTable({ rules }: { rules: ShownRules }) {
  const lang = useLang();
  const current = usePlayerStore((s) => s.current);
  const { steps } = useCurrentTrace();
  const place = useShownPlace(rules.ruleset, steps, current);
  const revealAt = useUi((s) => s.revealAt);
  const onPick = useRulePick();
  const table = rules.ruleset.tables.find((t) => t.name === place.table);
  // nothing traced here yet: start where packets start, the table's first chain
  const chain = place.chain ?? table?.chains[0]?.name;
  if (chain === undefined) return null;
  if (rules.source.kind === 'dump')
    return (
      <Suspense fallback={null}>
        <DumpRulesTable
          ruleset={rules.ruleset}
          table={place.table}
          chain={chain}
          steps={place.traced ? steps : NO_STEPS}
          current={current}
          {...(onPick ? { onPick } : {})}
        />
      </Suspense>
    );
  return (
    <Suspense fallback={null}>
      <RuleTable
        ruleset={rules.ruleset}
        table={place.table}
        chain={chain}
        steps={place.traced ? steps : NO_STEPS}
        current={current}
        {...(rules.provenance ? { provenance: rules.provenance } : {})}
        onSource={(src) => revealAt(src.span.line, src.span.column)}
        {...(onPick ? { onPick } : {})}
        lang={lang}
      />
    </Suspense>
  );
}

export function RulesPanel() {
  const t = useT();
  const vs = versionStrings[useLang()];
  const [comparing, setComparing] = useState(false);
  const rules = useDeferredShownRules();
  const view = useUi((s) => s.rulesView);
  const setView = useUi((s) => s.setRulesView);
  const node = useScenario((s) => s.node);
  const mode = useScenario((s) => s.mode);
  const cluster = rules?.source.kind === 'cluster' ? rules.source : null;
  const compare = comparing && cluster !== null;
  return (
    <section className="panel rules-panel" data-testid="rules-panel">
      <div className="panel-head">
        <h2 className="panel-title">{mode === 'dump' ? t.rulesOfDump : t.rulesOf(node)}</h2>
        {cluster ? <VersionBadge yaml={cluster.yaml} /> : null}
        <div role="group" aria-label={t.views} className="segmented small">
          <button
            type="button"
            aria-pressed={!compare && view === 'table'}
            onClick={() => {
              setComparing(false);
              setView('table');
            }}
          >
            {t.ruleTable}
          </button>
          <button
            type="button"
            aria-pressed={!compare && view === 'text'}
            onClick={() => {
              setComparing(false);
              setView('text');
            }}
            data-testid="rules-as-text"
          >
            {t.asText}
          </button>
          {cluster ? (
            <button
              type="button"
              aria-pressed={compare}
              title={vs.compareTitle}
              onClick={() => setComparing(!comparing)}
              data-testid="compare-versions"
            >
              {vs.compare}
            </button>
          ) : null}
        </div>
      </div>
      {cluster && rules && !compare ? (
        <SyncStrip node={cluster.node} family={rules.ruleset.family} />
      ) : null}
      {rules && cluster && !compare ? <FamilySwitch shown={rules.ruleset.family} /> : null}
      {rules === null ? null : compare && cluster ? (
        <VersionCompare yaml={cluster.yaml} node={cluster.node} family={rules.ruleset.family} />
      ) : view === 'table' ? (
        <RulesTable rules={rules} />
      ) : (
        <RulesText rules={rules} />
      )}
    </section>
  );
}
