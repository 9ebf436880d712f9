import { describe, expect, it } from 'vitest';
import { RecentLists, type RecentQuery } from './recent-lists.ts';

const A = 0x0a000001;
const q = (command: RecentQuery['command'], extra: Partial<RecentQuery> = {}): RecentQuery => ({
  name: 'L',
  command,
  address: A,
  seconds: 0,
  hitcount: 0,
  negated: false,
  ...extra,
});

describe('recent lists (xt_recent)', () => {
  it('--set always matches and records; --rcheck finds what was set, in that list only', () => {
    const r = new RecentLists();
    expect(r.apply(q('rcheck'))).toEqual({ found: false, matched: false });
    expect(r.apply(q('set'))).toEqual({ found: false, matched: true });
    expect(r.apply(q('rcheck', { seconds: 10800 }))).toEqual({ found: true, matched: true });
    expect(r.apply(q('rcheck', { name: 'M' })).found).toBe(false);
    expect(r.view()).toEqual([{ name: 'L', address: '10.0.0.1', hits: 1 }]);
  });

  it('--hitcount counts the times seen; --update adds one when it matches', () => {
    const r = new RecentLists();
    r.apply(q('set'));
    expect(r.apply(q('update', { hitcount: 2 })).found).toBe(false);
    r.apply(q('set'));
    expect(r.apply(q('update', { hitcount: 2 })).found).toBe(true);
    expect(r.view()[0]!.hits).toBe(3);
  });

  it('! flips the answer; --remove takes the address out', () => {
    const r = new RecentLists();
    expect(r.apply(q('rcheck', { negated: true })).matched).toBe(true);
    expect(r.apply(q('set', { negated: true })).matched).toBe(false);
    expect(r.apply(q('remove')).matched).toBe(true);
    expect(r.apply(q('rcheck')).found).toBe(false);
  });
});
