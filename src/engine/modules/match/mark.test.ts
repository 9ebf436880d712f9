import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh in the mangle table (iptables 1.8.9; nf_tables and legacy agree).
 * Marks print in hex and a mask of all ones is left out; the value is not masked.
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m mark --mark 0x4000/0x4000', '-m mark --mark 0x4000/0x4000', 'mark match 0x4000/0x4000'],
  ['-m mark --mark 0x1', '-m mark --mark 0x1', 'mark match 0x1'],
  [
    '-m mark ! --mark 0x4000/0x4000',
    '-m mark ! --mark 0x4000/0x4000',
    'mark match ! 0x4000/0x4000',
  ],
  ['-m mark --mark 16384', '-m mark --mark 0x4000', 'mark match 0x4000'],
  ['-m mark --mark 0/0xffff', '-m mark --mark 0x0/0xffff', 'mark match 0x0/0xffff'],
  ['-m mark --mark 0xffffffff/0xffffffff', '-m mark --mark 0xffffffff', 'mark match 0xffffffff'],
  ['-m mark --mark 0x0', '-m mark --mark 0x0', 'mark match 0x0'],
  ['-m mark --mark 0x12/0x0', '-m mark --mark 0x12/0x0', 'mark match 0x12/0x0'],
  ['-m mark --mark 0xFF/255', '-m mark --mark 0xff/0xff', 'mark match 0xff/0xff'],
  ['-m mark --mark 010', '-m mark --mark 0x8', 'mark match 0x8'],
];

describe('-m mark', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written, { table: 'mangle', chain: 'PREROUTING' });
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved, { table: 'mangle', chain: 'PREROUTING' }).saved).toBe(saved);
  });

  it('keeps value and mask as numbers', () => {
    expect(one('-m mark ! --mark 0x4000/0x4000').rule?.matches[0]?.data).toEqual({
      value: { value: 0x4000, mask: 0x4000 },
      negated: true,
    });
  });

  it('reports bad marks at the option', () => {
    for (const bad of ['foo', '0x100000000', '1/', '-1', '0x1/0x1/0x1', '']) {
      const body = `-m mark --mark ${bad === '' ? '""' : bad}`;
      expect(one(body).diagnostics, body).toEqual([
        diag(body, 'bad-value', `--mark ${bad === '' ? '""' : bad}`),
      ]);
    }
    expect(one('-m mark --mark 1 --mark 2').diagnostics).toEqual([
      diag('-m mark --mark 1 --mark 2', 'syntax', '--mark 2'),
    ]);
    expect(one('-m mark').diagnostics).toEqual([diag('-m mark', 'missing-argument', '-m mark')]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m mark --mark 0x4000/0x4000')).toEqual({
      en: 'packet mark (bits 0x4000) is 0x4000',
      ko: '패킷 마크(마스크 0x4000 안의 비트)가 0x4000임',
    });
    expect(explainFirst('-m mark ! --mark 0x1')).toEqual({
      en: 'packet mark is not 0x1',
      ko: '패킷 마크가 0x1이 아님',
    });
  });
});
