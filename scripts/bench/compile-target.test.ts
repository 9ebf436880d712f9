import { describe, expect, it } from 'vitest';
import { scaledTotal } from './compile-target.ts';

describe('the compile total scaled to the target machine', () => {
  it('scales by 0.9 s over the iptables-restore time measured in the same run', () => {
    // a machine 1.66/0.9 times slower than the target's: 3,028 ms here is 1,642 ms there
    expect(scaledTotal(3028, 1660)).toEqual({
      ms: (3028 * 900) / 1660,
      text: '1642 ms (3028 ms × 900 / 1660 ms measured)',
    });
  });

  it('is not given when the run measured no iptables-restore', () => {
    expect(scaledTotal(3028, undefined)).toBeUndefined();
    expect(scaledTotal(3028, 0)).toBeUndefined();
  });
});
