/**
 * What the lesson mode does: enter a lesson (keeping the learner's own work aside), move between
 * steps, hand the learner's world to the runner to be checked, apply "show me", and leave. Every
 * grade comes from the runner in the worker; this file only moves data between it, the stores
 * and the workspace.
 */
import { parse as parseYaml } from 'yaml';
import { ask } from '../../worker/client.ts';
import type {
  AnswerInput,
  LessonSummary,
  StepAnswer,
  World,
} from '../../worker/lessons-protocol.ts';
import { applySnapshot, takeSnapshot } from '../share/snapshot.ts';
import { useScenario, type ScenarioState } from '../stores/scenario-store.ts';
import { usePlayerStore } from '../views/trace-player/player-store.ts';
import { useProgress } from './progress-store.ts';
import { useSession } from './session-store.ts';
import { forgetSandbox, keepSandbox } from './sandbox.ts';
import { keptEdit } from './edit-keeper.ts';

let catalog: LessonSummary[] = [];

/** The lessons as the worker listed them (the index and links read them). */
export function setCatalog(lessons: LessonSummary[]): void {
  catalog = lessons;
}

export function summaryOf(id: string | null): LessonSummary | undefined {
  return catalog.find((l) => l.id === id);
}

/** The world with what the learner did in the workspace since: their edits, the player's place. */
export function currentWorld(): World | null {
  const { world, step } = useSession.getState();
  if (!world) return null;
  const s = useScenario.getState();
  const out: World = { ...world };
  if (world.cluster !== null) out.cluster = s.yaml;
  if (world.rules !== null) out.rules = s.dump;
  const player = usePlayerStore.getState();
  const packet = step?.packet ?? world.sent.at(-1) ?? null;
  if (packet !== null && world.sent.includes(packet) && player.current >= 0)
    out.cursor = { packet, index: player.current };
  return out;
}

/** Puts the world's scenario into the workspace the views read. */
function showWorld(world: World, summary: LessonSummary | undefined): void {
  const patch: Partial<ScenarioState> = { sent: null };
  if (world.cluster !== null)
    Object.assign(patch, {
      mode: 'cluster',
      yaml: world.cluster,
      settledYaml: world.cluster,
      ...(summary?.node ? { node: summary.node } : {}),
    });
  if (world.rules !== null) {
    let host: unknown;
    try {
      host = world.host === null ? null : parseYaml(world.host);
    } catch {
      // the runner reports a host file that does not read; the view infers one meanwhile
      host = null;
    }
    Object.assign(patch, {
      mode: 'dump',
      dump: world.rules,
      settledDump: world.rules,
      dumpHost: host,
    });
  }
  useScenario.setState(patch);
}

const FRESH = {
  verdict: null,
  hintsOpen: 0,
  confirmingShow: false,
  shown: false,
  finished: false,
  problem: null,
} as const;

/** Opens step `index` of the lesson on screen: from `world` if given, else its start state. */
export async function goToStep(
  index: number,
  world: World | null = null,
  opts: { shared?: boolean; keepEdit?: boolean } = {},
): Promise<void> {
  const id = useSession.getState().lessonId;
  if (id === null) return;
  useSession.getState().set({ busy: true });
  const answer = await ask<StepAnswer>('lessonStep', (e) => e.lessonStep(id, index, world));
  // the learner may have left or moved on meanwhile
  if (useSession.getState().lessonId !== id) return;
  if (!answer.ok) {
    useSession.getState().set({ busy: false, problem: answer.problem });
    return;
  }
  let step = answer.step;
  let w = world ?? step.start;
  // the learner's own edit of this step, kept with their progress (a reload, their step link)
  const kept = world === null && opts.keepEdit !== false ? keptEdit(id, index, step.start) : null;
  if (kept) {
    const edited = await ask<StepAnswer>('lessonStep', (e) => e.lessonStep(id, index, kept));
    if (useSession.getState().lessonId !== id) return;
    if (edited.ok) {
      step = edited.step;
      w = kept;
    }
  }
  useSession.getState().set({
    ...FRESH,
    busy: false,
    step,
    world: w,
    answered: step.ask === null,
  });
  showWorld(w, summaryOf(id));
  // a shared step is visited, not made the learner's place: their progress stays where it was
  if (!opts.shared) useProgress.getState().setStep(id, index);
}

/** Enters a lesson at `step` (0-based), or where the learner left it. */
export async function startLesson(
  id: string,
  step?: number,
  opts: { shared?: boolean } = {},
): Promise<void> {
  const summary = summaryOf(id);
  if (!summary) return;
  const session = useSession.getState();
  // the learner's own work goes aside once, however many lessons they then open
  if (session.sandbox === null) {
    const sandbox = takeSnapshot({ texts: 'both' });
    session.set({ sandbox });
  }
  keepSandbox(useSession.getState().sandbox, id);
  const progress = useProgress.getState().enter(id, summary.version);
  const at = Math.min(step ?? progress.step, summary.steps - 1);
  useSession.getState().set({ screen: 'lesson', lessonId: id, step: null, world: null, ...FRESH });
  await goToStep(at, null, opts);
}

