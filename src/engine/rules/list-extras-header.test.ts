import { describe, expect, it } from 'vitest';
import { readListExtras } from './list-extras.ts';

function words(text: string, target?: string): string {
  const r = readListExtras(text, target);
  const out = r.matches.flatMap((m) => m.words.map((x) => x.text));
  if (r.target) out.push('|', ...r.target.words.map((x) => x.text));
  if (r.lossy.length) out.push('?', ...r.lossy.map((l) => l.text));
  return out.join(' ');
}

// What iptables 1.8.9 printed in `iptables -t mangle -L -n` for the rules in the comments.
describe('readListExtras: header matches and rewriting targets', () => {
  it.each([
    ['DSCP match !0x2e', '-m dscp ! --dscp 0x2e'],
    ['tos match0x10/0xff', '-m tos --tos 0x10/0xff'],
    ['tos match!0x10/0x3f', '-m tos ! --tos 0x10/0x3f'],
    ['TTL match TTL == 5', '-m ttl --ttl-eq 5'],
    ['TTL match TTL != 5', '-m ttl ! --ttl-eq 5'],
    ['TTL match TTL < 5', '-m ttl --ttl-lt 5'],
    ['TTL match TTL > 5', '-m ttl --ttl-gt 5'],
    ['ECN match !ECE ECT=2', '-m ecn ! --ecn-tcp-ece --ecn-ip-ect 2'],
    ['ECN match ECE CWR ECT=1', '-m ecn --ecn-tcp-ece --ecn-tcp-cwr --ecn-ip-ect 1'],
  ])('%s', (text, want) => {
    expect(words(text)).toBe(want);
  });

  it.each([
    ['DSCP set 0x2e', 'DSCP', '| --set-dscp 0x2e'],
    ['TOS set 0x10/0x3f', 'TOS', '| --set-tos 0x10/0x3f'],
    ['TTL set to 5', 'TTL', '| --ttl-set 5'],
    ['TTL decrement by 1', 'TTL', '| --ttl-dec 1'],
    ['TTL increment by 3', 'TTL', '| --ttl-inc 3'],
    ['ECN TCP remove', 'ECN', '| --ecn-tcp-remove'],
    ['ECN ECE=0 CWR=0 ECT codepoint=1', 'ECN', '| --ecn-tcp-ece 0 --ecn-tcp-cwr 0 --ecn-ip-ect 1'],
    ['ECN ECT codepoint=1', 'ECN', '| --ecn-ip-ect 1'],
    ['CLASSIFY set 1:10', 'CLASSIFY', '| --set-class 1:10'],
    ['CHECKSUM fill', 'CHECKSUM', '| --checksum-fill'],
  ])('%s', (text, target, want) => {
    expect(words(text, target)).toBe(want);
  });
});
