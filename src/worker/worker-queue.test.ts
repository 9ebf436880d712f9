import { describe, expect, it } from 'vitest';
import { nextIndex } from './worker-queue.ts';

describe('the engine queue picks', () => {
  it('a trace asked after a journey in the same task, before the journey', () => {
    expect(nextIndex([{ label: 'journey' }, { label: 'allPaths' }, { label: 'trace' }])).toBe(1);
  });
  it('the journey when nothing else waits', () => {
    expect(nextIndex([{ label: 'journey' }])).toBe(0);
  });
  it('in order otherwise', () => {
    expect(nextIndex([{ label: 'trace' }, { label: 'compileCluster' }])).toBe(0);
  });
});
