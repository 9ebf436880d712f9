/**
 * The lesson mode's start, before the first render: progress is read from browser storage, a
 * lesson the learner was in when the page closed is resumed (their own work is still kept
 * aside), and a `#lesson=` link, now or pasted later into the same tab, is offered.
 */
import { bindProgressStorage, type ProgressStorage } from './progress-store.ts';
import { keptSandbox } from './sandbox.ts';
import { useSession } from './session-store.ts';
import { leaveLesson, startLesson } from './session.ts';
import { loadCatalog } from './catalog.ts';
import { openLessonLink, openLessonLinkFromLocation } from './lesson-links.ts';
import { isLessonLink } from './lesson-link.ts';
import { keepEdits } from './edit-keeper.ts';

function browserStorage(): ProgressStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

async function resume(lessonId: string | null): Promise<void> {
  try {
    const catalog = await loadCatalog();
    if (lessonId && catalog.lessons.some((l) => l.id === lessonId)) await startLesson(lessonId);
    else leaveLesson();
  } catch {
    // the lessons cannot be had: the learner's own work comes back
    leaveLesson();
  }
}

export function startLessons(): void {
  bindProgressStorage(browserStorage());
  keepEdits();
  const kept = keptSandbox();
  const linked = isLessonLink(location.hash);
  if (kept) useSession.getState().set({ sandbox: kept.doc });
  // a link asks for its own lesson; the one left open is not resumed over it
  if (kept && !linked) void resume(kept.lessonId);
  if (linked)
    void openLessonLink(location.hash).then(() => {
      const s = useSession.getState();
      // the link opened nothing (refused, or waiting for an answer): the learner's work comes back
      if (kept && s.screen !== 'lesson' && s.linkAsk === null) leaveLesson();
    });
  addEventListener('hashchange', openLessonLinkFromLocation);
}
