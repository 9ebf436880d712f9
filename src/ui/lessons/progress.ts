/**
 * A learner's progress through the lessons, as plain data: one entry per lesson, versioned by the
 * lesson's own version. Everything read back (browser storage, an imported file) is untrusted: it
 * may come from another build, another device or a damaged file, so it goes through `readEntry`,
 * which refuses anything it does not understand with a reason instead of guessing.
 */

/** What a learner did on one step: nothing here is punitive, it only feeds their own review. */
export interface StepProgress {
  /** answered right on the first attempt */
  firstTry: boolean;
  /** wrong attempts so far */
  misses: number;
  /** hints opened */
  hints: number;
  /** the check passed */
  solved: boolean;
  /** "show me" applied the solution: shown, not solved */
  shown: boolean;
}

export interface LessonProgress {
  /** the lesson's version this progress was made on */
  version: number;
  /** where the learner is: a 0-based step index */
  step: number;
  done: boolean;
  /** by step id */
  steps: Record<string, StepProgress>;
  /**
   * The learner's own edit of the scenario on the step they are at (an edit or paste step): a
   * reload or their own step link puts it back; another step, reset step or a new version of
   * the lesson drops it.
   */
  edit?: LessonEdit;
  updatedAt: string;
  /** set when the lesson changed since: the learner re-enters at step 1 and is told why */
  restarted?: boolean;
}

/** The scenario text as the learner left it on one step: cluster YAML or the dump's rules. */
export interface LessonEdit {
  /** the 0-based step the edit was made on */
  step: number;
  kind: 'cluster' | 'rules';
  text: string;
}

export type ProgressMap = Record<string, LessonProgress>;

/** The exported file: a tag so another JSON file is refused for what it is. */
export const PROGRESS_FILE_KIND = 'netfilter-lab-lesson-progress';
export const PROGRESS_FORMAT = 1;
export const MAX_PROGRESS_FILE = 4 * 1024 * 1024;
const MAX_EDIT = 512 * 1024;
const MAX_STEPS = 200;
const MAX_LESSONS = 500;
export const LESSON_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface ProgressFile {
  kind: typeof PROGRESS_FILE_KIND;
  format: number;
  exportedAt: string;
  lessons: ProgressMap;
}

/** Why a progress entry or file was refused: a code and where, worded by the UI. */
export type ProgressError =
  | { code: 'not-json' }
  | { code: 'too-big'; limit: number }
  | { code: 'not-progress' }
  | { code: 'newer-format'; format: number }
  | { code: 'bad-field'; where: string };

export type Read<T> = { ok: true; value: T } | { ok: false; error: ProgressError };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

export function emptyStep(): StepProgress {
  return { firstTry: false, misses: 0, hints: 0, solved: false, shown: false };
}

export function startProgress(version: number, now: string): LessonProgress {
  return { version, step: 0, done: false, steps: {}, updatedAt: now };
}

function readStep(v: unknown): StepProgress | null {
  if (!isObject(v)) return null;
  const { firstTry, misses, hints, solved, shown } = v;
  if (typeof firstTry !== 'boolean' || typeof solved !== 'boolean' || typeof shown !== 'boolean')
    return null;
  if (!isCount(misses) || !isCount(hints)) return null;
  return { firstTry, misses, hints, solved, shown };
}

function readEdit(v: unknown): LessonEdit | null {
  if (!isObject(v)) return null;
  const { step, kind, text } = v;
  if (!isCount(step) || step >= MAX_STEPS) return null;
  if (kind !== 'cluster' && kind !== 'rules') return null;
  if (typeof text !== 'string' || text.length > MAX_EDIT) return null;
  return { step, kind, text };
}

