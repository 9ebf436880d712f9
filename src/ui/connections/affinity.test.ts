import { describe, expect, it } from 'vitest';
import type { RecentStep, TraceStep } from '../../engine/netfilter/trace.ts';
import { affinityLines } from './affinity.ts';

const step = (command: 'set' | 'rcheck', list: string, found: boolean): TraceStep => ({
  kind: 'recent',
  hook: 'PREROUTING',
  table: 'nat',
  chain: 'KUBE-SVC-X',
  rule: 1,
  ruleId: 'r1',
  ruleText: '',
  span: { line: 1, column: 1, endLine: 1, endColumn: 1 } as RecentStep['span'],
  list,
  command,
  address: '10.0.0.5',
  found,
  matched: command === 'set' || found,
  packet: {
    proto: 'tcp',
    src: '10.0.0.5',
    sport: 1,
    dst: '10.0.0.9',
    dport: 80,
    length: 60,
    mark: 0,
    ttl: 64,
    tos: 0,
  },
});

describe('affinity lines for the journey', () => {
  it('names the list that found the client and the one that recorded it, not the misses', () => {
    expect(
      affinityLines([
        step('rcheck', 'KUBE-SEP-A', false),
        step('rcheck', 'KUBE-SEP-B', true),
        step('set', 'KUBE-SEP-B', true),
      ]),
    ).toEqual([
      { kind: 'found', list: 'KUBE-SEP-B', address: '10.0.0.5' },
      { kind: 'recorded', list: 'KUBE-SEP-B', address: '10.0.0.5' },
    ]);
  });
});
