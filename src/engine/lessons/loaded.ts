/** A lesson read from its files, with where each of its values sits in lesson.yaml. */
import type { Lesson } from './types.ts';

export interface LessonDiagnostic {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  /** the file, relative to the lessons folder (e.g. "01-hooks-and-tables/lesson.yaml") */
  file: string;
  /** 1-based; 0 when the problem has no place in a file */
  line: number;
  column: number;
}

export interface LoadedLesson {
  /** the lesson's folder name under lessons/ */
  dir: string;
  lesson: Lesson;
  /** the lesson's files by name (lesson.yaml, the scenario files) */
  files: Record<string, string>;
  /** "steps.2.text.ko" → [line, column] of that value in lesson.yaml */
  positions: Record<string, [number, number]>;
}

/** The position of a value, or of its nearest ancestor that has one. */
export function positionOf(
  loaded: LoadedLesson,
  path: readonly (string | number)[],
): [number, number] {
  for (let n = path.length; n >= 0; n--) {
    const at = loaded.positions[path.slice(0, n).join('.')];
    if (at) return at;
  }
  return [0, 0];
}

export function diagnosticAt(
  loaded: LoadedLesson,
  path: readonly (string | number)[],
  code: string,
  message: string,
  severity: 'error' | 'warning' = 'error',
): LessonDiagnostic {
  const [line, column] = positionOf(loaded, path);
  return { code, severity, message, file: `${loaded.dir}/lesson.yaml`, line, column };
}
