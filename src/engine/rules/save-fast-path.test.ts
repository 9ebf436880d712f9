import { describe, expect, it } from 'vitest';
// the fast path against the reference reader on random text and whole dumps: differential.test.ts;
// here, what it shares between rules and the cases it must leave to the reference reader
import { parseSave } from './save-parser.ts';
import { printSave } from './save-printer.ts';
import { sourcesAreCanonical } from './canonical.ts';
import { generateKubeDump } from '../../../scripts/bench/generate-kube.ts';
import type { Family } from './model.ts';

/** The fast way and the full way must build the same model, diagnostics and printed text. */
function both(text: string, family: Family = 'ipv4') {
  const fast = parseSave(text, family);
  const full = parseSave(text, family, { fastPath: false });
  return { fast, full };
}

function expectSame(text: string, family: Family = 'ipv4'): void {
  const { fast, full } = both(text, family);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(full));
  expect(printSave(fast.ruleset)).toBe(printSave(full.ruleset));
  expect(printSave(fast.ruleset, { counters: true })).toBe(
    printSave(full.ruleset, { counters: true }),
  );
}

const dump = (rules: string[], table = 'nat') =>
  [
    `*${table}`,
    ':PREROUTING ACCEPT [0:0]',
    ':INPUT ACCEPT [0:0]',
    ':OUTPUT ACCEPT [0:0]',
    ':POSTROUTING ACCEPT [0:0]',
    ':KUBE-X - [0:0]',
    ...rules,
    'COMMIT',
    '',
  ].join('\n');