/** One lesson's progress from untrusted data; the reason names the field that is wrong. */
export function readEntry(v: unknown, where: string): Read<LessonProgress> {
  const bad = (field: string): Read<LessonProgress> => ({
    ok: false,
    error: { code: 'bad-field', where: `${where}.${field}` },
  });
  if (!isObject(v)) return { ok: false, error: { code: 'bad-field', where } };
  if (!isCount(v['version']) || v['version'] < 1) return bad('version');
  if (!isCount(v['step']) || v['step'] >= MAX_STEPS) return bad('step');
  if (typeof v['done'] !== 'boolean') return bad('done');
  if (typeof v['updatedAt'] !== 'string' || Number.isNaN(Date.parse(v['updatedAt'])))
    return bad('updatedAt');
  if (!isObject(v['steps'])) return bad('steps');
  const steps: Record<string, StepProgress> = {};
  const stepIds = Object.keys(v['steps']);
  if (stepIds.length > MAX_STEPS) return bad('steps');
  for (const id of stepIds) {
    const step = readStep(v['steps'][id]);
    if (!step || id.length > 100) return bad(`steps.${id.slice(0, 100)}`);
    steps[id] = step;
  }
  const out: LessonProgress = {
    version: v['version'],
    step: v['step'],
    done: v['done'],
    steps,
    updatedAt: v['updatedAt'],
  };
  if (v['edit'] !== undefined) {
    const edit = readEdit(v['edit']);
    if (!edit) return bad('edit');
    out.edit = edit;
  }
  if (v['restarted'] !== undefined) {
    if (typeof v['restarted'] !== 'boolean') return bad('restarted');
    if (v['restarted']) out.restarted = true;
  }
  return { ok: true, value: out };
}

/**
 * Progress made on another version of the lesson: "done" is kept, the rest starts again at
 * step 1 (the steps it refers to may not exist any more), and `restarted` asks for a notice.
 */
export function reconcile(p: LessonProgress, lessonVersion: number, now: string): LessonProgress {
  if (p.version === lessonVersion) return p;
  return { ...startProgress(lessonVersion, now), done: p.done, restarted: true };
}

export function exportProgress(lessons: ProgressMap, now: string): string {
  const file: ProgressFile = {
    kind: PROGRESS_FILE_KIND,
    format: PROGRESS_FORMAT,
    exportedAt: now,
    lessons,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** An imported file's text to progress, all or nothing: one bad entry refuses the file. */
export function readProgressFile(text: string): Read<ProgressMap> {
  if (text.length > MAX_PROGRESS_FILE)
    return { ok: false, error: { code: 'too-big', limit: MAX_PROGRESS_FILE } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, error: { code: 'not-json' } };
  }
  if (!isObject(parsed) || parsed['kind'] !== PROGRESS_FILE_KIND)
    return { ok: false, error: { code: 'not-progress' } };
  const format = parsed['format'];
  if (!isCount(format) || format < 1)
    return { ok: false, error: { code: 'bad-field', where: 'format' } };
  if (format > PROGRESS_FORMAT) return { ok: false, error: { code: 'newer-format', format } };
  const lessons = parsed['lessons'];
  if (!isObject(lessons)) return { ok: false, error: { code: 'bad-field', where: 'lessons' } };
  const ids = Object.keys(lessons);
  if (ids.length > MAX_LESSONS)
    return { ok: false, error: { code: 'bad-field', where: 'lessons' } };
  const out: ProgressMap = {};
  for (const id of ids) {
    if (!LESSON_ID.test(id))
      return { ok: false, error: { code: 'bad-field', where: `lessons.${id.slice(0, 64)}` } };
    const entry = readEntry(lessons[id], `lessons.${id}`);
    if (!entry.ok) return entry;
    out[id] = entry.value;
  }
  return { ok: true, value: out };
}

/**
 * An imported file merged into what the learner has: nothing they have is lost. Per lesson the
 * more recently updated entry wins, and "done" stays done if either says so.
 */
export function mergeProgress(mine: ProgressMap, theirs: ProgressMap): ProgressMap {
  const out: ProgressMap = { ...mine };
  for (const [id, incoming] of Object.entries(theirs)) {
    const own = mine[id];
    if (!own) {
      out[id] = incoming;
      continue;
    }
    const newer = Date.parse(incoming.updatedAt) > Date.parse(own.updatedAt) ? incoming : own;
    out[id] = { ...newer, done: own.done || incoming.done };
  }
  return out;
}
