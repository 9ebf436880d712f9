/**
 * The lesson methods of the engine API, as plain structured-clone data. The runner is engine
 * code (src/engine/lessons): the worker only reads the bundled lesson files and hands the
 * runner's answers on, so the browser and `netfilter-lab lessons check` grade with the same code.
 */
import type { Outcome, SampledOutcome, SimulationResult } from '../engine/netfilter/index.ts';
import type { AnswerInput, Focus, Text, World } from '../engine/lessons/index.ts';
import type { PacketInput, TraceProblem } from './protocol.ts';

export type { AnswerInput, Focus, Text, World };
/** reads a pick option's id (`table/chain/number`) back into the rule it names */
export { pickedRule } from '../engine/lessons/pick-options.ts';

/** One lesson as the lesson list shows it. */
export interface LessonSummary {
  id: string;
  version: number;
  title: Text;
  goal: Text;
  minutes: number | null;
  seeds: string[];
  requires: string[];
  /** the steps, then the recap questions */
  steps: number;
  /** how many of the steps are recap questions (the last ones): what review asks again */
  recap: number;
  /** 'cluster' or 'dump': what the workspace shows while the lesson runs */
  source: 'cluster' | 'dump';
  /** the node whose rules a cluster lesson shows */
  node: string | null;
}

export interface LessonCatalog {
  lessons: LessonSummary[];
  /** lessons that did not load, each a line `file:line:col message` (a build that ships one is broken) */
  problems: string[];
}

/**
 * A question as the UI shows it: the options, never which of them is right. For "which chain
 * next?" the options are the chains the current one can jump to, plus leaving it.
 */
export interface AskView {
  kind: 'choice' | 'number' | 'order' | 'nextChain' | 'pick';
  prompt: Text;
  options: { id: string; label: string | Text }[];
  items: { id: string; label: string | Text }[];
}

export type ActionKind =
  'read' | 'send' | 'stepTo' | 'ask' | 'edit' | 'editRules' | 'toggle' | 'sample' | 'paste';

/** A step ready to show: texts with their `{{ref}}` placeholders filled from the learner's world. */
export interface StepView {
  lessonId: string;
  index: number;
  /** steps plus recap questions */
  count: number;
  id: string;
  recap: boolean;
  challenge: boolean;
  text: Text;
  goal: Text | null;
  /** chain refs resolved to the real chain names */
  focus: Focus[];
  action: ActionKind;
  ask: AskView | null;
  /** the packet the step is about (sent, stepped or asked about), if any */
  packet: string | null;
  hints: Text[];
  hasSolution: boolean;
  /** a `sample` step: how many new connections to send */
  sampleRuns: number | null;
  /** a `toggle` step: the setting the learner flips */
  toggle: 'backend' | null;
  /** the world the step starts from: the scenario plus the earlier steps' setup and solutions */
  start: World;
}

export interface VerdictView {
  pass: boolean;
  got: string | null;
  expected: string | null;
  /** why the check failed, in both languages */
  reason: Text | null;
  /** why the chosen wrong option is wrong, when the lesson says */
  why: Text | null;
  /** the world could not be graded: a problem with it (a YAML error, a packet not sent) */
  problem: string | null;
  /** no answer given, or the packet not sent yet: nothing to count as a miss */
  incomplete: boolean;
}

export interface LessonTraceResponse {
  result: SimulationResult | null;
  packets: PacketInput[];
  /** the trace step the player may go up to before the question is answered; null: no limit */
  veil: number | null;
  /** the node the packet was traced on (cluster lessons) */
  node: string | null;
  problems: TraceProblem[];
}

/** A sampling step's picture: the exact outcomes, and the sample once the learner took one. */
export interface LessonSampleResponse {
  outcomes: Outcome[];
  samples: SampledOutcome[] | null;
  runs: number;
  problem: string | null;
}

export type StepAnswer = { ok: true; step: StepView } | { ok: false; problem: string };

export interface LessonsApi {
  lessonCatalog(): Promise<LessonCatalog>;
  /** the step, starting from `world` when given (a learner's saved world), else its start state */
  lessonStep(id: string, index: number, world: World | null): Promise<StepAnswer>;
  lessonCheck(id: string, index: number, world: World): Promise<VerdictView>;
  /** the world after "show me" applies the step's solution */
  lessonSolve(id: string, index: number, world: World): Promise<World | null>;
  /** the named packet's trace in the world, with the veil of the step's question */
  lessonTrace(
    id: string,
    index: number,
    world: World,
    packet: string,
  ): Promise<LessonTraceResponse>;
  /** the named packet's exact outcomes and the world's sample of it (same seed as the check) */
  lessonSample(
    id: string,
    index: number,
    world: World,
    packet: string,
  ): Promise<LessonSampleResponse>;
}
