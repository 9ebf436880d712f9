/**
 * The step as a callout: the text, the goal row, what to do (a question, a packet to send, a
 * check to run), the verdict with what was found and what was wanted, hints after two misses,
 * and "show me" behind one confirmation. Everything shown is the runner's state.
 */
import { useLang } from '../i18n/index.ts';
import { useProgress } from './progress-store.ts';
import { useSession } from './session-store.ts';
import { AskWidget } from './AskWidget.tsx';
import { LessonSample } from './LessonSample.tsx';
import { LessonText } from './LessonText.tsx';
import { answer, check, openHint, sample, send, setBackend, showMe } from './session.ts';
import { lessonStrings, type LessonStrings } from './strings.ts';
import type { Lang } from '../i18n/index.ts';
import type { StepView } from '../../worker/lessons-protocol.ts';

function Verdict({ step, t, lang }: { step: StepView; t: LessonStrings; lang: Lang }) {
  const verdict = useSession((s) => s.verdict);
  const shown = useSession((s) => s.shown);
  if (!verdict) return null;
  // a question's expected value is its answer: never shown on a miss (rule C5), only what the
  // learner's world gave; an edit or a send is told both, the expected being its goal
  const withExpected = verdict.pass || step.ask === null;
  const detail =
    verdict.got !== null && verdict.expected !== null && withExpected
      ? t.got(verdict.got, verdict.expected)
      : verdict.got !== null && step.ask === null
        ? t.gotOnly(verdict.got)
        : null;
  return (
    <div
      className={`lesson-verdict ${verdict.pass ? 'pass' : 'miss'}`}
      role={verdict.pass ? 'status' : 'alert'}
      data-testid="lesson-verdict"
      data-pass={verdict.pass}
    >
      <strong>{verdict.pass ? (shown ? t.shownNotSolved : t.correct) : t.wrong}</strong>{' '}
      {verdict.problem ? <span>{verdict.problem}</span> : null}
      {!verdict.pass && verdict.why ? (
        <LessonText text={verdict.why} lang={lang} as="p" testId="lesson-why" />
      ) : null}
      {detail && !verdict.incomplete ? <p className="mono small">{detail}</p> : null}
    </div>
  );
}

