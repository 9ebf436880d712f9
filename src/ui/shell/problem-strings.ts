/** The problem list's own words (beyond the shell's), in English and Korean. */
import type { Lang } from '../i18n/index.ts';

export interface ProblemStrings {
  /** the button that copies a problem's YAML example */
  copy: string;
  copied: string;
  /** the accessible name of the example block */
  example: string;
}

export const problemStrings: Record<Lang, ProblemStrings> = {
  en: { copy: 'Copy YAML', copied: 'Copied', example: 'YAML you can paste' },
  ko: { copy: 'YAML 복사', copied: '복사했습니다', example: '붙여 넣을 수 있는 YAML' },
};
