/** Which edits are kept with progress: the learner's own place, on an edit step, when changed. */
import { describe, expect, it } from 'vitest';
import type { StepView, World } from '../../worker/lessons-protocol.ts';
import { editToKeep } from './edit-keeper.ts';

const world = (cluster: string | null, rules: string | null): World => ({
  cluster,
  rules,
  host: null,
  backend: null,
  sent: [],
  cursor: null,
  answer: null,
  sampled: null,
});

const step = (action: StepView['action'], start: World, index = 4) =>
  ({ index, action, start }) as unknown as StepView;

const texts = (yaml: string, dump = '') => ({ yaml, dump });

describe('editToKeep', () => {
  const start = world('replicas: 3\n', null);
  it('keeps a changed cluster on the edit step the learner is at', () => {
    expect(editToKeep(step('edit', start), start, texts('replicas: 4\n'), 4)).toEqual({
      step: 4,
      kind: 'cluster',
      text: 'replicas: 4\n',
    });
  });
  it('forgets the edit when the text is the start again', () => {
    expect(editToKeep(step('edit', start), start, texts('replicas: 3\n'), 4)).toBeNull();
  });
  it('keeps the dump of a rules lesson', () => {
    const dump = world(null, '*filter\nCOMMIT\n');
    expect(editToKeep(step('editRules', dump), dump, texts('', '*nat\nCOMMIT\n'), 4)).toEqual({
      step: 4,
      kind: 'rules',
      text: '*nat\nCOMMIT\n',
    });
  });
  it('leaves progress alone on a shared step the learner only visits', () => {
    expect(editToKeep(step('edit', start), start, texts('replicas: 4\n'), 1)).toBeUndefined();
  });
  it('leaves progress alone on a step that is not an edit', () => {
    expect(editToKeep(step('ask', start), start, texts('replicas: 4\n'), 4)).toBeUndefined();
  });
});
