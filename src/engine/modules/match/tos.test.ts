import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/** [as written, as iptables-save printed it, the -L -n trailing column] (iptables 1.8.9, nf_tables). */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m tos --tos 0x10', '-m tos --tos 0x10/0xff', 'tos match0x10/0xff'],
  ['-m tos --tos 16', '-m tos --tos 0x10/0xff', 'tos match0x10/0xff'],
  ['-m tos ! --tos Minimize-Delay', '-m tos ! --tos 0x10/0x3f', 'tos match!0x10/0x3f'],
  ['-m tos --tos normal-service', '-m tos --tos 0x00/0x3f', 'tos match0x00/0x3f'],
  ['-m tos --tos 0x10/0x3', '-m tos --tos 0x10/0x03', 'tos match0x10/0x03'],
];

describe('-m tos', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('refuses a value or mask past a byte and unknown names', () => {
    for (const body of ['-m tos --tos 0x100', '-m tos --tos 0x10/0x100', '-m tos --tos Fast'])
      expect(one(body).diagnostics, body).toEqual([diag(body, 'bad-value', body.slice(7))]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m tos --tos 0x10/0x3f')).toEqual({
      en: 'the TOS byte (bits 0x3f) is 0x10',
      ko: 'TOS 바이트(마스크 0x3f)가 0x10임',
    });
  });
});
