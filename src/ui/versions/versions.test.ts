import { describe, expect, it } from 'vitest';
import { lineDiff, withContext } from './line-diff.ts';
import { versionOf, withKubeProxyVersion } from './with-version.ts';

describe('lineDiff', () => {
  it('aligns the lines both texts have and marks the rest by side', () => {
    expect(lineDiff('a\nb\nc\nd', 'a\nc\nx\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'left', text: 'b' },
      { kind: 'same', text: 'c' },
      { kind: 'right', text: 'x' },
      { kind: 'same', text: 'd' },
    ]);
  });

  it('keeps every line of both sides, in order, even past the table limit', () => {
    const a = Array.from({ length: 2500 }, (_, i) => `r${i}`).join('\n');
    const b = Array.from({ length: 2500 }, (_, i) => (i % 7 ? `r${i}` : `n${i}`)).join('\n');
    const rows = lineDiff(a, b);
    expect(rows.filter((r) => r.kind !== 'right').map((r) => r.text)).toEqual(a.split('\n'));
    expect(rows.filter((r) => r.kind !== 'left').map((r) => r.text)).toEqual(b.split('\n'));
  });

  it('folds runs of same lines away from the changes', () => {
    const rows = lineDiff('1\n2\n3\n4\n5\n6', '1\n2\n3\n4\n5\nX');
    expect(withContext(rows, 1)).toEqual([
      { kind: 'fold', count: 4 },
      { kind: 'same', text: '5' },
      { kind: 'left', text: '6' },
      { kind: 'right', text: 'X' },
    ]);
  });
});

describe('withKubeProxyVersion', () => {
  it('adds the line to the Cluster document, or replaces the one there', () => {
    const yaml =
      'apiVersion: netfilter-lab/v1alpha1\nkind: Cluster\nserviceCIDR: 10.96.0.0/12\n---\nkind: Service\n';
    const once = withKubeProxyVersion(yaml, '1.21');
    expect(once).toBe(
      'apiVersion: netfilter-lab/v1alpha1\nkind: Cluster\nkubeProxyVersion: "1.21"\nserviceCIDR: 10.96.0.0/12\n---\nkind: Service\n',
    );
    expect(withKubeProxyVersion(once, 'current')).toBe(once.replace('"1.21"', '"current"'));
    expect(versionOf(once)).toBe('1.21');
  });

  it('puts a Cluster document in front when the text has none', () => {
    const out = withKubeProxyVersion('kind: Service\n', '1.19');
    expect(
      out.startsWith(
        'apiVersion: netfilter-lab/v1alpha1\nkind: Cluster\nkubeProxyVersion: "1.19"\n---\n',
      ),
    ).toBe(true);
    expect(versionOf('kind: Service\n')).toBe('current');
  });
});
