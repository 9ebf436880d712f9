/**
 * A diagnostic in the learner's language. The engine keeps English sentences (the CLI prints
 * them, tests read them) and the values each one names (`args`); here a code and its values
 * become the Korean sentence. Without a sentence for them, Korean shows the code's heading and
 * the English detail; a code with no Korean at all shows the English message as it is.
 */
import type { Lang } from '../i18n/index.ts';
import { KO } from './ko.ts';
import type { ShownDiagnostic } from './types.ts';

export type { ShownDiagnostic } from './types.ts';

export function diagnosticText(d: ShownDiagnostic, lang: Lang): string {
  if (lang === 'en') return d.message;
  const ko = Object.hasOwn(KO, d.code) ? KO[d.code] : undefined;
  if (!ko) return d.message;
  const said = ko.say?.(d.args ?? {});
  return said ?? `${ko.title}: ${d.message}`;
}

/** True when Korean has a whole sentence for `d` (not the heading with the English detail). */
export function hasKoreanSentence(d: ShownDiagnostic): boolean {
  const ko = Object.hasOwn(KO, d.code) ? KO[d.code] : undefined;
  return ko?.say?.(d.args ?? {}) !== undefined;
}
