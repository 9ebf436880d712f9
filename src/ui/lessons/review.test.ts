/** Review opens a finished lesson at its first recap question. */
import { describe, expect, it } from 'vitest';
import { reviewStart } from './review.ts';

describe('reviewStart', () => {
  it('opens a done lesson at its first recap question', () => {
    expect(reviewStart({ steps: 11, recap: 2 }, { done: true })).toBe(9);
  });
  it('offers nothing for a lesson not done, not started or without a recap', () => {
    expect(reviewStart({ steps: 11, recap: 2 }, { done: false })).toBeNull();
    expect(reviewStart({ steps: 11, recap: 2 }, undefined)).toBeNull();
    expect(reviewStart({ steps: 6, recap: 0 }, { done: true })).toBeNull();
  });
});
