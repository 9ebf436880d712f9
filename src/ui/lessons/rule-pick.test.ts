/** The rules view answers a pick question only while one waits for its answer. */
import { describe, expect, it } from 'vitest';
import type { StepView, VerdictView } from '../../worker/lessons-protocol.ts';
import { picking } from './rule-pick.ts';

const step = (kind: 'pick' | 'choice' | null) =>
  ({ ask: kind === null ? null : { kind } }) as unknown as StepView;
const verdict = (pass: boolean) => ({ pass }) as VerdictView;

describe('picking', () => {
  it('is on for a pick question in a lesson until it is answered right', () => {
    const base = { screen: 'lesson', busy: false, verdict: null } as const;
    expect(picking({ ...base, step: step('pick') })).toBe(true);
    expect(picking({ ...base, step: step('pick'), verdict: verdict(false) })).toBe(true);
    expect(picking({ ...base, step: step('pick'), verdict: verdict(true) })).toBe(false);
    expect(picking({ ...base, step: step('pick'), busy: true })).toBe(false);
    expect(picking({ ...base, step: step('choice') })).toBe(false);
    expect(picking({ ...base, step: step(null) })).toBe(false);
    expect(picking({ ...base, screen: 'index', step: step('pick') })).toBe(false);
  });
});
