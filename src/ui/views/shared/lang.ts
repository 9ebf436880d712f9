/** The two languages every view speaks; the shell keeps which one is in force. */
export type Lang = 'en' | 'ko';

/** Picks a view's strings for a language: each view keeps its own table in strings.ts. */
export function pick<T>(table: { en: T; ko: T }, lang: Lang): T {
  return table[lang];
}
