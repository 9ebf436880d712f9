/**
 * The learner's edit on an edit step is kept with their progress, so a reload or their own step
 * link brings the step back as they left it. Only the step the learner is at keeps an edit (a
 * shared step they visit does not), and an edit equal to the step's start is no edit.
 */
import type { StepView, World } from '../../worker/lessons-protocol.ts';
import { useScenario } from '../stores/scenario-store.ts';
import type { LessonEdit } from './progress.ts';
import { useProgress } from './progress-store.ts';
import { useSession } from './session-store.ts';

const EDITING = new Set<StepView['action']>(['edit', 'editRules', 'paste']);

/**
 * What to keep for `step` given the settled editor texts: an edit, null to forget the kept one,
 * or undefined to leave progress alone (not an edit step, or not the learner's own place).
 */
export function editToKeep(
  step: StepView,
  world: World,
  texts: { yaml: string; dump: string },
  place: number | undefined,
): LessonEdit | null | undefined {
  if (!EDITING.has(step.action) || place !== step.index) return undefined;
  const kind = world.cluster !== null ? 'cluster' : world.rules !== null ? 'rules' : null;
  if (kind === null) return undefined;
  const text = kind === 'cluster' ? texts.yaml : texts.dump;
  return text === step.start[kind] ? null : { step: step.index, kind, text };
}

/** The start world with the learner's kept edit of step `index` in it, or null when none. */
export function keptEdit(lessonId: string, index: number, start: World): World | null {
  const edit = useProgress.getState().lessons[lessonId]?.edit;
  if (!edit || edit.step !== index || start[edit.kind] === null) return null;
  return { ...start, [edit.kind]: edit.text };
}

/** Watches the settled editor text during a lesson and keeps the learner's edit of their step. */
export function keepEdits(): () => void {
  return useScenario.subscribe((now, before) => {
    if (now.settledYaml === before.settledYaml && now.settledDump === before.settledDump) return;
    const { lessonId, step, world, screen } = useSession.getState();
    if (screen !== 'lesson' || lessonId === null || step === null || world === null) return;
    const progress = useProgress.getState().lessons[lessonId];
    const keep = editToKeep(
      step,
      world,
      { yaml: now.settledYaml, dump: now.settledDump },
      progress?.step,
    );
    if (keep === undefined) return;
    const had = progress?.edit;
    if (keep === null ? had !== undefined : had?.text !== keep.text || had.step !== keep.step)
      useProgress.getState().setEdit(lessonId, keep);
  });
}
