/**
 * The lesson lint: what makes a lesson teachable in both languages, checked on the file alone.
 * Both languages present; the same `{{placeholders}}` and backticked identifiers in each (chain,
 * table and flag names stay in Latin script); short texts; one Korean register (해요체); no two
 * `read` steps in a row; a check and a solution on every other step; no hashed chain names.
 */
import { diagnosticAt, type LessonDiagnostic, type LoadedLesson } from './loaded.ts';
import { PLACEHOLDER } from './text.ts';
import type { Step, Text } from './types.ts';

export const BUDGET = {
  stepWords: 60,
  stepChars: 200,
  promptWords: 25,
  promptChars: 90,
} as const;

const HASHED = /KUBE-(?:SVC|SVL|SEP|EXT|FW|XLB)-[A-Z0-9]{16}/;
const BACKTICKED = /`([^`]+)`/g;
/** a syllable before 니다/니까 (합니다, 보냅니다, 습니다) or 십시오: 합니다체, where a lesson speaks 해요체 */
const FORMAL_END = /([가-힣])니(?:다|까)(?=[.?!,)\s]|$)|십시오/g;
/** Hangul syllables are laid out so that the final consonant is the code modulo 28; 17 is ㅂ. */
const FINAL_BIEUP = 17;

function formalRegister(ko: string): boolean {
  for (const m of ko.matchAll(FORMAL_END)) {
    if (m[1] === undefined) return true;
    if ((m[1].charCodeAt(0) - 0xac00) % 28 === FINAL_BIEUP) return true;
  }
  return false;
}

type Path = (string | number)[];

function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

function koChars(s: string): number {
  return [...s.replace(/\s+/g, ' ').trim()].length;
}

function setOf(re: RegExp, s: string): string[] {
  // a set: a language may repeat a name the other says once
  return [...new Set([...s.matchAll(re)].map((m) => m[1]!.trim()))].sort();
}

function isText(v: unknown): v is Partial<Text> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    ('en' in v || 'ko' in v) &&
    Object.keys(v).every((k) => k === 'en' || k === 'ko')
  );
}

/** Every Text in the lesson, with its path. */
function texts(v: unknown, path: Path, out: [Path, Partial<Text>][]): void {
  if (isText(v)) out.push([path, v]);
  else if (Array.isArray(v)) v.forEach((x, i) => texts(x, [...path, i], out));
  else if (typeof v === 'object' && v !== null)
    for (const [k, x] of Object.entries(v)) texts(x, [...path, k], out);
}

function textProblems(loaded: LoadedLesson, path: Path, t: Partial<Text>): LessonDiagnostic[] {
  const out: LessonDiagnostic[] = [];
  const at = (code: string, msg: string) => out.push(diagnosticAt(loaded, path, code, msg));
  for (const lang of ['en', 'ko'] as const)
    if (typeof t[lang] !== 'string' || t[lang].trim() === '')
      at('missing-language', `no ${lang} text`);
  if (out.length > 0) return out;
  const en = t.en!;
  const ko = t.ko!;
  const same = (re: RegExp, what: string) => {
    const a = setOf(re, en);
    const b = setOf(re, ko);
    if (a.join('\u0000') !== b.join('\u0000'))
      at(
        'languages-differ',
        `${what} differ: en has ${a.join(', ') || 'none'}, ko has ${b.join(', ') || 'none'}`,
      );
  };
  same(new RegExp(PLACEHOLDER.source, 'g'), '{{placeholders}}');
  same(BACKTICKED, 'backticked identifiers');
  if (formalRegister(ko))
    at('korean-register', 'the Korean text uses 합니다체; lessons speak 해요체 (…해요, …예요)');
  const refs = loaded.lesson.refs ?? {};
  for (const name of setOf(new RegExp(PLACEHOLDER.source, 'g'), en))
    if (!(name in refs))
      at(
        'unknown-ref',
        `{{${name}}} names no ref (refs: ${Object.keys(refs).join(', ') || 'none'})`,
      );
  return out;
}

function budget(
  loaded: LoadedLesson,
  path: Path,
  t: Text | undefined,
  maxWords: number,
  maxChars: number,
): LessonDiagnostic[] {
  if (!t || typeof t.en !== 'string' || typeof t.ko !== 'string') return [];
  const out: LessonDiagnostic[] = [];
  if (words(t.en) > maxWords)
    out.push(
      diagnosticAt(
        loaded,
        [...path, 'en'],
        'too-long',
        `${words(t.en)} English words (at most ${maxWords})`,
      ),
    );
  if (koChars(t.ko) > maxChars)
    out.push(
      diagnosticAt(
        loaded,
        [...path, 'ko'],
        'too-long',
        `${koChars(t.ko)} Korean characters (at most ${maxChars})`,
      ),
    );
  return out;
}

function stepProblems(
  loaded: LoadedLesson,
  steps: Step[],
  key: 'steps' | 'recap',
): LessonDiagnostic[] {
  const out: LessonDiagnostic[] = [];
  steps.forEach((step, i) => {
    const path: Path = [key, i];
    out.push(...budget(loaded, [...path, 'text'], step.text, BUDGET.stepWords, BUDGET.stepChars));
    const isRead = step.action === 'read';
    if (typeof step.action === 'object' && 'ask' in step.action)
      out.push(
        ...budget(
          loaded,
          [...path, 'action', 'ask', 'prompt'],
          step.action.ask.prompt,
          BUDGET.promptWords,
          BUDGET.promptChars,
        ),
      );
    if (isRead && i > 0 && steps[i - 1]!.action === 'read')
      out.push(
        diagnosticAt(
          loaded,
          [...path, 'action'],
          'read-after-read',
          'two read steps in a row: give the learner something to do',
        ),
      );
    if (!isRead && !step.check)
      out.push(
        diagnosticAt(loaded, path, 'no-check', `step ${step.id} has an action but no check`),
      );
    if (!isRead && !step.solution)
      out.push(
        diagnosticAt(
          loaded,
          path,
          'no-solution',
          `step ${step.id} has no solution ("show me" and lessons check need one)`,
        ),
      );
  });
  return out;
}

export function lintLesson(loaded: LoadedLesson): LessonDiagnostic[] {
  const out: LessonDiagnostic[] = [];
  const found: [Path, Partial<Text>][] = [];
  texts(loaded.lesson, [], found);
  for (const [path, t] of found) out.push(...textProblems(loaded, path, t));
  out.push(...stepProblems(loaded, loaded.lesson.steps, 'steps'));
  out.push(...stepProblems(loaded, loaded.lesson.recap ?? [], 'recap'));
  const ids = new Set<string>();
  [...loaded.lesson.steps, ...(loaded.lesson.recap ?? [])].forEach((s, i) => {
    if (ids.has(s.id))
      out.push(
        diagnosticAt(
          loaded,
          [i < loaded.lesson.steps.length ? 'steps' : 'recap', i, 'id'],
          'duplicate-step',
          `two steps are called ${s.id}`,
        ),
      );
    ids.add(s.id);
  });
  const yaml = loaded.files['lesson.yaml'] ?? '';
  yaml.split('\n').forEach((line, i) => {
    const m = HASHED.exec(line);
    if (m)
      out.push({
        code: 'hashed-name',
        severity: 'error',
        message: `${m[0]} is a hashed chain name: name it through a ref ({chainOf: …}) so it follows the scenario`,
        file: `${loaded.dir}/lesson.yaml`,
        line: i + 1,
        column: m.index + 1,
      });
  });
  return out;
}
