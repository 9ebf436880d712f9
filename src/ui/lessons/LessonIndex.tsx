/**
 * The lesson list: each lesson's title, one-line goal, minutes, the study articles it answers
 * and whether it is done, so finished lessons serve as a reference. Both languages come from the
 * lesson files; a broken lesson build shows its problems rather than a blank list.
 */
import { useLang } from '../i18n/index.ts';
import type { LessonSummary } from '../../worker/lessons-protocol.ts';
import { useProgress } from './progress-store.ts';
import { useSession } from './session-store.ts';
import { LessonText, pick } from './LessonText.tsx';
import { ProgressFiles } from './ProgressFiles.tsx';
import { reviewStart } from './review.ts';
import { startLesson } from './session.ts';
import { lessonStrings } from './strings.ts';
import { useCatalog } from './catalog.ts';

function Row({
  lesson,
  n,
  titles,
}: {
  lesson: LessonSummary;
  n: number;
  titles: Map<string, string>;
}) {
  const lang = useLang();
  const t = lessonStrings[lang];
  const p = useProgress((s) => s.lessons[lesson.id]);
  const current = p && p.version === lesson.version && p.step > 0 ? p.step : 0;
  const state = p?.done
    ? t.done
    : current > 0
      ? t.inProgress(current + 1, lesson.steps)
      : t.notStarted;
  const action = p?.done ? t.again : current > 0 ? t.continue : t.start;
  const review = reviewStart(lesson, p);
  return (
    <li className={`lesson-row${p?.done ? ' done' : ''}`} data-testid={`lesson-row-${lesson.id}`}>
      <div className="lesson-row-head">
        <span className="lesson-number">{n}</span>
        <LessonText text={lesson.title} lang={lang} as="span" className="lesson-row-title" />
        <span className={`lesson-state${p?.done ? ' done' : ''}`} data-testid="lesson-state">
          {p?.done ? '✓ ' : ''}
          {state}
        </span>
      </div>
      <LessonText text={lesson.goal} lang={lang} as="p" className="lesson-row-goal" />
      <p className="lesson-row-meta muted small">
        {lesson.minutes !== null ? <span>{t.minutes(lesson.minutes)}</span> : null}
        <span>{t.steps(lesson.steps)}</span>
        {lesson.seeds.length > 0 ? <span>{t.seeds(lesson.seeds.join(', '))}</span> : null}
        {lesson.requires.length > 0 ? (
          <span>{t.requires(lesson.requires.map((r) => titles.get(r) ?? r).join(', '))}</span>
        ) : null}
      </p>
      <button
        type="button"
        className={p?.done ? '' : 'primary'}
        onClick={() => void startLesson(lesson.id, p?.done ? 0 : undefined)}
        data-testid={`lesson-start-${lesson.id}`}
      >
        {action}
      </button>
      {review !== null ? (
        <button
          type="button"
          className="primary"
          title={t.reviewTitle}
          onClick={() => void startLesson(lesson.id, review)}
          data-testid={`lesson-review-${lesson.id}`}
        >
          {t.review(lesson.recap)}
        </button>
      ) : null}
    </li>
  );
}

export function LessonIndex() {
  const lang = useLang();
  const t = lessonStrings[lang];
  const catalog = useCatalog();
  const lessonId = useSession((s) => s.lessonId);
  const set = useSession((s) => s.set);
  const lessons = catalog.data?.lessons ?? [];
  const titles = new Map(lessons.map((l) => [l.id, pick(l.title, lang).text]));
  return (
    <section
      className="lesson-index"
      aria-labelledby="lesson-index-title"
      data-testid="lesson-index"
    >
      <div className="lesson-index-head">
        <h2 id="lesson-index-title">{t.indexTitle}</h2>
        <button
          type="button"
          onClick={() => set({ screen: lessonId ? 'lesson' : 'off' })}
          data-testid="lesson-index-close"
        >
          {t.close}
        </button>
      </div>
      <p className="muted">{t.indexIntro}</p>
      <ProgressFiles />
      {catalog.isPending ? <p className="muted">{t.loading}</p> : null}
      {catalog.error ? <p className="banner error">{t.loadFailed(String(catalog.error))}</p> : null}
      {catalog.data && catalog.data.problems.length > 0 ? (
        <pre className="banner error lesson-problems">{catalog.data.problems.join('\n')}</pre>
      ) : null}
      <ol className="lesson-list">
        {lessons.map((l, i) => (
          <Row key={l.id} lesson={l} n={i + 1} titles={titles} />
        ))}
      </ol>
    </section>
  );
}
