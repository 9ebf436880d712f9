/**
 * The lesson link, `#lesson=ID&step=N`, beside the scenario link `#s=` (docs/lessons.md). It is
 * untrusted input like `#s=`: a link format version (`v=`, absent means 1) lets a newer build
 * add fields and an older one say so instead of misreading them; `ID@V` may name the lesson
 * version the link was made on. Reading is in two stages: the text (here, no lesson data needed),
 * then the lessons the build has (`resolveLessonLink`).
 */

export const LESSON_LINK_PREFIX = '#lesson=';
export const LESSON_LINK_FORMAT = 1;
const MAX_LINK = 300;
const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const NUMBER = /^[1-9][0-9]{0,3}$/;

export interface LessonLink {
  id: string;
  /** 1-based, as people count */
  step: number;
  /** the lesson version the link was made on, when it says */
  version?: number;
}

export type LinkError =
  | { code: 'malformed' }
  | { code: 'newer-format'; format: number }
  | { code: 'unknown-lesson'; id: string }
  | { code: 'step-out-of-range'; id: string; step: number; steps: number }
  | { code: 'newer-lesson'; id: string; version: number; have: number };

export type LinkRead = { ok: true; link: LessonLink } | { ok: false; error: LinkError };

export function isLessonLink(hash: string): boolean {
  return hash.startsWith(LESSON_LINK_PREFIX);
}

/** The link's parts, or why it does not read; null when `hash` is not a lesson link at all. */
export function parseLessonLink(hash: string): LinkRead | null {
  if (!isLessonLink(hash)) return null;
  const malformed: LinkRead = { ok: false, error: { code: 'malformed' } };
  if (hash.length > MAX_LINK) return malformed;
  const fields = new Map<string, string>();
  for (const part of hash.slice(1).split('&')) {
    const eq = part.indexOf('=');
    if (eq < 1) return malformed;
    const key = part.slice(0, eq);
    if (fields.has(key)) return malformed;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1));
    } catch {
      return malformed;
    }
    fields.set(key, value);
  }
  const format = fields.get('v') ?? '1';
  if (!NUMBER.test(format)) return malformed;
  if (Number(format) > LESSON_LINK_FORMAT)
    return { ok: false, error: { code: 'newer-format', format: Number(format) } };
  // a field this format does not know is a link from somewhere else, not one to half-read
  for (const key of fields.keys()) if (!['lesson', 'step', 'v'].includes(key)) return malformed;
  const [id = '', version] = (fields.get('lesson') ?? '').split('@');
  const step = fields.get('step') ?? '1';
  if (!ID.test(id) || !NUMBER.test(step)) return malformed;
  if (version !== undefined && !NUMBER.test(version)) return malformed;
  const link: LessonLink = { id, step: Number(step) };
  if (version !== undefined) link.version = Number(version);
  return { ok: true, link };
}

export function lessonLinkOf(link: LessonLink): string {
  const version = link.version === undefined ? '' : `@${link.version}`;
  return `${LESSON_LINK_PREFIX}${link.id}${version}&step=${link.step}`;
}

/** The lessons the build has, as far as a link needs them. */
export interface LinkTarget {
  id: string;
  version: number;
  steps: number;
}

/** A read link against the lessons: which lesson and 0-based step it opens, or why not. */
export function resolveLessonLink(
  link: LessonLink,
  lessons: readonly LinkTarget[],
): { ok: true; id: string; step: number } | { ok: false; error: LinkError } {
  const lesson = lessons.find((l) => l.id === link.id);
  if (!lesson) return { ok: false, error: { code: 'unknown-lesson', id: link.id } };
  if (link.version !== undefined && link.version > lesson.version)
    return {
      ok: false,
      error: { code: 'newer-lesson', id: link.id, version: link.version, have: lesson.version },
    };
  if (link.step > lesson.steps)
    return {
      ok: false,
      error: { code: 'step-out-of-range', id: link.id, step: link.step, steps: lesson.steps },
    };
  return { ok: true, id: lesson.id, step: link.step - 1 };
}
