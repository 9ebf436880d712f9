/** The progress store: versions, storage, import/export of untrusted files. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  exportProgress,
  mergeProgress,
  PROGRESS_FILE_KIND,
  readProgressFile,
  reconcile,
  type LessonProgress,
} from './progress.ts';
import {
  bindProgressStorage,
  PROGRESS_KEY_PREFIX,
  useProgress,
  type ProgressStorage,
} from './progress-store.ts';

function memoryStorage(full = false): ProgressStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      if (full) throw new Error('QuotaExceededError');
      data.set(k, v);
    },
    removeItem: (k) => void data.delete(k),
  };
}

const entry = (over: Partial<LessonProgress> = {}): LessonProgress => ({
  version: 1,
  step: 2,
  done: false,
  steps: { a: { firstTry: true, misses: 0, hints: 0, solved: true, shown: false } },
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...over,
});

describe('a new lesson version', () => {
  it('keeps done and re-enters at step 1 with a notice', () => {
    const p = reconcile(
      entry({ done: true, edit: { step: 2, kind: 'cluster', text: 'x' } }),
      2,
      '2026-11-22T00:00:00.000Z',
    );
    expect(p).toEqual({
      version: 2,
      step: 0,
      done: true,
      steps: {},
      updatedAt: '2026-11-22T00:00:00.000Z',
      restarted: true,
    });
  });
  it('leaves progress on the same version as it is', () => {
    const e = entry();
    expect(reconcile(e, 1, 'now')).toBe(e);
  });
});

describe('a progress file', () => {
  it('reads back what was exported', () => {
    const text = exportProgress({ clusterip: entry() }, '2026-11-22T00:00:00.000Z');
    expect(readProgressFile(text)).toEqual({ ok: true, value: { clusterip: entry() } });
  });
  it.each([
    ['not JSON', '{oops', 'not-json'],
    ['another JSON file', '{"version":1,"mode":"cluster"}', 'not-progress'],
    [
      'a newer format',
      JSON.stringify({ kind: PROGRESS_FILE_KIND, format: 9, lessons: {} }),
      'newer-format',
    ],
  ])('is refused when it is %s', (_what, text, code) => {
    const read = readProgressFile(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.code).toBe(code);
  });
  it('is refused whole, naming the field, when one entry is damaged', () => {
    const lessons = { good: entry(), bad: { ...entry(), step: -1 } };
    const read = readProgressFile(JSON.stringify({ kind: PROGRESS_FILE_KIND, format: 1, lessons }));
    expect(read).toEqual({ ok: false, error: { code: 'bad-field', where: 'lessons.bad.step' } });
  });
  it("carries the learner's edit of their step", () => {
    const edit = { step: 2, kind: 'cluster', text: 'kind: Service\n' } as const;
    const text = exportProgress({ clusterip: entry({ edit }) }, '2026-11-22T00:00:00.000Z');
    const read = readProgressFile(text);
    expect(read.ok && read.value['clusterip']?.edit).toEqual(edit);
  });
  it.each([
    ['a string', 'kind: Service'],
    ['an unknown kind', { step: 1, kind: 'host', text: '' }],
    ['no step', { kind: 'rules', text: '' }],
    ['text that is not text', { step: 1, kind: 'rules', text: 7 }],
  ])('is refused when an edit is %s', (_what, edit) => {
    const lessons = { clusterip: { ...entry(), edit } };
    const read = readProgressFile(JSON.stringify({ kind: PROGRESS_FILE_KIND, format: 1, lessons }));
    expect(read).toEqual({
      ok: false,
      error: { code: 'bad-field', where: 'lessons.clusterip.edit' },
    });
  });
  it('is refused when a lesson id could not be one', () => {
    const lessons = { '../x': entry() };
    const read = readProgressFile(JSON.stringify({ kind: PROGRESS_FILE_KIND, format: 1, lessons }));
    expect(read.ok).toBe(false);
  });
});

describe('merging an imported file', () => {
  it('keeps done from either side and the newer position', () => {
    const mine = { a: entry({ done: true, step: 1, updatedAt: '2026-11-20T00:00:00.000Z' }) };
    const theirs = {
      a: entry({ done: false, step: 4, updatedAt: '2026-11-21T00:00:00.000Z' }),
      b: entry(),
    };
    const merged = mergeProgress(mine, theirs);
    expect(merged['a']).toMatchObject({ done: true, step: 4 });
    expect(merged['b']).toEqual(entry());
  });
});

describe('the store', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
    bindProgressStorage(storage);
  });

  it('keeps one storage entry per lesson and reads it back', () => {
    useProgress.getState().enter('clusterip', 1);
    useProgress.getState().setStep('clusterip', 3);
    useProgress.getState().markStep('clusterip', 's1', (s) => ({ ...s, hints: 1 }));
    expect([...storage.data.keys()]).toEqual([`${PROGRESS_KEY_PREFIX}clusterip`]);
    bindProgressStorage(storage);
    const p = useProgress.getState().lessons['clusterip'];
    expect(p?.step).toBe(3);
    expect(p?.steps['s1']?.hints).toBe(1);
  });

  it('skips a damaged entry without deleting it', () => {
    storage.data.set(`${PROGRESS_KEY_PREFIX}broken`, '{nope');
    storage.data.set(`${PROGRESS_KEY_PREFIX}ok`, JSON.stringify(entry()));
    bindProgressStorage(storage);
    expect(Object.keys(useProgress.getState().lessons)).toEqual(['ok']);
    expect(storage.data.has(`${PROGRESS_KEY_PREFIX}broken`)).toBe(true);
  });

  it('re-enters a changed lesson at step 1 and keeps done', () => {
    storage.data.set(`${PROGRESS_KEY_PREFIX}nat`, JSON.stringify(entry({ done: true, step: 5 })));
    bindProgressStorage(storage);
    const p = useProgress.getState().enter('nat', 2);
    expect(p).toMatchObject({ version: 2, step: 0, done: true, restarted: true });
    useProgress.getState().acknowledge('nat');
    expect(useProgress.getState().lessons['nat']?.restarted).toBeUndefined();
  });

  it('keeps the current progress when an import is refused', () => {
    useProgress.getState().enter('clusterip', 1);
    useProgress.getState().setStep('clusterip', 2);
    const before = useProgress.getState().lessons;
    const result = useProgress.getState().importText('{"kind":"netfilter-lab-lesson-progress"}');
    expect(result.ok).toBe(false);
    expect(useProgress.getState().lessons).toBe(before);
  });

  it('merges an accepted import and writes it', () => {
    const text = exportProgress({ nodeport: entry({ done: true }) }, '2026-11-22T00:00:00.000Z');
    expect(useProgress.getState().importText(text)).toEqual({ ok: true, count: 1 });
    expect(useProgress.getState().lessons['nodeport']?.done).toBe(true);
    expect(storage.data.has(`${PROGRESS_KEY_PREFIX}nodeport`)).toBe(true);
  });

  it('keeps an edit while the learner stays on its step, and drops it when they move', () => {
    useProgress.getState().enter('a', 1);
    useProgress.getState().setStep('a', 3);
    useProgress.getState().setEdit('a', { step: 3, kind: 'cluster', text: 'mine' });
    useProgress.getState().setStep('a', 3);
    bindProgressStorage(storage);
    expect(useProgress.getState().lessons['a']?.edit?.text).toBe('mine');
    useProgress.getState().setStep('a', 4);
    expect(useProgress.getState().lessons['a']?.edit).toBeUndefined();
    useProgress.getState().setEdit('a', { step: 4, kind: 'cluster', text: 'again' });
    useProgress.getState().setEdit('a', null);
    expect(useProgress.getState().lessons['a']?.edit).toBeUndefined();
  });

  it('reset keeps done and forgets the rest', () => {
    useProgress.getState().enter('a', 1);
    useProgress.getState().setStep('a', 4);
    useProgress.getState().setEdit('a', { step: 4, kind: 'rules', text: '*filter' });
    useProgress.getState().finish('a');
    useProgress.getState().resetLesson('a');
    expect(useProgress.getState().lessons['a']).toMatchObject({ step: 0, done: true, steps: {} });
    expect(useProgress.getState().lessons['a']?.edit).toBeUndefined();
  });

  it('says so when storage refuses, and still works for this visit', () => {
    bindProgressStorage(memoryStorage(true));
    useProgress.getState().enter('a', 1);
    useProgress.getState().setStep('a', 1);
    expect(useProgress.getState().unsaved).toBe(true);
    expect(useProgress.getState().lessons['a']?.step).toBe(1);
  });
});
