import { describe, expect, it } from 'vitest';
import { findChains } from './find-chain.ts';

const names = [
  'PREROUTING',
  'KUBE-SERVICES',
  'KUBE-SVC-ABC',
  'KUBE-SEP-XSVC1',
  'KUBE-SEP-Y',
  'SVC',
];

describe('finding a chain by part of its name', () => {
  it('puts the exact name first, then prefixes, then the rest, ignoring case', () => {
    expect(findChains(names, 'svc', 10)).toEqual({
      hits: ['SVC', 'KUBE-SVC-ABC', 'KUBE-SEP-XSVC1'],
      more: 0,
    });
    expect(findChains(names, 'kube-se', 10).hits).toEqual([
      'KUBE-SERVICES',
      'KUBE-SEP-XSVC1',
      'KUBE-SEP-Y',
    ]);
  });

  it('stops at the limit and counts the rest; finds nothing for blank or unknown text', () => {
    expect(findChains(names, 'KUBE', 2)).toEqual({
      hits: ['KUBE-SERVICES', 'KUBE-SVC-ABC'],
      more: 2,
    });
    expect(findChains(names, '  ', 5)).toEqual({ hits: [], more: 0 });
    expect(findChains(names, 'cali-', 5)).toEqual({ hits: [], more: 0 });
  });
});
