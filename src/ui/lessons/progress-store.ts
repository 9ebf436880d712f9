/**
 * The learner's lesson progress, kept on this device: one browser-storage entry per lesson (so
 * one damaged entry costs one lesson, not all of them), read back through the same validator as
 * an imported file. Storage may be missing or full: the store then works for this visit only.
 */
import { create } from 'zustand';
import {
  emptyStep,
  LESSON_ID,
  mergeProgress,
  readEntry,
  readProgressFile,
  reconcile,
  startProgress,
  type LessonEdit,
  type LessonProgress,
  type ProgressError,
  type ProgressMap,
  type StepProgress,
} from './progress.ts';

export const PROGRESS_KEY_PREFIX = 'netfilter-lab:lesson:';

/** The part of the Storage interface used here (tests pass a Map-backed one). */
export type ProgressStorage = Pick<
  Storage,
  'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'
>;

export interface ProgressState {
  lessons: ProgressMap;
  /** storage refused a write: the learner is told once that progress is not being kept */
  unsaved: boolean;
  /** the lesson's progress, reconciled with the lesson's current version (created if absent) */
  enter(id: string, version: number): LessonProgress;
  setStep(id: string, step: number): void;
  /** changes one step's record */
  markStep(id: string, stepId: string, change: (s: StepProgress) => StepProgress): void;
  /** keeps (or with null forgets) the learner's edit of the step they are at */
  setEdit(id: string, edit: LessonEdit | null): void;
  finish(id: string): void;
  /** forgets the lesson's position and answers; "done" stays */
  resetLesson(id: string): void;
  /** the restart notice was read */
  acknowledge(id: string): void;
  /** an imported file merged in; the learner's progress is untouched when it is refused */
  importText(text: string): { ok: true; count: number } | { ok: false; error: ProgressError };
}

let storage: ProgressStorage | null = null;
const now = () => new Date().toISOString();

function write(id: string, p: LessonProgress | null): boolean {
  if (!storage) return true;
  try {
    if (p === null) storage.removeItem(PROGRESS_KEY_PREFIX + id);
    else storage.setItem(PROGRESS_KEY_PREFIX + id, JSON.stringify(p));
    return true;
  } catch {
    return false;
  }
}

/** Every readable entry in `s`; unreadable ones are left where they are, not deleted. */
export function readAll(s: ProgressStorage): ProgressMap {
  const out: ProgressMap = {};
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key?.startsWith(PROGRESS_KEY_PREFIX)) continue;
    const id = key.slice(PROGRESS_KEY_PREFIX.length);
    if (!LESSON_ID.test(id)) continue;
    try {
      const entry = readEntry(JSON.parse(s.getItem(key) ?? ''), id);
      if (entry.ok) out[id] = entry.value;
    } catch {
      // damaged JSON: this lesson starts afresh, the entry stays for whoever wants to look
    }
  }
  return out;
}

export const useProgress = create<ProgressState>()((set, get) => {
  /** Applies `change` to one lesson's entry and writes it. */
  const put = (id: string, change: (p: LessonProgress) => LessonProgress | null) => {
    const before = get().lessons[id];
    if (!before) return;
    const after = change(before);
    const lessons = { ...get().lessons };
    if (after === null) delete lessons[id];
    else lessons[id] = { ...after, updatedAt: now() };
    const saved = write(id, lessons[id] ?? null);
    set({ lessons, unsaved: get().unsaved || !saved });
  };
  return {
    lessons: {},
    unsaved: false,
    enter(id, version) {
      const had = get().lessons[id];
      const p = had ? reconcile(had, version, now()) : startProgress(version, now());
      if (p !== had) {
        set({ lessons: { ...get().lessons, [id]: p } });
        if (!write(id, p)) set({ unsaved: true });
      }
      return p;
    },
    // an edit belongs to one step: moving on (or back) leaves it behind
    setStep: (id, step) =>
      put(id, (p) => {
        if (p.step === step) return p;
        const { edit: _edit, ...rest } = p;
        return { ...rest, step };
      }),
    markStep: (id, stepId, change) =>
      put(id, (p) => ({
        ...p,
        steps: { ...p.steps, [stepId]: change(p.steps[stepId] ?? emptyStep()) },
      })),
    setEdit: (id, edit) =>
      put(id, (p) => {
        const { edit: _old, ...rest } = p;
        return edit === null ? rest : { ...rest, edit };
      }),
    finish: (id) => put(id, (p) => ({ ...p, done: true })),
    resetLesson: (id) => put(id, (p) => ({ ...startProgress(p.version, now()), done: p.done })),
    acknowledge: (id) =>
      put(id, (p) => {
        const { restarted: _r, ...rest } = p;
        return rest;
      }),
    importText(text) {
      const read = readProgressFile(text);
      if (!read.ok) return read;
      const merged = mergeProgress(get().lessons, read.value);
      let saved = true;
      for (const id of Object.keys(read.value)) saved = write(id, merged[id] ?? null) && saved;
      set({ lessons: merged, unsaved: get().unsaved || !saved });
      return { ok: true, count: Object.keys(read.value).length };
    },
  };
});

/** Binds the store to browser storage (null: keep nothing) and loads what it holds. */
export function bindProgressStorage(s: ProgressStorage | null): void {
  storage = s;
  useProgress.setState({ lessons: s ? readAll(s) : {}, unsaved: false });
}
