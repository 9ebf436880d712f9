/**
 * Opening a lesson link from the address bar. The link is read as untrusted text, then against
 * the lessons this build has; a link that cannot be opened says why and offers the lesson list.
 * A link never overwrites what the learner has: their own work is kept aside by the lesson, and
 * when they have progress in that lesson at another step they are asked which to open.
 */
import { loadCatalog } from './catalog.ts';
import { parseLessonLink, resolveLessonLink } from './lesson-link.ts';
import { useProgress } from './progress-store.ts';
import { useSession } from './session-store.ts';
import { startLesson } from './session.ts';

/** The link is handled: a reload should not open it again. */
function forgetHash(): void {
  try {
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  } catch {
    // a sandboxed frame may refuse; the link then stays in the address bar
  }
}

export async function openLessonLink(hash: string): Promise<void> {
  const read = parseLessonLink(hash);
  if (read === null) return;
  forgetHash();
  const session = useSession.getState();
  if (!read.ok) return session.set({ linkError: read.error, linkAsk: null });
  let lessons;
  try {
    lessons = (await loadCatalog()).lessons;
  } catch {
    return session.set({ linkError: { code: 'unknown-lesson', id: read.link.id } });
  }
  const r = resolveLessonLink(read.link, lessons);
  if (!r.ok) return session.set({ linkError: r.error, linkAsk: null });
  const lesson = lessons.find((l) => l.id === r.id);
  const mine = useProgress.getState().lessons[r.id];
  const started = mine && (mine.step > 0 || Object.keys(mine.steps).length > 0);
  session.set({ linkError: null });
  if (lesson && mine && started && mine.version === lesson.version && mine.step !== r.step)
    return session.set({ linkAsk: { id: r.id, step: r.step, mine: mine.step } });
  await startLesson(r.id, r.step, { shared: true });
}

/** The learner's answer to "open the shared step / continue mine". */
export async function answerLinkAsk(openShared: boolean): Promise<void> {
  const { linkAsk } = useSession.getState();
  if (!linkAsk) return;
  useSession.getState().set({ linkAsk: null });
  if (openShared) await startLesson(linkAsk.id, linkAsk.step, { shared: true });
  else await startLesson(linkAsk.id, linkAsk.mine);
}

export function openLessonLinkFromLocation(): void {
  void openLessonLink(location.hash);
}
