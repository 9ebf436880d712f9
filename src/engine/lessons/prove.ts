/**
 * Proves a lesson the way `lessons check` does: every step's check fails on the step's start
 * state (unless the step says it starts satisfied) and passes after its solution; exactly one
 * option of each question matches the engine; every known-wrong attempt fails; every text
 * renders in both languages with its names resolved; and the lint holds.
 */
import { Env } from './env.ts';
import { lintLesson } from './lint.ts';
import type { LoadedLesson } from './loaded.ts';
import { askOptions } from './options.ts';
import { pickedRule, pickOptions } from './pick-options.ts';
import { resolveFocus } from './focus-refs.ts';
import {
  allSteps,
  applySolution,
  applySolutionTo,
  evaluateStep,
  startWorld,
  stepView,
  type StepVerdict,
} from './runner.ts';
import { applyPatches } from './patch.ts';
import type { AnswerInput, Patch, Step } from './types.ts';
import type { World } from './world.ts';

export interface ProofFailure {
  /** the step's id, or null for the lesson as a whole */
  step: string | null;
  message: string;
}

export interface LessonProof {
  id: string;
  steps: number;
  failures: ProofFailure[];
}

function said(v: StepVerdict): string {
  const parts: string[] = [];
  if (v.got !== null) parts.push(`got ${v.got}`);
  if (v.expected !== null) parts.push(`expected ${v.expected}`);
  if (v.reason && parts.length === 0) parts.push(v.reason.en);
  return parts.join(', ');
}

function answersOf(loaded: LoadedLesson, step: Step, world: World): AnswerInput[] {
  if (typeof step.action !== 'object' || !('ask' in step.action)) return [];
  const ask = step.action.ask;
  if (ask.kind === 'choice') return ask.options.map((o) => ({ option: o.id }));
  if (ask.kind === 'nextChain')
    return askOptions(new Env(loaded, world, step.variant), ask).map((o) => ({ chain: o.id }));
  if (ask.kind === 'pick') {
    // every rule the UI offers to click: exactly one of them must be the engine's answer
    const env = new Env(loaded, world, step.variant);
    return pickOptions(env, resolveFocus(env, step.focus ?? [])).flatMap((o) => {
      const rule = pickedRule(o.id);
      return rule ? [{ rule }] : [];
    });
  }
  return [];
}

/** Why the edits cannot be made on the world's text, or null when they can. */
function patchProblem(world: World, patches: readonly Patch[] | undefined): string | null {
  if (!patches || patches.length === 0) return null;
  const text = world.cluster ?? world.rules;
  if (text === null) return 'the scenario has no text to edit';
  const r = applyPatches(text, patches, world.cluster !== null ? 'cluster' : 'rules');
  return typeof r === 'string' ? null : r.problem;
}

function proveStep(loaded: LoadedLesson, index: number, step: Step): string[] {
  const out: string[] = [];
  const view = stepView(loaded, index, startWorld(loaded, index));
  for (const t of [view.text, view.goal, view.ask?.prompt, ...view.hints])
    for (const s of t ? [t.en, t.ko] : [])
      if (/\{\{|\(\w+: not in this scenario\)/.test(s))
        out.push(`a name does not resolve in "${s}"`);
  if (step.action === 'read') return out;
  const start = startWorld(loaded, index);
  const before = evaluateStep(loaded, index, start);
  if (before.pass && !step.startsSatisfied)
    out.push('the check already holds at the start (mark the step startsSatisfied if meant)');
  if (
    !before.pass &&
    before.reason &&
    before.got === null &&
    before.expected === null &&
    /could not answer/.test(before.reason.en)
  )
    out.push(`at the start: ${before.reason.en}`);
  const unapplied = patchProblem(start, step.solution?.patch);
  if (unapplied) out.push(`the solution's edit does not apply: ${unapplied}`);
  const solved = applySolution(loaded, index, start);
  const after = evaluateStep(loaded, index, solved);
  if (!after.pass) out.push(`the check fails after the solution: ${said(after)}`);
  const answers = answersOf(loaded, step, solved);
  if (answers.length > 0) {
    const right = answers.filter((a) => evaluateStep(loaded, index, { ...solved, answer: a }).pass);
    const names = right.map((a) =>
      'option' in a
        ? a.option
        : 'chain' in a
          ? a.chain
          : 'rule' in a
            ? `${a.rule.chain} #${a.rule.index}`
            : '?',
    );
    if (right.length !== 1)
      out.push(
        `${right.length} options match the engine (${names.join(', ') || 'none'}); exactly one must`,
      );
  }
  (step.wrong ?? []).forEach((w, i) => {
    // an edit that changes nothing would fail the check without proving anything
    const bad = patchProblem(start, w.patch);
    if (bad) out.push(`wrong attempt ${i + 1} does not apply: ${bad}`);
    const v = evaluateStep(loaded, index, applySolutionTo(loaded, start, w));
    if (v.pass) out.push(`wrong attempt ${i + 1} passes the check`);
  });
  return out;
}

export function proveLesson(loaded: LoadedLesson): LessonProof {
  const failures: ProofFailure[] = lintLesson(loaded)
    .filter((d) => d.severity === 'error')
    .map((d) => ({
      step: null,
      message: `${d.file}:${d.line}:${d.column}: ${d.message} [${d.code}]`,
    }));
  const steps = allSteps(loaded);
  steps.forEach((step, i) => {
    try {
      for (const message of proveStep(loaded, i, step)) failures.push({ step: step.id, message });
    } catch (e) {
      failures.push({ step: step.id, message: `the runner failed: ${(e as Error).message}` });
    }
  });
  return { id: loaded.lesson.id, steps: steps.length, failures };
}
