import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

/** [as written, as iptables-save printed it, the -L -n trailing column] (iptables 1.8.9, nf_tables). */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-p tcp -m ecn --ecn-tcp-cwr', '-p tcp -m ecn --ecn-tcp-cwr', 'ECN match CWR'],
  [
    '-p tcp -m ecn ! --ecn-tcp-ece --ecn-ip-ect 2',
    '-p tcp -m ecn ! --ecn-tcp-ece --ecn-ip-ect 2',
    'ECN match !ECE ECT=2',
  ],
  [
    '-p tcp -m ecn --ecn-tcp-cwr --ecn-tcp-ece --ecn-ip-ect 1',
    '-p tcp -m ecn --ecn-tcp-ece --ecn-tcp-cwr --ecn-ip-ect 1',
    'ECN match ECE CWR ECT=1',
  ],
  ['-m ecn ! --ecn-ip-ect 3', '-m ecn ! --ecn-ip-ect 3', 'ECN match !ECT=3'],
];

describe('-m ecn', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved).saved).toBe(saved);
  });

  it('wants -p tcp for the TCP flags and an ECT of 0-3', () => {
    const flags = '-m ecn --ecn-tcp-cwr';
    expect(one(flags).diagnostics).toEqual([diag(flags, 'bad-protocol', '-m ecn')]);
    const ect = '-m ecn --ecn-ip-ect 4';
    expect(one(ect).diagnostics).toEqual([diag(ect, 'bad-value', '--ecn-ip-ect 4')]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-p tcp -m ecn ! --ecn-tcp-ece --ecn-ip-ect 2')).toEqual({
      en: 'ECN bits: ECE clear, ECT == 2',
      ko: 'ECN 비트: ECE 꺼짐, ECT == 2',
    });
  });
});
