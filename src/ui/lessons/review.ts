/**
 * Review: a finished lesson's recap questions asked again. They are already retrieval questions
 * on a variant of the lesson's scenario (5 replicas, another node), so review opens the lesson
 * at its first recap question rather than inventing new ones; a miss counts in the learner's
 * progress as any miss does.
 */
import type { LessonSummary } from '../../worker/lessons-protocol.ts';
import type { LessonProgress } from './progress.ts';

/** The 0-based step review starts at, or null when the lesson is not done or has no recap. */
export function reviewStart(
  lesson: Pick<LessonSummary, 'steps' | 'recap'>,
  progress: Pick<LessonProgress, 'done'> | undefined,
): number | null {
  if (!progress?.done || lesson.recap <= 0 || lesson.recap > lesson.steps) return null;
  return lesson.steps - lesson.recap;
}
