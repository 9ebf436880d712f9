/**
 * The rules of one chain as iptables-save prints them, with the rule of the current step lit,
 * whether it matched or which part failed, and each rule explained in plain words (and where it
 * came from, for compiled clusters). Hover or focus previews a rule's explanation; a click or
 * Enter pins it, so the explanation and its YAML links stay (and come into view) while the
 * pointer travels to them, until another rule is pinned or Escape lets it go.
 */
import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ProvenanceSource, RuleProvenance } from '../../../engine/cluster/node/provenance.ts';
import type { TraceStep } from '../../../engine/netfilter/trace.ts';
import { findChain, findTable, type Rule, type Ruleset } from '../../../engine/rules/index.ts';
import type { Lang } from '../shared/lang.ts';
import '../shared/views.css';
import { failedText } from '../trace-player/step-label.ts';
import {
  provenanceIndex,
  provenanceSummary,
  sourceText,
  type ProvenanceInput,
} from './provenance.ts';
import { isFailedPart, ruleExplanation, ruleParts } from './rule-parts.ts';
import { chainStatus, type RuleOutcome } from './rule-status.ts';
import { strings } from './strings.ts';
import './rule-table.css';

export interface RuleTableProps {
  ruleset: Ruleset;
  table: string;
  chain: string;
  steps: readonly TraceStep[];
  current: number;
  provenance?: ProvenanceInput;
  /** a provenance source was clicked (the shell shows its YAML lines) */
  onSource?: (source: ProvenanceSource) => void;
  /** a rule was clicked or chosen with Enter (a lesson's "click the rule" question hears it) */
  onPick?: (table: string, rule: Rule) => void;
  lang: Lang;
}

const RuleRow = memo(function RuleRow({
  rule,
  lang,
  outcome,
  isCurrent,
  isPinned,
  showCounters,
  onShow,
  onPin,
}: {
  rule: Rule;
  lang: Lang;
  outcome: RuleOutcome | undefined;
  isCurrent: boolean;
  isPinned: boolean;
  showCounters: boolean;
  onShow: (id: string | null) => void;
  onPin: (id: string) => void;
}) {
  const t = strings[lang];
  const parts = useMemo(() => ruleParts(rule, lang), [rule, lang]);
  const failed = outcome && !outcome.matched ? outcome.failed : null;
  const status = outcome
    ? outcome.matched
      ? t.matched
      : outcome.failed
        ? t.failed(failedText(outcome.failed))
        : t.failed('?')
    : '';
  const cls = [
    'nv-rule',
    isCurrent ? 'current' : '',
    outcome ? (outcome.matched ? 'matched' : 'missed') : '',
    isPinned ? 'pinned' : '',
  ].join(' ');
  return (
    <tr
      className={cls}
      tabIndex={0}
      data-rule={rule.index}
      aria-current={isCurrent ? 'step' : undefined}
      data-pinned={isPinned || undefined}
      onMouseEnter={() => onShow(rule.id)}
      onFocus={() => onShow(rule.id)}
      onBlur={() => onShow(null)}
      onClick={() => onPin(rule.id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onPin(rule.id);
        }
      }}
    >
      <td className="nv-rule-index">{rule.index}</td>
      {showCounters ? (
        <td className="nv-rule-counters">
          {rule.counters ? `${rule.counters.packets} / ${rule.counters.bytes}` : ''}
        </td>
      ) : null}
      <td className="nv-rule-text nv-mono">
        <span className="nv-rule-chain">-A {rule.chain}</span>
        {parts.map((p, i) => (
          <span
            key={i}
            className={`nv-part nv-part-${p.kind}${isFailedPart(p, failed) ? ' failed' : ''}`}
            title={p.explain}
          >
            {' '}
            {p.text}
          </span>
        ))}
        {status ? (
          <span className={`nv-rule-status ${outcome?.matched ? 'nv-ok' : 'nv-muted'}`}>
            {status}
          </span>
        ) : null}
      </td>
      <td className="nv-rule-target nv-mono">{rule.target?.name ?? ''}</td>
    </tr>
  );
});

const Explanation = forwardRef<
  HTMLDivElement,
  {
    rule: Rule | undefined;
    prov: RuleProvenance | undefined;
    pinned: boolean;
    lang: Lang;
    onSource: ((s: ProvenanceSource) => void) | undefined;
    onUnpin: () => void;
  }
