import { describe, expect, it } from 'vitest';
import { nextConnection, packetsToSend } from './again.ts';

const syn = { proto: 'tcp' as const, src: '10.0.0.5', sport: 40000, dst: '10.96.0.80', dport: 80 };

describe('connect twice', () => {
  it('sends a second connection from the same client on the next source port', () => {
    expect(packetsToSend(syn, true)).toEqual([syn, { ...syn, sport: 40001 }]);
    expect(packetsToSend(syn, false)).toEqual([syn]);
  });
  it('wraps at the last port and leaves ICMP alone', () => {
    expect(nextConnection({ ...syn, sport: 65535 }).sport).toBe(1024);
    const ping = { proto: 'icmp' as const, src: '10.0.0.5', dst: '10.96.0.80' };
    expect(packetsToSend(ping, true)).toEqual([ping]);
  });
});