describe('save fast path', () => {
  it('reads rules with iptables-save -c counters exactly as the full reader does', () => {
    let n = 0;
    const text = generateKubeDump({ rules: 3000, seed: 11 }).text.replace(
      /^-A /gm,
      () => `[${(n * 7919) % 1000}:${n++ * 104729}] -A `,
    );
    expectSame(text);
    const rules = parseSave(text, 'ipv4').ruleset.tables.flatMap((t) =>
      t.chains.flatMap((c) => c.rules),
    );
    expect(rules[5]!.counters).toEqual({ packets: (5 * 7919) % 1000, bytes: 5 * 104729 });
    // read the fast way: its matches lists are frozen and shared, the full reader's are not
    expect(rules.every((r) => Object.isFrozen(r.matches))).toBe(true);
    expect(Object.keys(rules[5]!)).toEqual(
      Object.keys(
        parseSave(text, 'ipv4', { fastPath: false }).ruleset.tables[0]!.chains.flatMap(
          (c) => c.rules,
        )[5]!,
      ),
    );
    // a 3,000-rule dump read three ways: over vitest's 5 s default on a busy machine
  }, 30_000);

  it.each([
    '[1:2]  -A KUBE-X -j ACCEPT',
    '[01:2] -A KUBE-X -j ACCEPT',
    '[1:2:3] -A KUBE-X -j ACCEPT',
    '[:2] -A KUBE-X -j ACCEPT',
    '[1:] -A KUBE-X -j ACCEPT',
    '[1 :2] -A KUBE-X -j ACCEPT',
    '[1:2] -I KUBE-X -j ACCEPT',
    '[1:2]-A KUBE-X -j ACCEPT',
    '[99999999999999999999:2] -A KUBE-X -j ACCEPT',
    '[1:2] -A KUBE-Y -j ACCEPT',
  ])('reads odd counters as the full reader does: %s', (line) => {
    expectSame(dump([line]));
  });

  it('shares one frozen data object between rules with the same module words', () => {
    const { ruleset } = parseSave(
      dump([
        '-A KUBE-X -p tcp -m tcp --dport 80 -j ACCEPT',
        '-A KUBE-X -p tcp -m tcp --dport 80 -j DROP',
      ]),
      'ipv4',
    );
    const [a, b] = ruleset.tables[0]!.chains.find((c) => c.name === 'KUBE-X')!.rules;
    expect(a!.matches[0]!.data).toEqual({ dport: { value: { from: 80, to: 80 }, negated: false } });
    expect(b!.matches[0]!.data).toBe(a!.matches[0]!.data);
    expect(Object.isFrozen(a!.matches[0]!.data)).toBe(true);
    // the spans stay each rule's own
    expect(b!.span).toEqual({ line: 8, column: 1, endLine: 8, endColumn: 43 });
  });

  it('shares frozen matches, match lists, targets and core criteria between rules that write them alike', () => {
    const { ruleset } = parseSave(
      dump(
        [
          '! -s 10.0.0.0/8 -i eth0 -p tcp -m comment --comment x -m tcp --dport 80 -j KUBE-X',
          '! -s 10.0.0.0/8 -i eth0 -p tcp -m comment --comment x -m tcp --dport 80 -j KUBE-X',
          '-s 10.0.0.0/8 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.1.1.1:80',
          '-s 10.0.0.0/8 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.1.1.1:80',
          '-j RETURN',
          '-j RETURN',
        ].map((r) => `-A PREROUTING ${r}`),
      ),
      'ipv4',
    );
    const [a, b, c, d, e, f] = ruleset.tables[0]!.chains.find(
      (ch) => ch.name === 'PREROUTING',
    )!.rules;
    expect(b!.matches).toBe(a!.matches);
    expect(b!.target).toBe(a!.target);
    expect(b!.core.source).toBe(a!.core.source);
    expect(b!.core.inInterface).toBe(a!.core.inInterface);
    expect(b!.core.protocol).toBe(a!.core.protocol);
    expect(c!.matches[0]).toBe(a!.matches[1]); // -m tcp --dport 80 after -p tcp
    expect(c!.core.source).not.toBe(a!.core.source); // not negated
    expect(c!.core.source!.value).toBe(a!.core.source!.value);
    expect(d!.target).toBe(c!.target);
    expect(f!.target).toBe(e!.target);
    expect(f!.core).toBe(e!.core);
    for (const shared of [
      a!.matches,
      a!.matches[0],
      a!.target,
      a!.core.source,
      a!.core.protocol,
      c!.target,
      e!.core,
      e!.matches,
    ])
      expect(Object.isFrozen(shared)).toBe(true);
    expect(a!.target).toEqual({ name: 'KUBE-X', kind: 'jump', data: null });
    expect(c!.target).toEqual({ name: 'DNAT', kind: 'extension', data: expect.anything() });
    expect(e!.core).toEqual({});
    expect(e!.matches).toEqual([]);
    // each rule still has its own position and identity
    expect([a!.id, b!.id, b!.span.line]).toEqual(['nat/PREROUTING/1', 'nat/PREROUTING/2', 8]);
  });

  it('prints canonical lines as they were written, and others the long way', () => {
    const text = dump([
      '-A KUBE-X -d 10.0.0.1/32 -j ACCEPT',
      '-A OUTPUT -s 10.0.0.2 -p TCP -j ACCEPT',
    ]);
    const { ruleset } = parseSave(text, 'ipv4');
    const nat = ruleset.tables[0]!;
    expect(
      sourcesAreCanonical(
        nat,
        nat.chains.find((c) => c.name === 'KUBE-X')!,
      ),
    ).toBe(true);
    expect(
      sourcesAreCanonical(
        nat,
        nat.chains.find((c) => c.name === 'OUTPUT')!,
      ),
    ).toBe(false);
    expect(printSave(ruleset)).toContain('-A OUTPUT -s 10.0.0.2/32 -p tcp -j ACCEPT\n');
    expectSame(text);
  });

  it('leaves a rule that needs a diagnostic to the full reader, every time', () => {
    const text = dump(
      [
        '-A KUBE-X -p tcp -m tcp --dport 80 -j ACCEPT',
        '-A KUBE-X -p tcp -m tcp --dport 99999 -j ACCEPT',
        '-A KUBE-X -p tcp -m tcp --dport 99999 -j ACCEPT',
      ],
      'filter',
    );
    const { fast } = both(text);
    expect(
      fast.diagnostics.filter((d) => d.code === 'bad-port').map((d) => [d.code, d.line, d.column]),
    ).toEqual([
      ['bad-port', 8, 25],
      ['bad-port', 9, 25],
    ]);
    expectSame(text);
  });

  it('a module that reads no context is remembered across protocols and tables', () => {
    expectSame(
      dump([
        '-A KUBE-X -m comment --comment "a b" -j ACCEPT',
        '-A KUBE-X -p udp -m comment --comment "a b" -j ACCEPT',
        '-A POSTROUTING -m comment --comment "a b" -j MASQUERADE',
      ]),
    );
  });

  it('reads the comment and DNAT words it takes in place exactly as the full reader', () => {
    const dnat = [
      '1.2.3.4:80',
      '1.2.3.4',
      '01.2.3.4:080',
      '1.2.3.4-1.2.3.9:80-90',
      '1.2.3.4:80-90/100',
      '1.2.3.4:80-90/0',
      '1.2.3.4:http',
      ':80',
      '1.2.3.400',
      '"1.2.3.4:80"',
    ];
    const comments = ['x', '"x"', '"a b"', '""', '-x', '"-x"', '"it\'s"', `"${'é'.repeat(128)}"`];
    const lines: string[] = [];
    for (const chain of ['PREROUTING', 'INPUT', 'KUBE-X'])
      for (const p of ['', '-p tcp ', '-p udp ', '! -p tcp ', '-p icmp '])
        for (const to of dnat) lines.push(`-A ${chain} ${p}-j DNAT --to-destination ${to}`);
    for (const c of comments)
      lines.push(
        `-A KUBE-X -m comment --comment ${c} -j ACCEPT`,
        `-A KUBE-X -m comment --comment ${c}`,
      );
    // one rule at a time: a chain is printed from its sources only when all of them print back
    for (const line of lines) {
      expectSame(dump([line]));
      expectSame(dump([line.replace('1.2.3.4', '[::1]')]), 'ipv6');
    }
  });

  it('shares a comment read in place between the rules that write it, wherever they are', () => {
    const { ruleset } = parseSave(
      dump([
        '-A KUBE-X -m comment --comment "web/a:http" -j ACCEPT',
        '-A PREROUTING -p tcp -m comment --comment "web/a:http" -m tcp --dport 80 -j KUBE-X',
        '-A KUBE-X -m comment --comment "web/a:http" -j DROP',
      ]),
      'ipv4',
    );
    const nat = ruleset.tables[0]!;
    const [a, c] = nat.chains.find((ch) => ch.name === 'KUBE-X')!.rules;
    const [b] = nat.chains.find((ch) => ch.name === 'PREROUTING')!.rules;
    expect(a!.matches[0]).toEqual({ module: 'comment', data: { comment: 'web/a:http' } });
    expect(b!.matches[0]).toBe(a!.matches[0]);
    expect(c!.matches[0]).toBe(a!.matches[0]);
    expect(Object.isFrozen(a!.matches[0]!.data)).toBe(true);
  });

  // Random rules from real parts in random order, spacing and repetition: whatever the fast path
  // takes on, it must read exactly as the full reader.
});
