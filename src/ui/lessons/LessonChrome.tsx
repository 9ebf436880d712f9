/**
 * The lesson mode's parts of the app's frame: the header's "Lessons" button, and under the
 * header the link notices, the lesson list or the lesson's bar, and the focus style. Each is in
 * the page's flow: nothing is laid over the workspace.
 */
import { useLang } from '../i18n/index.ts';
import { LessonBar } from './LessonBar.tsx';
import { LessonIndex } from './LessonIndex.tsx';
import { LessonNotices } from './LessonNotices.tsx';
import { LessonFocus } from './LessonSlot.tsx';
import { useSession, type LessonScreen } from './session-store.ts';
import { lessonStrings } from './strings.ts';
import './lessons.css';

export function useLessonScreen(): LessonScreen {
  return useSession((s) => s.screen);
}

export function LessonsButton() {
  const t = lessonStrings[useLang()];
  const screen = useSession((s) => s.screen);
  const set = useSession((s) => s.set);
  return (
    <button
      type="button"
      className={screen === 'off' ? 'primary' : ''}
      aria-pressed={screen === 'index'}
      title={t.openTitle}
      onClick={() => set({ screen: 'index' })}
      data-testid="lessons-open"
    >
      {t.open}
    </button>
  );
}

export function LessonChrome() {
  const screen = useSession((s) => s.screen);
  return (
    <>
      <LessonNotices />
      {screen === 'index' ? <LessonIndex /> : null}
      {screen === 'lesson' ? <LessonBar /> : null}
      <LessonFocus />
    </>
  );
}