>(function Explanation({ rule, prov, pinned, lang, onSource, onUnpin }, ref) {
  const t = strings[lang];
  const text = useMemo(() => (rule ? ruleExplanation(ruleParts(rule, lang)) : ''), [rule, lang]);
  if (!rule)
    return (
      <p className="nv-hint" ref={ref}>
        {t.hoverHint}
      </p>
    );
  return (
    <div
      className={`nv-explain${pinned ? ' pinned' : ''}`}
      aria-live="polite"
      data-testid="rule-explanation"
      data-pinned={pinned || undefined}
      ref={ref}
    >
      <p>
        <strong>#{rule.index}</strong> {text}
      </p>
      {prov ? (
        <p className="nv-provenance">
          <span className="nv-prov-head">{t.provenance}:</span> {provenanceSummary(prov, lang)}
          {prov.sources.map((s, i) =>
            onSource ? (
              <button key={i} type="button" className="nv-link" onClick={() => onSource(s)}>
                {sourceText(s, lang)}
              </button>
            ) : (
              <span key={i} className="nv-source">
                {sourceText(s, lang)}
              </span>
            ),
          )}
        </p>
      ) : null}
      <p className="nv-pin-line">
        {pinned ? (
          <>
            <span>{t.pinned}</span>{' '}
            <button type="button" className="nv-link" onClick={onUnpin} data-testid="rule-unpin">
              {t.unpin}
            </button>
          </>
        ) : (
          <span className="nv-muted">{t.pinHint}</span>
        )}
      </p>
    </div>
  );
});

type ChainStatus = ReturnType<typeof chainStatus>;

/** Keeps the lit rule in view as the player moves, scrolling the table only. */
function useRuleInView(
  bodyRef: React.RefObject<HTMLDivElement | null>,
  status: ChainStatus,
  chain: string,
) {
  useEffect(() => {
    const at = status.currentRule ?? status.currentRange?.[0] ?? null;
    if (at === null) return;
    const body = bodyRef.current;
    const row = body?.querySelector<HTMLElement>(`tr[data-rule="${at}"]`);
    if (!body || !row) return;
    // scroll the table only, never the page around it
    const head = body.querySelector('thead')?.clientHeight ?? 0;
    const top = row.offsetTop - head;
    if (top < body.scrollTop) body.scrollTop = top;
    else if (row.offsetTop + row.clientHeight > body.scrollTop + body.clientHeight)
      body.scrollTop = row.offsetTop + row.clientHeight - body.clientHeight;
  }, [bodyRef, status.currentRule, status.currentRange, chain]);
}

/**
 * While the pointer is over the rules, the explanation below them may grow but never shrink: at the
 * page's end a shorter preview would pull the rows up, put another rule under the pointer, and the
 * preview would flip between the two for as long as the pointer stays (a row that never holds still
 * for a click). e2e/rules-hover.spec.ts holds it.
 */
function useSteadySlot(
  slotRef: React.RefObject<HTMLDivElement | null>,
  shownId: string | undefined,
) {
  const pointerIn = useRef(false);
  const hold = useCallback(() => {
    const slot = slotRef.current;
    if (slot) slot.style.minHeight = `${slot.offsetHeight}px`;
  }, [slotRef]);
  useLayoutEffect(() => {
    if (pointerIn.current) hold();
  }, [shownId, hold]);
  return {
    onMouseEnter: () => {
      pointerIn.current = true;
      hold();
    },
    onMouseLeave: () => {
      pointerIn.current = false;
      if (slotRef.current) slotRef.current.style.minHeight = '';
    },
  };
}

/** The built-in chain's last row: its policy, lit when the player is on it. */
function PolicyRow({
  policy,
  status,
  showCounters,
  lang,
}: {
  policy: string;
  status: ChainStatus;
  showCounters: boolean;
  lang: Lang;
}) {
  const t = strings[lang];
  return (
    <tr
      className={`nv-rule nv-policy-row${status.currentPolicy ? ' current' : ''}${status.policyApplied ? ' matched' : ''}`}
    >
      <td />
      {showCounters ? <td /> : null}
      <td className="nv-mono">
        {status.policyApplied ? t.policyApplied(status.policyApplied) : t.policy(policy)}
      </td>
      <td className="nv-mono">{policy}</td>
    </tr>
  );
}

