import { describe, expect, it } from 'vitest';
import { readIpsetText } from '../../netfilter/index.ts';
import { policySet } from './calico/sets.ts';
import { ipsetRestoreText } from './ipset-text.ts';

describe('ipset restore text', () => {
  const sets = [
    policySet('cali40s:abc', 'hash:net', [
      [{ kind: 'net', net: { address: 0x0af40214, prefix: 32 } }],
      [{ kind: 'net', net: { address: 0x0af40000, prefix: 16 } }],
    ]),
    policySet('cali40n:def', 'hash:ip,port', [
      [
        { kind: 'net', net: { address: 0x0af4010a, prefix: 32 } },
        { kind: 'port', proto: 'tcp', from: 81, to: 81 },
      ],
    ]),
  ];

  it('writes a create line per set and an add line per member', () => {
    expect(ipsetRestoreText(sets)).toBe(
      [
        'create cali40s:abc hash:net family inet hashsize 1024 maxelem 1048576',
        'add cali40s:abc 10.244.2.20',
        'add cali40s:abc 10.244.0.0/16',
        'create cali40n:def hash:ip,port family inet hashsize 1024 maxelem 1048576',
        'add cali40n:def 10.244.1.10,tcp:81',
        '',
      ].join('\n'),
    );
  });

  it('is read back by the ipset reader as the same sets', () => {
    const read = readIpsetText(ipsetRestoreText(sets));
    expect(read.diagnostics).toEqual([]);
    expect(read.sets.map((s) => [s.name, s.type, s.members.map((m) => m.elements)])).toEqual(
      sets.map((s) => [s.name, s.type, s.members.map((m) => m.elements)]),
    );
  });
});
