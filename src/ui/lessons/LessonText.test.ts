/** Lesson text: the reader's language, the other one with a notice, backticks as code. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { codeParts, LessonText, pick } from './LessonText.tsx';

describe('lesson text', () => {
  it('picks the reader language, falling back to the other one', () => {
    expect(pick({ en: 'Hi', ko: '안녕' }, 'ko')).toEqual({ text: '안녕', fallback: false });
    expect(pick({ en: 'Hi', ko: ' ' }, 'ko')).toEqual({ text: 'Hi', fallback: true });
    expect(pick('10.96.0.10', 'ko')).toEqual({ text: '10.96.0.10', fallback: false });
  });
  it('splits backticked names out as code', () => {
    expect(codeParts('the `nat` table')).toEqual([
      { code: false, text: 'the ' },
      { code: true, text: 'nat' },
      { code: false, text: ' table' },
    ]);
  });
  it('renders markup in a lesson as text, never as HTML', () => {
    const html = renderToStaticMarkup(
      createElement(LessonText, {
        text: { en: '<img src=x> `KUBE-SVC`', ko: 'x' },
        lang: 'en',
        as: 'p',
      }),
    );
    expect(html).toBe('<p lang="en">&lt;img src=x&gt; <code>KUBE-SVC</code></p>');
  });
  it('says when the translation is missing', () => {
    const html = renderToStaticMarkup(
      createElement(LessonText, { text: { en: 'Only English', ko: '' }, lang: 'ko' }),
    );
    expect(html).toContain('<span lang="en">Only English</span>');
    expect(html).toContain('번역 준비 중');
  });
});
