/**
 * The lesson mode's state: which screen (the workspace, the lesson list, a lesson), the step on
 * screen as the runner gave it, the learner's world, and the last verdict. Only data the
 * runner computed is kept here; nothing in it is graded in the UI.
 */
import { create } from 'zustand';
import type { ScenarioDoc } from '../../engine/scenario/doc.ts';
import type { LinkError } from './lesson-link.ts';
import type { StepView, VerdictView, World } from '../../worker/lessons-protocol.ts';

export type LessonScreen = 'off' | 'index' | 'lesson';

/** A lesson link waiting for "open the shared step / continue mine". */
export interface LinkAsk {
  id: string;
  /** 0-based */
  step: number;
  mine: number;
}

export interface SessionState {
  screen: LessonScreen;
  lessonId: string | null;
  step: StepView | null;
  /** the learner's world on this step: what is checked */
  world: World | null;
  verdict: VerdictView | null;
  /** the question was answered (right or shown): the trace player's veil is lifted */
  answered: boolean;
  hintsOpen: number;
  confirmingShow: boolean;
  /** the step was shown, not solved */
  shown: boolean;
  busy: boolean;
  /** the lesson could not run (a problem of the lesson build, not the learner) */
  problem: string | null;
  /** the learner's own work, put back when they leave the lesson */
  sandbox: ScenarioDoc | null;
  linkAsk: LinkAsk | null;
  linkError: LinkError | null;
  /** the finish screen */
  finished: boolean;
  set(patch: Partial<SessionState>): void;
}

export const useSession = create<SessionState>()((set) => ({
  screen: 'off',
  lessonId: null,
  step: null,
  world: null,
  verdict: null,
  answered: false,
  hintsOpen: 0,
  confirmingShow: false,
  shown: false,
  busy: false,
  problem: null,
  sandbox: null,
  linkAsk: null,
  linkError: null,
  finished: false,
  set: (patch) => set(patch),
}));
