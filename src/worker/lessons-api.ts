/**
 * The engine API's lesson methods: the bundled lessons read once, then every question handed to
 * the runner (src/engine/lessons), the same code `netfilter-lab lessons check` runs in Node.
 */
import {
  applySolution,
  evaluateStep,
  lessonSummary,
  readLesson,
  readLessonIndex,
  startStep,
  stepView,
  type LoadedLesson,
  type World,
} from '../engine/lessons/index.ts';
// the player's view of a lesson trace sits beside the runner (engine code, no DOM)
import { playerTrace, sampleView, stepPacket } from '../engine/lessons/player.ts';
import { bundledLessons, type BundledLessons } from './lesson-files.ts';
import type {
  ActionKind,
  LessonCatalog,
  LessonsApi,
  LessonSummary,
  StepView,
} from './lessons-protocol.ts';

interface Library {
  lessons: LoadedLesson[];
  problems: string[];
}

/** The lessons in index.yaml's order; a folder the index does not name is not offered. */
export function readLibrary(bundle: BundledLessons): Library {
  const problems: string[] = [];
  const line = (d: { file: string; line: number; column: number; message: string }) =>
    `${d.file}:${d.line}:${d.column} ${d.message}`;
  if (bundle.index === null) return { lessons: [], problems: ['lessons/index.yaml is missing'] };
  const read = readLessonIndex(bundle.index);
  problems.push(...read.diagnostics.map(line));
  const lessons: LoadedLesson[] = [];
  for (const dir of read.index?.lessons ?? []) {
    const folder = bundle.folders.find((f) => f.dir === dir);
    if (!folder) {
      problems.push(`index.yaml:0:0 no lesson folder ${dir}`);
      continue;
    }
    const lesson = readLesson(folder);
    problems.push(...lesson.diagnostics.filter((d) => d.severity === 'error').map(line));
    if (lesson.loaded) lessons.push(lesson.loaded);
  }
  return { lessons, problems };
}

let library: Promise<Library> | null = null;

async function lessons(): Promise<Library> {
  library ??= bundledLessons().then(readLibrary);
  return library;
}

async function find(id: string): Promise<LoadedLesson | null> {
  return (await lessons()).lessons.find((l) => l.lesson.id === id) ?? null;
}

export function actionKind(action: LoadedLesson['lesson']['steps'][number]['action']): ActionKind {
  return action === 'read' ? 'read' : (Object.keys(action)[0] as ActionKind);
}

function summaryOf(loaded: LoadedLesson): LessonSummary {
  const s = lessonSummary(loaded);
  const spec = loaded.lesson.scenario;
  return {
    id: s.id,
    version: s.version,
    title: s.title,
    goal: s.goal,
    minutes: s.minutes,
    seeds: s.seeds,
    requires: s.requires,
    steps: s.steps,
    recap: loaded.lesson.recap?.length ?? 0,
    source: spec.cluster !== undefined ? 'cluster' : 'dump',
    node: spec.node ?? null,
  };
}

/** The step as the UI shows it, in `world`. */
export function viewOf(loaded: LoadedLesson, index: number, world: World, start: World): StepView {
  const v = stepView(loaded, index, world);
  const ask = v.ask;
  return {
    lessonId: loaded.lesson.id,
    index,
    count: v.total,
    id: v.id,
    recap: v.recap,
    challenge: v.challenge,
    text: v.text,
    goal: v.goal,
    focus: v.focus,
    action: actionKind(v.action),
    ask:
      ask === null
        ? null
        : { kind: ask.kind, prompt: ask.prompt, options: ask.options, items: ask.items },
    packet: stepPacket(loaded, index),
    hints: v.hints,
    hasSolution: v.hasSolution,
    sampleRuns: typeof v.action === 'object' && 'sample' in v.action ? v.action.sample.n : null,
    toggle: typeof v.action === 'object' && 'toggle' in v.action ? v.action.toggle.setting : null,
    start,
  };
}

export const lessonsApi: LessonsApi = {
  async lessonCatalog(): Promise<LessonCatalog> {
    const lib = await lessons();
    return { lessons: lib.lessons.map(summaryOf), problems: lib.problems };
  },

  async lessonStep(id, index, world) {
    const loaded = await find(id);
    if (!loaded) return { ok: false, problem: `no lesson ${id}` };
    if (!Number.isInteger(index) || index < 0 || index >= lessonSummary(loaded).steps)
      return { ok: false, problem: `lesson ${id} has no step ${index + 1}` };
    const start = startStep(loaded, index).world;
    return { ok: true, step: viewOf(loaded, index, world ?? start, start) };
  },

  async lessonCheck(id, index, world) {
    const loaded = await find(id);
    if (!loaded)
      return {
        pass: false,
        got: null,
        expected: null,
        why: null,
        reason: null,
        problem: `no lesson ${id}`,
        incomplete: true,
      };
    const v = evaluateStep(loaded, index, world);
    const view = stepView(loaded, index, world);
    const packet = stepPacket(loaded, index);
    // nothing given yet is not a miss: no answer to a question, or the packet not sent
    const incomplete =
      !v.pass &&
      ((view.ask !== null && world.answer === null) ||
        (view.ask === null && packet !== null && !world.sent.includes(packet)));
    return { ...v, problem: null, incomplete };
  },

  async lessonSolve(id, index, world) {
    const loaded = await find(id);
    return loaded ? applySolution(loaded, index, world) : null;
  },

  async lessonTrace(id, index, world, packet) {
    const loaded = await find(id);
    if (!loaded) return { result: null, packets: [], veil: null, node: null, problems: [] };
    const t = playerTrace(loaded, index, world, packet);
    if (!t.ok)
      return {
        result: null,
        packets: [],
        veil: null,
        node: null,
        problems: [{ where: 'packet', message: t.problem }],
      };
    return {
      result: t.result,
      packets: [],
      veil: t.veil,
      node: t.node,
      problems: [],
    };
  },

  async lessonSample(id, index, world, packet) {
    const loaded = await find(id);
    if (!loaded) return { outcomes: [], samples: null, runs: 0, problem: `no lesson ${id}` };
    const v = sampleView(loaded, index, world, packet);
    if (!v.ok) return { outcomes: [], samples: null, runs: 0, problem: v.problem };
    return { outcomes: v.outcomes, samples: v.samples, runs: v.runs, problem: null };
  },
};
