import { describe, expect, it } from 'vitest';
import { diag, explainFirst, one } from './test-kit.ts';

const NAT = { table: 'nat', chain: 'PREROUTING' } as const;

/**
 * [as written, as iptables-save printed it, the -L -n -v trailing column], from
 * scripts/iptables-oracle.sh (iptables 1.8.9; nf_tables and legacy agree). iptables-save quotes
 * anything but letters, digits, `_` and `-`, escaping `"`, `\` and `'`.
 */
const ORACLE: readonly (readonly [string, string, string])[] = [
  ['-m comment --comment "hello world"', '-m comment --comment "hello world"', '/* hello world */'],
  ['-m comment --comment simple', '-m comment --comment simple', '/* simple */'],
  [
    '-m comment --comment "a \\"quoted\\" word"',
    '-m comment --comment "a \\"quoted\\" word"',
    '/* a "quoted" word */',
  ],
  [
    '-m comment --comment "default/kubernetes:https cluster IP"',
    '-m comment --comment "default/kubernetes:https cluster IP"',
    '/* default/kubernetes:https cluster IP */',
  ],
  ['-m comment --comment ""', '-m comment --comment ""', '/*  */'],
  [
    '-m comment --comment "\ud55c\uae00 \uc8fc\uc11d"',
    '-m comment --comment "\ud55c\uae00 \uc8fc\uc11d"',
    '/* \ud55c\uae00 \uc8fc\uc11d */',
  ],
  ['-m comment --comment "x*/y"', '-m comment --comment "x*/y"', '/* x*/y */'],
  ['-m comment --comment "it\'s"', '-m comment --comment "it\\\'s"', "/* it's */"],
  [
    '-m comment --comment "back\\\\slash"',
    '-m comment --comment "back\\\\slash"',
    '/* back\\slash */',
  ],
  ['-m comment --comment "a$b"', '-m comment --comment "a$b"', '/* a$b */'],
];

describe('-m comment', () => {
  it.each(ORACLE)('%s', (written, saved, listed) => {
    const r = one(written, NAT);
    expect(r.diagnostics).toEqual([]);
    expect(r.saved).toBe(saved);
    expect(r.list).toBe(listed);
    expect(one(saved, NAT).saved).toBe(saved);
  });

  it('keeps the text as plain data', () => {
    expect(
      one('-m comment --comment "default/kubernetes:https cluster IP"').rule?.matches[0]?.data,
    ).toEqual({
      comment: 'default/kubernetes:https cluster IP',
    });
  });

  it('keeps 255 bytes of UTF-8 and warns, as iptables cuts a longer comment (oracle: 300 x → 255 x)', () => {
    const ok = `-m comment --comment ${'가'.repeat(85)}`; // 255 bytes
    expect(one(ok).diagnostics).toEqual([]);
    // iptables-save printed the 85 syllables without the "a"
    const long = `-m comment --comment ${'가'.repeat(85)}a`;
    const r = one(long);
    expect(r.diagnostics).toEqual([
      diag(long, 'bad-value', `--comment ${'가'.repeat(85)}a`, 'warning'),
    ]);
    expect(r.saved).toBe(`-m comment --comment "${'가'.repeat(85)}"`);
    expect(one(`-m comment --comment ${'x'.repeat(300)}`).saved).toBe(
      `-m comment --comment ${'x'.repeat(255)}`,
    );
  });

  it('needs --comment once', () => {
    expect(one('-m comment').diagnostics).toEqual([
      diag('-m comment', 'missing-argument', '-m comment'),
    ]);
    expect(one('-m comment --comment a --comment b').diagnostics).toEqual([
      diag('-m comment --comment a --comment b', 'syntax', '--comment b'),
    ]);
  });

  it('explains itself in English and Korean', () => {
    expect(explainFirst('-m comment --comment "kube-system/kube-dns:dns cluster IP"')).toEqual({
      en: 'comment "kube-system/kube-dns:dns cluster IP" (no effect on packets)',
      ko: '주석 "kube-system/kube-dns:dns cluster IP" (패킷에는 영향 없음)',
    });
  });
});
