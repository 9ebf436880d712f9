import type { Lang } from '../../../engine/lang.ts';

/** The views take the engine's Lang; the shell keeps which one is in force. */
export type { Lang };

/** Picks a view's strings for a language: each view keeps its own table in strings.ts. */
export function pick<T>(table: { en: T; ko: T }, lang: Lang): T {
  return table[lang];
}
