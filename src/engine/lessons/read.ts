/**
 * Reads a lesson folder: lesson.yaml (positions kept, so every problem is reported at its
 * line:column) and the scenario files it names. Problems are diagnostics, never thrown.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { diagnosticAt, type LessonDiagnostic, type LoadedLesson } from './loaded.ts';
import { validateShape } from './shape.ts';
import type { Lesson, LessonIndexFile } from './types.ts';

export interface LessonFiles {
  /** the folder's name under lessons/ */
  dir: string;
  /** file name → text; must hold lesson.yaml and the scenario files */
  files: Record<string, string>;
}

export interface ReadLesson {
  /** null when the file is not a lesson at all (not YAML, not a mapping) */
  loaded: LoadedLesson | null;
  diagnostics: LessonDiagnostic[];
}

function positionsOf(
  node: YamlNode | null,
  lines: LineCounter,
  path: string,
  out: Record<string, [number, number]>,
): void {
  if (!node) return;
  if (node.range && !(path in out)) {
    const p = lines.linePos(node.range[0]);
    out[path] = [p.line, p.col];
  }
  if (isMap(node))
    for (const item of node.items) {
      const key = isScalar(item.key) ? String(item.key.value) : '';
      const sub = path === '' ? key : `${path}.${key}`;
      // a key's own place, for a value that is missing or null
      if (isScalar(item.key) && item.key.range) {
        const p = lines.linePos(item.key.range[0]);
        out[sub] = [p.line, p.col];
      }
      positionsOf(item.value as YamlNode | null, lines, sub, out);
    }
  else if (isSeq(node))
    node.items.forEach((item, i) =>
      positionsOf(item as YamlNode, lines, path === '' ? String(i) : `${path}.${i}`, out),
    );
}

export function readLesson(source: LessonFiles): ReadLesson {
  const file = `${source.dir}/lesson.yaml`;
  const text = source.files['lesson.yaml'];
  if (text === undefined)
    return {
      loaded: null,
      diagnostics: [
        {
          code: 'no-lesson-file',
          severity: 'error',
          message: 'the folder has no lesson.yaml',
          file,
          line: 0,
          column: 0,
        },
      ],
    };
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const diagnostics: LessonDiagnostic[] = doc.errors.map((e) => {
    const p = lines.linePos(e.pos[0]);
    return {
      code: 'yaml-syntax',
      severity: 'error',
      message: e.message.split('\n')[0]!,
      file,
      line: p.line,
      column: p.col,
    };
  });
  if (diagnostics.length > 0 || !isMap(doc.contents)) {
    if (diagnostics.length === 0)
      diagnostics.push({
        code: 'not-a-lesson',
        severity: 'error',
        message: 'a lesson is a mapping with id, version, title, goal, scenario and steps',
        file,
        line: 1,
        column: 1,
      });
    return { loaded: null, diagnostics };
  }
  const positions: Record<string, [number, number]> = {};
  positionsOf(doc.contents as YamlNode, lines, '', positions);
  const value: unknown = doc.toJS();
  const loaded: LoadedLesson = {
    dir: source.dir,
    lesson: value as Lesson,
    files: source.files,
    positions,
  };
  for (const problem of validateShape(value))
    diagnostics.push(diagnosticAt(loaded, problem.path, 'bad-shape', problem.message));
  if (diagnostics.length > 0) return { loaded: null, diagnostics };
  diagnostics.push(...scenarioFiles(loaded));
  return { loaded: diagnostics.some((d) => d.severity === 'error') ? null : loaded, diagnostics };
}

function scenarioFiles(loaded: LoadedLesson): LessonDiagnostic[] {
  const out: LessonDiagnostic[] = [];
  const s = loaded.lesson.scenario;
  const named: [string, string | undefined][] = [
    ['cluster', s.cluster],
    ['rules', s.rules],
    ['host', s.host],
  ];
  for (const [key, name] of named)
    if (name !== undefined && loaded.files[name] === undefined)
      out.push(
        diagnosticAt(
          loaded,
          ['scenario', key],
          'missing-file',
          `no file ${name} beside lesson.yaml`,
        ),
      );
  if (s.cluster === undefined && s.rules === undefined)
    out.push(
      diagnosticAt(
        loaded,
        ['scenario'],
        'no-scenario',
        'the scenario names neither a cluster nor rules',
      ),
    );
  if (s.rules !== undefined && s.host === undefined)
    out.push(
      diagnosticAt(loaded, ['scenario'], 'no-host', 'a dump scenario needs a host file (host:)'),
    );
  return out;
}

/** lessons/index.yaml: the lesson folders in the order they are offered. */
export function readLessonIndex(text: string): {
  index: LessonIndexFile | null;
  diagnostics: LessonDiagnostic[];
} {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const at = (pos: number) => lines.linePos(pos);
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const p = at(e.pos[0]);
    return {
      index: null,
      diagnostics: [
        {
          code: 'yaml-syntax',
          severity: 'error',
          message: e.message.split('\n')[0]!,
          file: 'index.yaml',
          line: p.line,
          column: p.col,
        },
      ],
    };
  }
  const value = doc.toJS() as { lessons?: unknown } | null;
  const lessons = value?.lessons;
  if (!Array.isArray(lessons) || !lessons.every((l) => typeof l === 'string'))
    return {
      index: null,
      diagnostics: [
        {
          code: 'bad-index',
          severity: 'error',
          message: 'index.yaml holds `lessons:`, a list of lesson folder names',
          file: 'index.yaml',
          line: 1,
          column: 1,
        },
      ],
    };
  return { index: { lessons: lessons as string[] }, diagnostics: [] };
}
