import { describe, expect, it } from 'vitest';
import { parsePortRange } from './values.ts';

describe('parsePortRange', () => {
  it('reads a port, a range and the open ends', () => {
    expect(parsePortRange('80')).toEqual({ from: 80, to: 80 });
    expect(parsePortRange('1024:65535')).toEqual({ from: 1024, to: 65535 });
    expect(parsePortRange(':1024')).toEqual({ from: 0, to: 1024 });
    expect(parsePortRange('1024:')).toEqual({ from: 1024, to: 65535 });
    expect(parsePortRange('http:https')).toEqual({ from: 80, to: 443 });
  });

  it('keeps a range written backwards for the module to judge', () => {
    expect(parsePortRange('5:1')).toEqual({ from: 5, to: 1 });
  });

  it('reads octal and hex as iptables does, unless the module reads decimal only', () => {
    expect(parsePortRange('026:0x50')).toEqual({ from: 22, to: 80 });
    expect(parsePortRange('026', true)).toEqual({ from: 26, to: 26 });
    expect(parsePortRange('0x50', true)).toBeUndefined();
    expect(parsePortRange('65536')).toBeUndefined();
    expect(parsePortRange('1:2:3')).toBeUndefined();
  });
});
