/**
 * The lesson list from the worker, asked once per page (the lessons are part of the build): the
 * index, links and a lesson resumed after a reload all wait on the same answer.
 */
import { useQuery } from '@tanstack/react-query';
import { ask } from '../../worker/client.ts';
import type { LessonCatalog } from '../../worker/lessons-protocol.ts';
import { setCatalog } from './session.ts';

let loading: Promise<LessonCatalog> | null = null;

export function loadCatalog(): Promise<LessonCatalog> {
  loading ??= ask('lessonCatalog', (e) => e.lessonCatalog()).then(
    (c) => {
      setCatalog(c.lessons);
      return c;
    },
    (e: unknown) => {
      // a later visit to the index asks again
      loading = null;
      throw e;
    },
  );
  return loading;
}

export function useCatalog() {
  return useQuery({ queryKey: ['lessonCatalog'], queryFn: loadCatalog, staleTime: Infinity });
}
