/** The words around a diagnostic, in English and Korean. */
import type { Lang } from '../i18n/index.ts';

export interface DiagnosticStrings {
  /** tooltip over a translated diagnostic: the engine's own English sentence */
  original: (message: string) => string;
}

export const diagnosticStrings: Record<Lang, DiagnosticStrings> = {
  en: { original: (m) => m },
  ko: { original: (m) => `원문(영어): ${m}` },
};
