/**
 * A lesson's text in the reader's language. Backticked names (chains, tables, flags) are shown
 * as code, never as markup: lesson text is data, rendered as text. A missing translation shows
 * the other language with a one-line notice instead of an empty box.
 */
import type { Lang } from '../i18n/index.ts';
import { lessonStrings } from './strings.ts';

/** A string in both languages, as the lesson files write it. */
export interface Text {
  en: string;
  ko: string;
}

/** The text in `lang`, or the other language when `lang`'s is missing. */
export function pick(text: Text | string, lang: Lang): { text: string; fallback: boolean } {
  if (typeof text === 'string') return { text, fallback: false };
  const own = text[lang];
  if (typeof own === 'string' && own.trim() !== '') return { text: own, fallback: false };
  return { text: text[lang === 'en' ? 'ko' : 'en'] ?? '', fallback: true };
}

/** `a` plain, `b` code: the parts of a text split at its backticks. */
export function codeParts(text: string): { code: boolean; text: string }[] {
  return text
    .split('`')
    .map((part, i) => ({ code: i % 2 === 1, text: part }))
    .filter((p) => p.text !== '');
}

export function LessonText(props: {
  text: Text | string;
  lang: Lang;
  as?: 'p' | 'span';
  className?: string;
  testId?: string;
}) {
  const { text, fallback } = pick(props.text, props.lang);
  const Tag = props.as ?? 'span';
  const shownLang = fallback ? (props.lang === 'en' ? 'ko' : 'en') : props.lang;
  return (
    <>
      <Tag className={props.className} lang={shownLang} data-testid={props.testId}>
        {codeParts(text).map((p, i) => (p.code ? <code key={i}>{p.text}</code> : p.text))}
      </Tag>
      {fallback ? (
        <small className="lesson-fallback">{lessonStrings[props.lang].missingLanguage}</small>
      ) : null}
    </>
  );
}
