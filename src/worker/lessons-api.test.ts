/**
 * The lesson methods as the browser calls them, on the lessons bundled with the app: every step
 * of every lesson opens, fails its check on its start state, passes after "show me", and a
 * "which chain next?" question keeps the answer out of the player until it is answered.
 */
import { describe, expect, it } from 'vitest';
import { lessonsApi, readLibrary } from './lessons-api.ts';
import { groupLessonFiles } from './lesson-files.ts';

describe('the bundled lessons', () => {
  it('are listed in index.yaml order, each with both languages and no problems', async () => {
    const catalog = await lessonsApi.lessonCatalog();
    expect(catalog.problems).toEqual([]);
    expect(catalog.lessons.length).toBeGreaterThanOrEqual(8);
    for (const l of catalog.lessons) {
      expect(l.title.en && l.title.ko && l.goal.en && l.goal.ko).toBeTruthy();
      expect(l.steps).toBeGreaterThan(0);
    }
    // the first call reads every bundled lesson
  }, 60_000);

  it('play through by their solutions: each step passes its check after "show me"', async () => {
    const { lessons } = await lessonsApi.lessonCatalog();
    for (const l of lessons)
      for (let i = 0; i < l.steps; i++) {
        const opened = await lessonsApi.lessonStep(l.id, i, null);
        if (!opened.ok) throw new Error(opened.problem);
        const step = opened.step;
        const solved = await lessonsApi.lessonSolve(l.id, i, step.start);
        expect(solved, `${l.id} step ${i + 1}`).not.toBeNull();
        const verdict = await lessonsApi.lessonCheck(l.id, i, solved!);
        expect(verdict.pass, `${l.id} step ${i + 1} (${step.id}) after its solution`).toBe(true);
      }
    // every step of every lesson, a sample of 1000 connections among them: more than 5 s on a
    // busy machine
  }, 60_000);

  it('count an unanswered question as incomplete, not as a miss', async () => {
    const { lessons } = await lessonsApi.lessonCatalog();
    const l = lessons[0]!;
    const opened = await lessonsApi.lessonStep(l.id, 0, null);
    if (!opened.ok) throw new Error(opened.problem);
    expect(opened.step.ask).not.toBeNull();
    const verdict = await lessonsApi.lessonCheck(l.id, 0, opened.step.start);
    expect(verdict).toMatchObject({ pass: false, incomplete: true });
  });

  it('veil a "which chain next?" question: the player stops before the jump', async () => {
    const { lessons } = await lessonsApi.lessonCatalog();
    let seen = 0;
    for (const l of lessons)
      for (let i = 0; i < l.steps; i++) {
        const opened = await lessonsApi.lessonStep(l.id, i, null);
        if (!opened.ok || opened.step.ask?.kind !== 'nextChain' || opened.step.packet === null)
          continue;
        const world = opened.step.start;
        if (!world.sent.includes(opened.step.packet)) continue;
        const traced = await lessonsApi.lessonTrace(l.id, i, world, opened.step.packet);
        const steps = traced.result?.packets.at(-1)?.steps ?? [];
        expect(traced.veil, `${l.id} ${opened.step.id}`).not.toBeNull();
        const answer = (await lessonsApi.lessonSolve(l.id, i, world))?.answer;
        const chain = answer && 'chain' in answer ? answer.chain : '';
        // nothing up to the veil names the chain the packet goes to next
        const shown = steps.slice(0, (traced.veil ?? 0) + 1);
        expect(
          shown.some((s) => (s.kind === 'jump' || s.kind === 'goto') && s.target === chain),
          `${l.id} ${opened.step.id}`,
        ).toBe(false);
        seen++;
      }
    expect(seen).toBeGreaterThan(0);
  }, 60_000);

  it('show a sampling step the exact outcomes, then the sample the check reads', async () => {
    const index = 4;
    const opened = await lessonsApi.lessonStep('load-balancing', index, null);
    if (!opened.ok) throw new Error(opened.problem);
    expect(opened.step.sampleRuns).toBe(1000);
    const start = opened.step.start;
    const before = await lessonsApi.lessonSample('load-balancing', index, start, 'req');
    expect(before).toMatchObject({ samples: null, runs: 0, problem: null });
    expect(before.outcomes.map((o) => o.exact)).toHaveLength(3);
    const world = { ...start, sent: ['req'], sampled: { packet: 'req', n: 1000 } };
    const after = await lessonsApi.lessonSample('load-balancing', index, world, 'req');
    expect(after.runs).toBe(1000);
    const counts = (after.samples ?? []).map((o) => o.count);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1000);
    // the verdict names the very counts the histogram shows
    const verdict = await lessonsApi.lessonCheck('load-balancing', index, world);
    expect(verdict.pass).toBe(true);
    for (const c of counts) expect(verdict.got).toContain(` ${c}`);
    // the first call reads every bundled lesson: more than the default time on a busy machine
  }, 60_000);

  it('refuse an unknown lesson or step with a reason', async () => {
    expect(await lessonsApi.lessonStep('no-such-lesson', 0, null)).toEqual({
      ok: false,
      problem: 'no lesson no-such-lesson',
    });
    const { lessons } = await lessonsApi.lessonCatalog();
    const l = lessons[0]!;
    expect((await lessonsApi.lessonStep(l.id, l.steps, null)).ok).toBe(false);
  });
});

describe('reading the bundle', () => {
  it('groups files by folder and reports a folder the index names but the bundle lacks', () => {
    const bundle = groupLessonFiles({
      '../../lessons/index.yaml': 'lessons: [a-lesson]\n',
      '../../lessons/other/lesson.yaml': 'id: other\n',
    });
    expect(bundle.folders.map((f) => f.dir)).toEqual(['other']);
    expect(readLibrary(bundle).problems).toEqual(['index.yaml:0:0 no lesson folder a-lesson']);
  });
});
