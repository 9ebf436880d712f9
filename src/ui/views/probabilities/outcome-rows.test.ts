import { describe, expect, it } from 'vitest';
import type { Outcome, SampledOutcome } from '../../../engine/netfilter/simulate.ts';
import { clusterIpTrace, rejectTrace } from '../shared/test-traces.ts';
import { percent } from '../shared/format.ts';
import { isKernelRounded, outcomeRows, shareText } from './outcome-rows.ts';

describe('probability labels', () => {
  it('formats shares', () => {
    expect(percent(0.25)).toBe('25.0%');
    expect(percent(0.2500000001164153)).toBe('25.0%');
    expect(percent(1 / 3)).toBe('33.3%');
    expect(percent(1)).toBe('100%');
    expect(percent(0)).toBe('0%');
    expect(percent(0.0004)).toBe('<0.1%');
    expect(percent(0.9996)).toBe('>99.9%');
    expect(shareText(Number.NaN)).toBe('?');
  });
});

describe('outcome rows', () => {
  const outcomes = clusterIpTrace().sim.outcomes ?? [];

  it('lists each endpoint of the 4-pod Service with its exact share, in address order', () => {
    const { rows, runs } = outcomeRows(outcomes, undefined);
    expect(runs).toBe(0);
    expect(rows.map((r) => [r.label, shareText(r.exact), r.exactText, r.sampled])).toEqual([
      ['10.42.0.43:8080', '25.0%', '1/4', null],
      ['10.42.0.44:8080', '25.0%', '2147483649/8589934592', null],
      ['10.42.1.41:8080', '25.0%', '4294967295/17179869184', null],
      ['10.42.1.42:8080', '25.0%', '4294967295/17179869184', null],
    ]);
  });

  it('joins a sampled histogram to the exact rows', () => {
    const pick = (i: number): Outcome => {
      const o = outcomes[i];
      if (!o) throw new Error('missing outcome');
      return o;
    };
    const samples: SampledOutcome[] = [
      { count: 30, share: 0.3, results: pick(0).results },
      { count: 70, share: 0.7, results: pick(2).results },
    ];
    const { rows, runs } = outcomeRows(outcomes, samples);
    expect(runs).toBe(100);
    expect(rows.map((r) => [r.label, r.count, r.sampled])).toEqual([
      ['10.42.0.43:8080', 30, 0.3],
      ['10.42.0.44:8080', 0, 0],
      ['10.42.1.41:8080', 70, 0.7],
      ['10.42.1.42:8080', 0, 0],
    ]);
  });

  it('names an outcome that did not get through by its verdict', () => {
    const { rows } = outcomeRows(rejectTrace().sim.outcomes ?? [], undefined);
    expect(rows.map((r) => [r.label, r.verdict, shareText(r.exact)])).toEqual([
      ['REJECT', 'REJECT', '100%'],
    ]);
  });
});

describe('isKernelRounded', () => {
  it('is true for a fraction over a power of two of 2^31 or more, as the kernel rounds', () => {
    expect(isKernelRounded('2147483649/8589934592')).toBe(true);
    expect(isKernelRounded('715827883/2147483648')).toBe(true);
    expect(isKernelRounded('1/4')).toBe(false);
    expect(isKernelRounded('1/2')).toBe(false);
    expect(isKernelRounded('1')).toBe(false);
    expect(isKernelRounded('1/3221225472')).toBe(false);
    expect(isKernelRounded('?')).toBe(false);
  });
});
