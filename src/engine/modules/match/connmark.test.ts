import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh in the mangle table (iptables 1.8.9; nf_tables and legacy agree).
 * Unlike `mark match`, iptables -L puts two spaces after `connmark match` when not negated.
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  [
    '-m connmark --mark 0x4000/0x4000',
    '-m connmark --mark 0x4000/0x4000',
    'connmark match  0x4000/0x4000',
  ],
  ['-m connmark ! --mark 0x1', '-m connmark ! --mark 0x1', 'connmark match ! 0x1'],
  ['-m connmark --mark 7/0xffffffff', '-m connmark --mark 0x7', 'connmark match  0x7'],
  ['-m connmark --mark 0', '-m connmark --mark 0x0', 'connmark match  0x0'],
];

describe('-m connmark', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written, { table: 'mangle', chain: 'PREROUTING' });
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved, { table: 'mangle', chain: 'PREROUTING' }).saved).toBe(saved);
  });

  it('reads numbers as iptables does: octal after a leading 0', () => {
    expect(one('-m connmark --mark 010/0x0f').saved).toBe('-m connmark --mark 0x8/0xf');
  });

  it('reports bad marks at the option', () => {
    expect(one('-m connmark --mark 0x1/zz').diagnostics).toEqual([
      diag('-m connmark --mark 0x1/zz', 'bad-value', '--mark 0x1/zz'),
    ]);
    expect(one('-m connmark').diagnostics).toEqual([
      diag('-m connmark', 'missing-argument', '-m connmark'),
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m connmark ! --mark 0x8000/0x8000')).toEqual({
      en: 'connection mark (bits 0x8000) is not 0x8000',
      ko: '연결 마크(마스크 0x8000 안의 비트)가 0x8000이 아님',
    });
  });
});
