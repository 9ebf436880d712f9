/**
 * The lessons' one public face: the format's types, reading a lesson folder, the runner (start
 * a step, judge an attempt, "show me", render text) and the proofs `lessons check` runs. Pure:
 * the caller reads the files (the worker from the bundle, the CLI from disk) and passes texts.
 */
export type * from './types.ts';
export type { LessonDiagnostic, LoadedLesson } from './loaded.ts';
export { readLesson, readLessonIndex, type LessonFiles, type ReadLesson } from './read.ts';
export { emptyWorld, type World } from './world.ts';
export {
  allSteps,
  applySolution,
  evaluateStep,
  MISSES_BEFORE_HINTS,
  scenarioWorld,
  showAnswer,
  startStep,
  startWorld,
  stepView,
  type AskView,
  type StepVerdict,
  type StepView,
} from './runner.ts';
export { renderText, lessonSummary, type LessonSummary } from './summary.ts';
export { lintLesson, BUDGET } from './lint.ts';
export { proveLesson, type LessonProof, type ProofFailure } from './prove.ts';
export { POLICY_OPTION, RETURN_OPTION } from './options.ts';
export { pickedRule } from './pick-options.ts';
