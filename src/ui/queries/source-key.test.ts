import { describe, expect, it } from 'vitest';
import { sourceKey } from './engine-queries.ts';

describe('sourceKey', () => {
  it('tells a dual-stack node’s ip6tables rules from its iptables rules', () => {
    const v4 = sourceKey({ kind: 'cluster', yaml: 'kind: Node', node: 'node-b' });
    const v6 = sourceKey({ kind: 'cluster', yaml: 'kind: Node', node: 'node-b', family: 'ipv6' });
    expect(v6).not.toEqual(v4);
    expect(v4[0]).toBe('cluster');
  });
});
