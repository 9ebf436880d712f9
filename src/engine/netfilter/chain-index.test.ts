import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Chain } from '../rules/index.ts';
import { buildChainIndex, nextCandidate } from './chain-index.ts';
import { parseIPv4 } from './ipv4.ts';
import { addressIn } from './matchers/core.ts';
import { rules } from './test-kit.ts';

function chainOf(lines: string[]): Chain {
  const rs = rules(
    `*filter\n:FORWARD ACCEPT [0:0]\n${lines.map((l) => `-A FORWARD ${l}`).join('\n')}\nCOMMIT\n`,
  );
  return rs.tables[0]!.chains.find((c) => c.name === 'FORWARD')!;
}

const ip = (s: string) => parseIPv4(s)!;

/** True when the rule's -d rules out `dst` whatever else the packet is. */
function excludes(chain: Chain, pos: number, dst: number): boolean {
  const d = chain.rules[pos]!.core.destination;
  return d !== undefined && !d.negated && !addressIn(dst, d.value);
}

describe('chain index on -d', () => {
  const chain = chainOf([
    '-d 10.96.0.1/32 -p tcp -j ACCEPT', // 0
    '-d 10.96.0.2/32 -p tcp -j ACCEPT', // 1
    '-d 10.96.0.1/32 -p udp -j ACCEPT', // 2
    '! -d 10.96.0.3/32 -j MARK --set-xmark 0x1/0xffffffff', // 3: negated, always tested
    '-d 10.96.0.3/32 -j DROP', // 4
    '-d 10.244.0.0/16 -j ACCEPT', // 5
    '-p tcp -j ACCEPT', // 6: no -d
    '-d 10.96.0.2/32 -j DROP', // 7
  ]);
  const idx = buildChainIndex(chain, 1)!;

  it('goes from a position straight to the next rule whose -d can hold', () => {
    const d1 = ip('10.96.0.1');
    expect(nextCandidate(idx, 0, d1)).toBe(0);
    expect(nextCandidate(idx, 1, d1)).toBe(2);
    expect(nextCandidate(idx, 3, d1)).toBe(3);
    expect(nextCandidate(idx, 4, d1)).toBe(6);
    expect(nextCandidate(idx, 7, d1)).toBe(8);
    const pod = ip('10.244.3.4');
    expect(nextCandidate(idx, 0, pod)).toBe(3);
    expect(nextCandidate(idx, 4, pod)).toBe(5);
    const d2 = ip('10.96.0.2');
    expect(nextCandidate(idx, 0, d2)).toBe(1);
    expect(nextCandidate(idx, 7, d2)).toBe(7);
  });

  it('is not built for short chains or chains without a usable -d', () => {
    expect(buildChainIndex(chain, 9)).toBeNull();
    expect(buildChainIndex(chain, 8)).not.toBeNull();
    expect(
      buildChainIndex(chainOf(['-p tcp -j ACCEPT', '! -d 10.0.0.1/32 -j DROP']), 1),
    ).toBeNull();
    expect(buildChainIndex(chainOf(['-d 0.0.0.0/0 -j ACCEPT']), 1)).toBeNull();
  });

  it('never skips a rule that could match, and with few masks stops at the first that can', () => {
    const pool = ['10.0.0.1', '10.0.0.2', '10.0.1.1', '10.1.0.1', '192.168.1.1', '192.168.2.7'];
    const dest = fc.record({
      addr: fc.constantFrom(...pool),
      prefix: fc.constantFrom(32, 24, 16, 8, 0, 31, 12),
      neg: fc.boolean(),
      present: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(dest, { minLength: 1, maxLength: 40 }),
        fc.constantFrom(...pool, '172.16.0.1'),
        fc.nat(45),
        (ds, dstText, start) => {
          const c = chainOf(
            ds.map((d) =>
              d.present ? `${d.neg ? '! ' : ''}-d ${d.addr}/${d.prefix} -j ACCEPT` : '-j ACCEPT',
            ),
          );
          const index = buildChainIndex(c, 1);
          const dst = ip(dstText);
          const pos = Math.min(start, c.rules.length);
          const next = index ? nextCandidate(index, pos, dst) : pos;
          expect(next).toBeGreaterThanOrEqual(pos);
          expect(next).toBeLessThanOrEqual(c.rules.length);
          for (let i = pos; i < next; i++) expect(excludes(c, i, dst)).toBe(true);
          // 7 prefix lengths < the 8 groups an index keeps: it is exact here
          if (next < c.rules.length) expect(excludes(c, next, dst)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
