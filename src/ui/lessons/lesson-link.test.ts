/** The lesson link: read as untrusted text, then against the lessons the build has. */
import { describe, expect, it } from 'vitest';
import { lessonLinkOf, parseLessonLink, resolveLessonLink } from './lesson-link.ts';

const LESSONS = [{ id: 'clusterip', version: 2, steps: 6 }];

describe('reading a lesson link', () => {
  it('is not a lesson link when the hash is something else', () => {
    expect(parseLessonLink('#s=abc')).toBeNull();
    expect(parseLessonLink('')).toBeNull();
  });
  it('reads the id, the step and the lesson version', () => {
    expect(parseLessonLink('#lesson=clusterip&step=3')).toEqual({
      ok: true,
      link: { id: 'clusterip', step: 3 },
    });
    expect(parseLessonLink('#lesson=clusterip@2&step=1&v=1')).toEqual({
      ok: true,
      link: { id: 'clusterip', step: 1, version: 2 },
    });
  });
  it('round-trips what it writes', () => {
    const link = { id: 'nodeport', step: 4, version: 1 };
    expect(parseLessonLink(lessonLinkOf(link))).toEqual({ ok: true, link });
  });
  it.each([
    '#lesson=&step=1',
    '#lesson=Clusterip&step=1',
    '#lesson=a&step=0',
    '#lesson=a&step=-1',
    '#lesson=a&step=1e3',
    '#lesson=a&step=1&step=2',
    '#lesson=a&step=1&answer=b',
    '#lesson=a%ZZ&step=1',
    `#lesson=${'a'.repeat(400)}&step=1`,
  ])('refuses %s as malformed', (hash) => {
    expect(parseLessonLink(hash)).toEqual({ ok: false, error: { code: 'malformed' } });
  });
  it('says a link of a newer format is newer', () => {
    expect(parseLessonLink('#lesson=a&step=1&v=2')).toEqual({
      ok: false,
      error: { code: 'newer-format', format: 2 },
    });
  });
});

describe('resolving a lesson link', () => {
  it('opens the step, counted from 0', () => {
    expect(resolveLessonLink({ id: 'clusterip', step: 6 }, LESSONS)).toEqual({
      ok: true,
      id: 'clusterip',
      step: 5,
    });
  });
  it('names an unknown lesson, a step out of range and a newer lesson', () => {
    expect(resolveLessonLink({ id: 'nope', step: 1 }, LESSONS)).toMatchObject({
      error: { code: 'unknown-lesson', id: 'nope' },
    });
    expect(resolveLessonLink({ id: 'clusterip', step: 7 }, LESSONS)).toMatchObject({
      error: { code: 'step-out-of-range', step: 7, steps: 6 },
    });
    expect(resolveLessonLink({ id: 'clusterip', step: 1, version: 3 }, LESSONS)).toMatchObject({
      error: { code: 'newer-lesson', version: 3, have: 2 },
    });
  });
  it('opens a link made on an older lesson version', () => {
    expect(resolveLessonLink({ id: 'clusterip', step: 2, version: 1 }, LESSONS)).toMatchObject({
      ok: true,
    });
  });
});
