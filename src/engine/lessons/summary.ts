/** What a lesson list shows, and text rendering for callers outside the runner. */
import { Env } from './env.ts';
import type { LoadedLesson } from './loaded.ts';
import { allSteps } from './runner.ts';
import { renderWith } from './text.ts';
import type { Text } from './types.ts';
import type { World } from './world.ts';

export interface LessonSummary {
  id: string;
  dir: string;
  version: number;
  title: Text;
  goal: Text;
  minutes: number | null;
  steps: number;
  requires: string[];
  seeds: string[];
}

export function lessonSummary(loaded: LoadedLesson): LessonSummary {
  const l = loaded.lesson;
  return {
    id: l.id,
    dir: loaded.dir,
    version: l.version,
    title: l.title,
    goal: l.goal,
    minutes: l.minutes ?? null,
    steps: allSteps(loaded).length,
    requires: l.requires ?? [],
    seeds: l.seeds ?? [],
  };
}

/** A text with `{{ref}}` filled in from the learner's world. */
export function renderText(loaded: LoadedLesson, text: Text, world: World): Text {
  return renderWith(new Env(loaded, world), text);
}
