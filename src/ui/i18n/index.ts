/** The shell's strings in English and Korean; the language is part of the UI state. */
import { useUi } from '../stores/ui-store.ts';
import { en, type Messages } from './en.ts';
import { ko } from './ko.ts';
import type { Lang } from '../../engine/lang.ts';

export type { Lang } from '../../engine/lang.ts';

export const MESSAGES: Record<Lang, Messages> = { en, ko };

/** The current language's strings. */
export function useT(): Messages {
  return MESSAGES[useUi((s) => s.lang)];
}

export function useLang(): Lang {
  return useUi((s) => s.lang);
}

export type { Messages };