/** The chain's rules, one row each, and the built-in chain's policy as the last row. */
function RuleRows({
  chain: c,
  status,
  pinnedRule,
  showCounters,
  lang,
  onShow,
  onPin,
}: {
  chain: NonNullable<ReturnType<typeof findChain>>;
  status: ChainStatus;
  pinnedRule: Rule | undefined;
  showCounters: boolean;
  lang: Lang;
  onShow: (id: string | null) => void;
  onPin: (id: string) => void;
}) {
  const t = strings[lang];
  return (
    <>
      <table>
        <thead>
          <tr>
            <th scope="col">{t.cols.index}</th>
            {showCounters ? <th scope="col">{t.cols.counters}</th> : null}
            <th scope="col">{t.cols.rule}</th>
            <th scope="col">{t.cols.target}</th>
          </tr>
        </thead>
        <tbody>
          {c.rules.map((r) => (
            <RuleRow
              key={r.id}
              rule={r}
              lang={lang}
              outcome={status.seen.get(r.index)}
              isCurrent={
                status.currentRule === r.index ||
                (status.currentRange !== null &&
                  r.index >= status.currentRange[0] &&
                  r.index <= status.currentRange[1])
              }
              isPinned={pinnedRule === r}
              showCounters={showCounters}
              onShow={onShow}
              onPin={onPin}
            />
          ))}
          {c.builtin && c.policy ? (
            <PolicyRow policy={c.policy} status={status} showCounters={showCounters} lang={lang} />
          ) : null}
        </tbody>
      </table>
      {c.rules.length === 0 ? <p className="nv-hint">{t.noRules}</p> : null}
    </>
  );
}

export function RuleTable({
  ruleset,
  table,
  chain,
  steps,
  current,
  provenance,
  onSource,
  onPick,
  lang,
}: RuleTableProps) {
  const t = strings[lang];
  const c = useMemo(() => {
    const tb = findTable(ruleset, table);
    return tb ? findChain(tb, chain) : undefined;
  }, [ruleset, table, chain]);
  const status = useMemo(
    () => chainStatus(steps, current, table, chain),
    [steps, current, table, chain],
  );
  const provById = useMemo(() => provenanceIndex(provenance), [provenance]);
  // what the pointer or focus is on (a preview) and what a click or Enter pinned
  const [shown, setShown] = useState<string | null>(null);
  const [pinned, setPinned] = useState<string | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const explainRef = useRef<HTMLDivElement>(null);
  const slotRef = useRef<HTMLDivElement>(null);

  // a newly pinned rule's explanation is brought into view (it sits below the rules)
  useEffect(() => {
    if (pinned !== null) explainRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [pinned]);

  useRuleInView(bodyRef, status, chain);

  const byId = useMemo(() => new Map(c?.rules.map((r) => [r.id, r]) ?? []), [c]);
  const pin = useCallback(
    (id: string) => {
      setPinned(id);
      const rule = byId.get(id);
      if (rule) onPick?.(table, rule);
    },
    [byId, onPick, table],
  );
  const pinnedRule = pinned ? byId.get(pinned) : undefined;
  const shownRule =
    (shown ? byId.get(shown) : undefined) ??
    pinnedRule ??
    (status.currentRule !== null ? c?.rules[status.currentRule - 1] : undefined);
  const showCounters = c?.rules.some((r) => r.counters) ?? false;
  const steady = useSteadySlot(slotRef, shownRule?.id);

  return (
    <section
      className="nv-panel nv-rules"
      data-testid="rule-table"
      data-rules-of={`${table}/${chain}`}
      aria-label={t.title(table, chain)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && pinned !== null) {
          e.stopPropagation();
          setPinned(null);
        }
      }}
    >
      <h2 className="nv-panel-title">
        <span className="nv-mono">{t.title(table, chain)}</span>
        {c ? <small>{c.builtin && c.policy ? t.policy(c.policy) : t.userChain}</small> : null}
      </h2>
      {!c ? (
        <p className="nv-hint">{t.noChain(table, chain)}</p>
      ) : (
        <>
          <div
            className="nv-rules-body"
            ref={bodyRef}
            onMouseEnter={steady.onMouseEnter}
            onMouseLeave={() => {
              steady.onMouseLeave();
              setShown(null);
            }}
          >
            <RuleRows
              chain={c}
              status={status}
              pinnedRule={pinnedRule}
              showCounters={showCounters}
              lang={lang}
              onShow={setShown}
              onPin={pin}
            />
          </div>
          <div ref={slotRef}>
            <Explanation
              ref={explainRef}
              rule={shownRule}
              prov={shownRule ? provById.get(shownRule.id) : undefined}
              pinned={shownRule !== undefined && shownRule === pinnedRule}
              lang={lang}
              onSource={onSource}
              onUnpin={() => setPinned(null)}
            />
          </div>
        </>
      )}
    </section>
  );
}
