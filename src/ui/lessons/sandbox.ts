/**
 * The learner's own work while a lesson has the workspace: kept in browser storage beside the
 * lesson's id, so a reload in the middle of a lesson neither loses that work nor the lesson.
 * Read back through the scenario validator, like every other stored or shared scenario.
 */
import { decodeJsonText } from '../../engine/scenario/codec.ts';
import type { ScenarioDoc } from '../../engine/scenario/doc.ts';

export const SANDBOX_KEY = 'netfilter-lab:lesson-sandbox';
const LESSON_KEY = 'netfilter-lab:lesson-active';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function keepSandbox(doc: ScenarioDoc | null, lessonId: string, s = storage()): void {
  if (!s || !doc) return;
  try {
    s.setItem(SANDBOX_KEY, JSON.stringify(doc));
    s.setItem(LESSON_KEY, lessonId);
  } catch {
    // storage full or off: the work is still held in memory until the lesson is left
  }
}

export function forgetSandbox(s = storage()): void {
  try {
    s?.removeItem(SANDBOX_KEY);
    s?.removeItem(LESSON_KEY);
  } catch {
    // nothing kept, nothing to forget
  }
}

/** The work kept aside by a lesson the learner was in when the page last closed. */
export function keptSandbox(s = storage()): { doc: ScenarioDoc; lessonId: string | null } | null {
  try {
    const text = s?.getItem(SANDBOX_KEY);
    if (!text) return null;
    const decoded = decodeJsonText(text);
    if (!decoded.ok) return null;
    return { doc: decoded.doc, lessonId: s?.getItem(LESSON_KEY) ?? null };
  } catch {
    return null;
  }
}
