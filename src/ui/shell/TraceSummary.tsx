/**
 * What happened to the packet, in one line (verdict, fate, how it arrives), the switch between
 * the packet and its reply, and anything that kept the trace from running.
 */
import { useEffect } from 'react';
import { GuessedFactsNote } from '../dump/GuessedFactsNote.tsx';
import { DependsOnNote } from '../dump/depends-on/DependsOnNote.tsx';
import { openEditorGate } from '../editor/editor-gate.ts';
import { useLang, useT } from '../i18n/index.ts';
import { strings as twiceStrings } from '../connections/strings.ts';
import { useCurrentTrace, useLiveTrace } from '../queries/current-trace.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { useUi } from '../stores/ui-store.ts';
import { addrPort } from '../views/shared/format.ts';
import { formProblemText } from '../diagnostics/form-problems.ts';
import { traceProblemText } from '../diagnostics/trace-problem.ts';

export function TraceSummary() {
  const t = useT();
  const lang = useLang();
  const twice = twiceStrings[lang];
  const { response, index, count, result, node } = useCurrentTrace();
  const { sent, trace } = useLiveTrace();
  const shownNode = useScenario((s) => s.node);
  const setNode = useScenario((s) => s.setNode);
  const setPacketIndex = useUi((s) => s.setPacketIndex);

  // a newly sent packet brings its node on screen
  useEffect(() => {
    if (node) setNode(node);
  }, [node, setNode]);
  useEffect(() => {
    if (index >= count && count > 0) setPacketIndex(0);
  }, [index, count, setPacketIndex]);
  const traced = result !== undefined;
  useEffect(() => {
    if (traced) openEditorGate();
  }, [traced]);

  if (sent && !sent.ok)
    return (
      <p className="banner error" role="alert">
        {t.formProblem} {formProblemText(sent.problem, lang)}
      </p>
    );
  const problems = response?.problems ?? [];
  return (
    <section className="panel trace-summary" data-testid="trace-summary" aria-live="polite">
      <div className="panel-head">
        <h2 className="panel-title">{t.result}</h2>
        {count > 1 ? (
          <div role="group" aria-label={t.result} className="segmented small">
            {(sent?.ok && sent.req.packets.length > 1
              ? [twice.first, twice.second]
              : [t.tracePacket, t.traceReply]
            ).map((label, i) => (
              <button
                key={i}
                type="button"
                aria-pressed={index === i}
                onClick={() => setPacketIndex(i)}
                data-testid={i === 0 ? 'show-packet' : 'show-reply'}
              >
                {label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {trace.isFetching ? <p className="muted">{t.tracing}</p> : null}
      {problems.map((p, i) => (
        <p key={i} className="banner warning">
          {traceProblemText(p, lang)}
        </p>
      ))}
      {result ? (
        <p className="result-line" data-testid="trace-outcome">
          <strong className={`verdict ${result.verdict.toLowerCase()}`}>{result.verdict}</strong>{' '}
          <span>{t.fate[result.fate] ?? result.fate}</span>
          {result.outInterface ? <span> · {t.leavesBy(result.outInterface)}</span> : null}
          <br />
          <span className="muted">{t.seenAs}</span>{' '}
          <code data-testid="result-packet">
            {result.packet.proto} {addrPort(result.packet.src, result.packet.sport)} →{' '}
            {addrPort(result.packet.dst, result.packet.dport)}
          </code>
        </p>
      ) : !trace.isFetching ? (
        <p className="muted">{t.nothingTraced}</p>
      ) : null}
      {result ? <DependsOnNote dependsOn={result.dependsOn} /> : null}
      {result ? <GuessedFactsNote /> : null}
      {node && node !== shownNode ? (
        <button type="button" className="link" onClick={() => setNode(node)}>
          {t.showTracedNode(node)}
        </button>
      ) : node ? (
        <p className="muted small">{t.tracedOn(node)}</p>
      ) : null}
    </section>
  );
}
