/**
 * `netfilter-lab lessons [--json]` lists the lessons; `netfilter-lab lessons check [ID…]` plays
 * them in Node as CI does: each step's check fails at its start and passes after its solution,
 * each question has exactly one right option, every known-wrong attempt fails, every text is in
 * both languages and within budget. Ends with `lessons: N passed, M failed`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readArgs } from '../args.ts';
import type { Command } from '../command.ts';
import { checkedDir, readFolder } from '../lessons-disk.ts';
import { UsageError } from '../usage-error.ts';
import {
  lessonSummary,
  proveLesson,
  readLesson,
  readLessonIndex,
  type LessonDiagnostic,
  type LessonProof,
  type LoadedLesson,
} from '../../engine/lessons/index.ts';

const options = {
  json: { type: 'boolean' },
  dir: { type: 'string' },
  report: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface Read {
  dir: string;
  loaded: LoadedLesson | null;
  diagnostics: LessonDiagnostic[];
}

function readAll(root: string): { lessons: Read[]; problems: string[] } {
  const index = readLessonIndex(readFolder(root, '.')?.['index.yaml'] ?? '');
  const problems = index.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`);
  const lessons = (index.index?.lessons ?? []).map((dir): Read => {
    const files = readFolder(root, dir);
    if (!files)
      return {
        dir,
        loaded: null,
        diagnostics: [
          {
            code: 'no-folder',
            severity: 'error',
            message: `index.yaml lists ${dir}, which is not a folder`,
            file: 'index.yaml',
            line: 0,
            column: 0,
          },
        ],
      };
    return { dir, ...readLesson({ dir, files }) };
  });
  return { lessons, problems };
}

function list(lessons: Read[], json: boolean): number {
  const rows = lessons.flatMap((l) => (l.loaded ? [lessonSummary(l.loaded)] : []));
  if (json) {
    const out = rows.map((s) => ({
      id: s.id,
      version: s.version,
      title: s.title,
      steps: s.steps,
      seeds: s.seeds,
    }));
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else
    for (const [i, s] of rows.entries())
      process.stdout.write(
        `${String(i + 1).padStart(2)}. ${s.id}  ${s.title.en} / ${s.title.ko}  (${s.steps} steps; seeds ${s.seeds.join(', ') || '-'})\n`,
      );
  for (const l of lessons)
    if (!l.loaded)
      for (const d of l.diagnostics)
        process.stderr.write(`${d.file}:${d.line}:${d.column}: ${d.message}\n`);
  return lessons.every((l) => l.loaded) ? 0 : 1;
}

function check(lessons: Read[], ids: string[], reportFile: string | undefined): number {
  const known = lessons.map((l) => l.loaded?.lesson.id ?? l.dir);
  for (const id of ids)
    if (!known.includes(id))
      throw new UsageError(`no lesson "${id}" (lessons: ${known.join(', ')})`);
  const chosen = lessons.filter(
    (l) => ids.length === 0 || ids.includes(l.loaded?.lesson.id ?? l.dir),
  );
  const proofs: LessonProof[] = chosen.map((l) =>
    l.loaded
      ? proveLesson(l.loaded)
      : {
          id: l.dir,
          steps: 0,
          failures: l.diagnostics.map((d) => ({
            step: null,
            message: `${d.file}:${d.line}:${d.column}: ${d.message}`,
          })),
        },
  );
  for (const p of proofs) {
    if (p.failures.length === 0) process.stdout.write(`ok    ${p.id} (${p.steps} steps)\n`);
    else {
      process.stdout.write(`FAIL  ${p.id}\n`);
      for (const f of p.failures)
        process.stdout.write(`      ${f.step === null ? '' : `step ${f.step}: `}${f.message}\n`);
    }
  }
  const passed = proofs.filter((p) => p.failures.length === 0).length;
  const failed = proofs.length - passed;
  process.stdout.write(`lessons: ${passed} passed, ${failed} failed\n`);
  if (reportFile !== undefined) {
    mkdirSync(dirname(reportFile), { recursive: true });
    const report = { kind: 'lessons', passed, failed, lessons: proofs };
    writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  }
  return failed === 0 && proofs.length > 0 ? 0 : 1;
}

export const lessonsCommand: Command = {
  name: 'lessons',
  help: `Usage: netfilter-lab lessons [--json] [--dir DIR]
       netfilter-lab lessons check [ID…] [--dir DIR] [--report FILE]

Lists the guided lessons (id, title in English and Korean, steps, the study articles each
answers), or with check, plays every lesson (or the ones named) as CI does: each step's check
fails at the step's start and passes after its solution, exactly one option of each question
matches the engine, every listed wrong answer fails, every text is in both languages and within
budget. Failures name the lesson, the step and why.

Options:
  --json         list as JSON: [{"id", "version", "title": {"en", "ko"}, "steps", "seeds"}]
  --dir DIR      the lessons folder (default: the one beside the program)
  --report FILE  check: also write the results as JSON (read by scripts/test-summary.mjs)
  -h, --help     show this help

Exit status: 0 every lesson passed (check) or read (list), 1 otherwise, 2 usage error.`,

  async run(args) {
    const { values, positionals } = readArgs(args, options);
    if (values.help) {
      process.stdout.write(`${this.help}\n`);
      return 0;
    }
    const [sub, ...ids] = positionals;
    if (sub !== undefined && sub !== 'check')
      throw new UsageError(`unknown subcommand "${sub}" (only: check)`);
    if (sub === undefined && values.report !== undefined)
      throw new UsageError('--report goes with lessons check');
    if (sub === 'check' && values.json)
      throw new UsageError('--json goes with the list, not with check');
    const { lessons, problems } = readAll(checkedDir(values.dir));
    for (const p of problems) process.stderr.write(`${p}\n`);
    if (problems.length > 0) return 1;
    return sub === 'check'
      ? check(lessons, ids, values.report)
      : list(lessons, values.json === true);
  },
};

export const LESSONS_INDEX = join('lessons', 'index.yaml');