function Hints({ step, t, lang }: { step: StepView; t: LessonStrings; lang: Lang }) {
  const open = useSession((s) => s.hintsOpen);
  const misses = useProgress((s) => s.lessons[step.lessonId]?.steps[step.id]?.misses ?? 0);
  const confirming = useSession((s) => s.confirmingShow);
  const busy = useSession((s) => s.busy);
  const set = useSession((s) => s.set);
  return (
    <div className="lesson-help">
      {misses >= 2 && open === 0 && step.hints.length > 0 ? (
        <p className="lesson-nudge" data-testid="lesson-need-hint">
          {t.needHint}
        </p>
      ) : null}
      {step.hints.slice(0, open).map((h, i) => (
        <div className="lesson-hint" key={i} data-testid="lesson-hint">
          <small className="muted">{t.hintOf(i + 1, step.hints.length)}</small>
          <LessonText text={h} lang={lang} as="p" />
        </div>
      ))}
      <div className="button-row">
        {step.hints.length > 0 ? (
          <button
            type="button"
            onClick={openHint}
            disabled={open >= step.hints.length}
            title={open >= step.hints.length ? t.noMoreHints : undefined}
            data-testid="lesson-hint-button"
          >
            {t.hint}
          </button>
        ) : null}
        {step.hasSolution && !confirming ? (
          <button
            type="button"
            onClick={() => set({ confirmingShow: true })}
            disabled={busy}
            data-testid="lesson-show-me"
          >
            {t.showMe}
          </button>
        ) : null}
      </div>
      {confirming ? (
        <div className="lesson-confirm" role="alertdialog" aria-label={t.showMe}>
          <p>{t.showMeConfirm}</p>
          <div className="button-row">
            <button
              type="button"
              className="primary"
              onClick={() => void showMe()}
              data-testid="lesson-show-yes"
            >
              {t.showMeYes}
            </button>
            <button type="button" onClick={() => set({ confirmingShow: false })}>
              {t.showMeNo}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** What the learner does on a step that is not a question: send, step, edit, then check. */
function Doing({ step, t }: { step: StepView; t: LessonStrings }) {
  const world = useSession((s) => s.world);
  const busy = useSession((s) => s.busy);
  const packet = step.packet;
  const sent = packet !== null && (world?.sent.includes(packet) ?? false);
  const hint =
    step.action === 'send'
      ? t.actionSend
      : step.action === 'stepTo'
        ? t.actionStep
        : step.action === 'edit'
          ? t.actionEdit
          : step.action === 'editRules'
            ? t.actionEditRules
            : step.action === 'paste'
              ? t.actionPaste
              : step.action === 'toggle'
                ? t.actionToggle
                : step.action === 'sample'
                  ? t.actionSample
                  : null;
  return (
    <div className="lesson-doing">
      {hint ? <p className="muted small">{hint}</p> : null}
      <div className="button-row">
        {packet !== null && (step.action === 'send' || step.action === 'stepTo') ? (
          <button
            type="button"
            className={sent ? '' : 'primary'}
            onClick={() => send(packet)}
            disabled={busy}
            data-testid="lesson-send"
          >
            {t.sendPacket} <code>{packet}</code>
          </button>
        ) : null}
        {step.toggle === 'backend' ? (
          <div
            role="group"
            aria-label={t.backend}
            className="segmented"
            data-testid="lesson-backend"
          >
            {(['nft', 'legacy'] as const).map((b) => (
              <button
                key={b}
                type="button"
                aria-pressed={(world?.backend ?? 'nft') === b}
                onClick={() => setBackend(b)}
                data-testid={`lesson-backend-${b}`}
              >
                {b}
              </button>
            ))}
          </div>
        ) : null}
        {packet !== null && step.sampleRuns !== null ? (
          <button
            type="button"
            onClick={() => sample(packet, step.sampleRuns ?? 0)}
            disabled={busy}
            data-testid="lesson-sample"
          >
            {t.sample(step.sampleRuns)}
          </button>
        ) : null}
        <button
          type="button"
          className="primary"
          onClick={() => void check()}
          disabled={busy}
          data-testid="lesson-check"
        >
          {t.check}
        </button>
      </div>
    </div>
  );
}

export function StepCard() {
  const lang = useLang();
  const t = lessonStrings[lang];
  const step = useSession((s) => s.step);
  const world = useSession((s) => s.world);
  const busy = useSession((s) => s.busy);
  const answered = useSession((s) => s.answered);
  if (!step) return null;
  return (
    <section
      className={`lesson-card${step.recap ? ' recap' : ''}`}
      aria-label={t.stepOf(step.index + 1, step.count)}
      data-testid="lesson-card"
      data-step={step.id}
    >
      {step.recap ? <p className="lesson-kicker">{t.recap}</p> : null}
      <LessonText
        text={step.text}
        lang={lang}
        as="p"
        className="lesson-step-text"
        testId="lesson-step-text"
      />
      {step.goal ? (
        <p className="lesson-goal">
          <strong>{t.goal}</strong> <LessonText text={step.goal} lang={lang} />
        </p>
      ) : null}
      {step.ask ? (
        <>
          <LessonText text={step.ask.prompt} lang={lang} as="p" className="lesson-prompt" />
          <AskWidget
            key={step.id}
            ask={step.ask}
            lang={lang}
            busy={busy}
            given={world?.answer ?? null}
            onAnswer={(a) => void answer(a)}
          />
          {!answered && step.packet !== null ? (
            <p className="muted small">{t.answerFirst}</p>
          ) : null}
        </>
      ) : step.action !== 'read' ? (
        <Doing step={step} t={t} />
      ) : null}
      {step.sampleRuns !== null ? <LessonSample step={step} /> : null}
      <Verdict step={step} t={t} lang={lang} />
      {step.action !== 'read' ? <Hints step={step} t={t} lang={lang} /> : null}
    </section>
  );
}
