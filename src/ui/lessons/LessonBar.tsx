/**
 * The lesson's bar, between the header and the workspace: the lesson, the step, and the
 * buttons that move between steps or start afresh, always visible (never hidden commands).
 */
import { useState } from 'react';
import { useLang } from '../i18n/index.ts';
import { useProgress } from './progress-store.ts';
import { useSession } from './session-store.ts';
import { LessonText } from './LessonText.tsx';
import { back, leaveLesson, next, resetLesson, resetStep, summaryOf } from './session.ts';
import { lessonLinkOf } from './lesson-link.ts';
import { lessonStrings } from './strings.ts';

function StepLink({ id, step, version }: { id: string; step: number; version: number }) {
  const t = lessonStrings[useLang()];
  const [url, setUrl] = useState<string | null>(null);
  const copy = async () => {
    const link = `${location.origin}${location.pathname}${lessonLinkOf({ id, step: step + 1, version })}`;
    setUrl(link);
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // the field below shows it to copy by hand
    }
  };
  return (
    <>
      <button type="button" onClick={() => void copy()} data-testid="lesson-step-link">
        {t.copyStepLink}
      </button>
      {url ? (
        <input
          className="lesson-link-field"
          readOnly
          value={url}
          aria-label={t.stepLinkField}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="lesson-step-link-field"
        />
      ) : null}
    </>
  );
}

export function LessonBar() {
  const lang = useLang();
  const t = lessonStrings[lang];
  const lessonId = useSession((s) => s.lessonId);
  const step = useSession((s) => s.step);
  const verdict = useSession((s) => s.verdict);
  const busy = useSession((s) => s.busy);
  const finished = useSession((s) => s.finished);
  const problem = useSession((s) => s.problem);
  const set = useSession((s) => s.set);
  const restarted = useProgress((s) => (lessonId ? s.lessons[lessonId]?.restarted : false));
  const unsaved = useProgress((s) => s.unsaved);
  const [confirmReset, setConfirmReset] = useState(false);
  const summary = summaryOf(lessonId);
  if (!lessonId || !summary) return null;
  const index = step?.index ?? 0;
  const count = step?.count ?? summary.steps;
  const passed = step?.action === 'read' || verdict?.pass === true;
  return (
    <div className="lesson-bar" data-testid="lesson-bar">
      <div className="lesson-bar-title">
        <LessonText text={summary.title} lang={lang} as="span" className="lesson-title" />
        <span className="lesson-position" data-testid="lesson-position">
          {t.stepOf(index + 1, count)}
        </span>
        <progress max={count} value={finished ? count : index} aria-hidden="true" />
      </div>
      <div className="lesson-bar-buttons">
        <button
          type="button"
          onClick={() => void back()}
          disabled={busy || index === 0}
          data-testid="lesson-back"
        >
          {t.back}
        </button>
        <button
          type="button"
          className={passed && !finished ? 'primary' : ''}
          onClick={() => void next()}
          disabled={busy || !passed || finished}
          data-testid="lesson-next"
        >
          {index + 1 >= count ? t.finish : t.next}
        </button>
        <button
          type="button"
          onClick={() => void resetStep()}
          disabled={busy}
          data-testid="lesson-reset-step"
        >
          {t.resetStep}
        </button>
        <button
          type="button"
          onClick={() => setConfirmReset(true)}
          disabled={busy}
          data-testid="lesson-reset-lesson"
        >
          {t.resetLesson}
        </button>
        <StepLink id={lessonId} step={index} version={summary.version} />
        <button
          type="button"
          onClick={() => set({ screen: 'index' })}
          data-testid="lesson-to-index"
        >
          {t.toIndex}
        </button>
        <button type="button" onClick={leaveLesson} title={t.exitTitle} data-testid="lesson-exit">
          {t.exit}
        </button>
      </div>
      {confirmReset ? (
        <div className="lesson-confirm" role="alertdialog" aria-label={t.resetLesson}>
          <p>{t.resetLessonConfirm}</p>
          <div className="button-row">
            <button
              type="button"
              className="primary"
              onClick={() => {
                setConfirmReset(false);
                void resetLesson();
              }}
              data-testid="lesson-reset-yes"
            >
              {t.resetLesson}
            </button>
            <button type="button" onClick={() => setConfirmReset(false)}>
              {t.showMeNo}
            </button>
          </div>
        </div>
      ) : null}
      {restarted ? (
        <p className="banner warning lesson-notice" data-testid="lesson-restarted">
          {t.restartedNotice}{' '}
          <button type="button" onClick={() => useProgress.getState().acknowledge(lessonId)}>
            {t.dismiss}
          </button>
        </p>
      ) : null}
      {unsaved ? <p className="banner warning lesson-notice">{t.unsaved}</p> : null}
      {problem ? (
        <p className="banner error lesson-notice" data-testid="lesson-problem">
          {problem}
        </p>
      ) : null}
      {finished ? (
        <div className="lesson-finished" role="status" data-testid="lesson-finished">
          <strong>{t.finished}</strong> <span>{t.finishedBody}</span>{' '}
          <button type="button" className="primary" onClick={() => set({ screen: 'index' })}>
            {t.toIndex}
          </button>
        </div>
      ) : null}
    </div>
  );
}
