import { describe, expect, it } from 'vitest';
import { firstFrame, focusedIds } from './framing.ts';
import { foldId } from './fold-model.ts';
import type { ChainNode } from './graph-model.ts';

const node = (id: string, builtin = false): ChainNode => ({ id, builtin, policy: null, rules: 1 });
const NODES = [
  node('PREROUTING', true),
  node('KUBE-SERVICES'),
  node('KUBE-SVC-AAA'),
  node('KUBE-SEP-111'),
  node('KUBE-SEP-222'),
  { ...node(foldId('KUBE-SEP-*')), fold: { family: 'KUBE-SEP-*', count: 40 } },
  node('OUTPUT', true),
];

describe('what the chain graph frames', () => {
  it('frames the drawn part of the traced path, the current chain first', () => {
    expect(firstFrame(NODES, 'KUBE-SVC-AAA', ['PREROUTING', 'KUBE-SVC-AAA', 'KUBE-SEP-9'])).toEqual(
      ['KUBE-SVC-AAA', 'PREROUTING', 'KUBE-SVC-AAA'],
    );
    expect(firstFrame(NODES, 'KUBE-SEP-9', ['KUBE-SERVICES'])).toEqual(['KUBE-SERVICES']);
  });

  it('frames the built-in chains and then everything when nothing is traced', () => {
    const frame = firstFrame(NODES, null, ['NOT-DRAWN']);
    expect(frame.slice(0, 2)).toEqual(['PREROUTING', 'OUTPUT']);
    expect(frame.slice(2)).toEqual(NODES.map((n) => n.id));
  });

  it('frames a found chain, or a family with its fold node', () => {
    expect(focusedIds(NODES, { chain: 'KUBE-SEP-222' })).toEqual(['KUBE-SEP-222']);
    expect(focusedIds(NODES, { chain: 'GONE' })).toEqual([]);
    expect(focusedIds(NODES, { family: 'KUBE-SEP-*' })).toEqual([
      'KUBE-SEP-111',
      'KUBE-SEP-222',
      foldId('KUBE-SEP-*'),
    ]);
  });
});
