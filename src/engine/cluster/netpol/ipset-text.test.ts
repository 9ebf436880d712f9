import { describe, expect, it } from 'vitest';
import { ipsetRestoreText } from './ipset-text.ts';

describe('ipset restore text', () => {
  it('writes a create line per set and an add line per member', () => {
    expect(
      ipsetRestoreText([
        {
          name: 'cali40s:abc',
          type: 'hash:net',
          members: [
            [{ kind: 'net', net: { address: 0x0af40214, prefix: 32 } }],
            [{ kind: 'net', net: { address: 0x0af40000, prefix: 16 } }],
          ],
        },
        {
          name: 'cali40n:def',
          type: 'hash:ip,port',
          members: [
            [
              { kind: 'net', net: { address: 0x0af4010a, prefix: 32 } },
              { kind: 'port', proto: 'tcp', from: 81, to: 81 },
            ],
          ],
        },
      ]),
    ).toBe(
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
});