/** Hands the world to the runner; records a miss or a solve in the learner's progress. */
export async function check(): Promise<void> {
  const { lessonId, step, shown } = useSession.getState();
  const world = currentWorld();
  if (lessonId === null || step === null || world === null) return;
  useSession.getState().set({ busy: true, world });
  const verdict = await ask('lessonCheck', (e) => e.lessonCheck(lessonId, step.index, world));
  if (useSession.getState().step !== step) return;
  useSession.getState().set({
    busy: false,
    verdict,
    answered: useSession.getState().answered || verdict.pass,
  });
  if (verdict.incomplete || verdict.problem !== null) return;
  useProgress
    .getState()
    .markStep(lessonId, step.id, (s) =>
      verdict.pass
        ? { ...s, solved: s.solved || !shown, firstTry: s.firstTry || (s.misses === 0 && !shown) }
        : { ...s, misses: s.misses + 1 },
    );
}

/** The learner's answer to the step's question, checked at once. */
export async function answer(input: AnswerInput): Promise<void> {
  const { world } = useSession.getState();
  if (!world) return;
  useSession.getState().set({ world: { ...world, answer: input } });
  await check();
}

/** Sends a named packet: it joins the world's packets, and its trace comes on screen. */
export function send(packet: string): void {
  const world = currentWorld();
  if (!world) return;
  const sent = world.sent.includes(packet) ? world.sent : [...world.sent, packet];
  usePlayerStore.getState().restart();
  useSession.getState().set({ world: { ...world, sent, cursor: null } });
}

/** Flips the backend (nft or legacy) the world is traced with. */
export function setBackend(backend: 'nft' | 'legacy'): void {
  const world = currentWorld();
  if (world) useSession.getState().set({ world: { ...world, backend } });
}

/** Sends `n` new connections of the step's packet; the runner checks that they were sent. */
export function sample(packet: string, n: number): void {
  const world = currentWorld();
  if (!world) return;
  const sent = world.sent.includes(packet) ? world.sent : [...world.sent, packet];
  useSession.getState().set({ world: { ...world, sent, sampled: { packet, n } } });
}

/** "Show me": the runner applies the solution; the step is marked shown, not solved. */
export async function showMe(): Promise<void> {
  const { lessonId, step } = useSession.getState();
  const world = currentWorld();
  if (lessonId === null || step === null || world === null) return;
  useSession.getState().set({ confirmingShow: false, busy: true });
  const solved = await ask('lessonSolve', (e) => e.lessonSolve(lessonId, step.index, world));
  if (useSession.getState().step !== step) return;
  if (!solved) {
    useSession.getState().set({ busy: false });
    return;
  }
  useSession.getState().set({ world: solved, shown: true, answered: true });
  showWorld(solved, summaryOf(lessonId));
  if (solved.cursor) usePlayerStore.getState().seek(solved.cursor.index);
  useProgress.getState().markStep(lessonId, step.id, (s) => ({ ...s, shown: true }));
  await check();
}

export function openHint(): void {
  const { lessonId, step, hintsOpen } = useSession.getState();
  if (lessonId === null || step === null || hintsOpen >= step.hints.length) return;
  useSession.getState().set({ hintsOpen: hintsOpen + 1 });
  useProgress
    .getState()
    .markStep(lessonId, step.id, (s) => ({ ...s, hints: Math.max(s.hints, hintsOpen + 1) }));
}

export async function next(): Promise<void> {
  const { lessonId, step } = useSession.getState();
  if (lessonId === null || step === null) return;
  if (step.index + 1 < step.count) return goToStep(step.index + 1);
  useProgress.getState().finish(lessonId);
  useSession.getState().set({ finished: true });
}

export async function back(): Promise<void> {
  const { step } = useSession.getState();
  if (step && step.index > 0) await goToStep(step.index - 1);
}

/** The step's start state again: the learner's kept edit of it is forgotten. */
export async function resetStep(): Promise<void> {
  const { step, lessonId } = useSession.getState();
  if (!step || lessonId === null) return;
  if (useProgress.getState().lessons[lessonId]?.edit?.step === step.index)
    useProgress.getState().setEdit(lessonId, null);
  await goToStep(step.index, null, { keepEdit: false });
}

export async function resetLesson(): Promise<void> {
  const { lessonId } = useSession.getState();
  if (lessonId === null) return;
  useProgress.getState().resetLesson(lessonId);
  await goToStep(0);
}

/** Back to the learner's own work, exactly as they left it. */
export function leaveLesson(): void {
  const { sandbox } = useSession.getState();
  useSession.getState().set({
    screen: 'off',
    lessonId: null,
    step: null,
    world: null,
    sandbox: null,
    ...FRESH,
  });
  if (sandbox) applySnapshot(sandbox);
  forgetSandbox();
}
