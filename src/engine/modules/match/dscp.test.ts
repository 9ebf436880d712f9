import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/** [as written, as iptables-save printed it, the -L -n trailing column] (iptables 1.8.9, nf_tables). */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m dscp --dscp 46', '-m dscp --dscp 0x2e', 'DSCP match 0x2e'],
  ['-m dscp ! --dscp-class EF', '-m dscp ! --dscp 0x2e', 'DSCP match !0x2e'],
  ['-m dscp --dscp-class af41', '-m dscp --dscp 0x22', 'DSCP match 0x22'],
  ['-m dscp --dscp 0x3f', '-m dscp --dscp 0x3f', 'DSCP match 0x3f'],
];

describe('-m dscp', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('refuses values past 63, unknown classes and both options at once', () => {
    for (const body of ['-m dscp --dscp 64', '-m dscp --dscp-class XX'])
      expect(one(body).diagnostics, body).toEqual([diag(body, 'bad-value', body.slice(8))]);
    const both = '-m dscp --dscp 1 --dscp-class EF';
    expect(one(both).diagnostics).toEqual([diag(both, 'syntax', '--dscp-class EF')]);
    expect(one('-m dscp').diagnostics).toEqual([diag('-m dscp', 'missing-argument', '-m dscp')]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m dscp ! --dscp 10')).toEqual({
      en: 'DSCP is not 0x0a',
      ko: 'DSCP가 0x0a이 아님',
    });
  });
});
