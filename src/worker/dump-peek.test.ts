/**
 * The outline worker's answers against the full parse's: the chain list, every chain's rows,
 * text and comment searches must be exactly what dump-api.ts answers once the dump is parsed.
 */
import { describe, expect, it } from 'vitest';
import { warmUpDumpText } from './dump-warm.ts';
import { loadDump } from './dump-cache.ts';
import { dumpApi } from './dump-api.ts';
import { outlineDump, peekRows, peekSearch } from './dump-peek.ts';
import { outlineSave, outlineText, parseRuleset } from '../engine/rules/index.ts';
import type { DumpQuery } from './dump-protocol.ts';

/**
 * The benchmark's kube-proxy generator (scripts/bench/generate-kube.ts), imported by a path the
 * type-checker does not follow: it runs on Node (node:crypto), this file is checked for the DOM.
 */
const GENERATOR = '../../scripts/bench/generate-kube.ts';
const { generateKubeDump } = (await import(/* @vite-ignore */ GENERATOR)) as {
  generateKubeDump(o: { rules: number; seed?: number }): { text: string };
};

const FIXTURES: Record<string, string> = import.meta.glob('../../tests/fixtures/*.rules', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** the generator's dump with made-up `-c` counters on every other rule, as the e2e test has */
function withCounters(text: string): string {
  let n = 0;
  return text
    .split('\n')
    .map((l) => (l.startsWith('-A ') && n++ % 2 === 0 ? `[${n * 3}:${n * 222}] ${l}` : l))
    .join('\n');
}

/** The dump without its counters. */
function plain(text: string): string {
  return text.replace(/^\[\d+:\d+\] /gm, '');
}

const dumps: [string, string][] = [
  ...Object.entries(FIXTURES).map(([f, text]): [string, string] => [f.split('/').pop()!, text]),
  // the worker's own made-up kube-proxy node (a few thousand rules, every one with -c counters)
  ['a kube-proxy node with counters', warmUpDumpText()],
  ['some rules with counters', withCounters(plain(warmUpDumpText()))],
  ['CRLF line ends', warmUpDumpText().replace(/\n/g, '\r\n')],
  // the benchmark's generated nodes, as the big-dump browser test loads (smaller)
  ['a generated node', generateKubeDump({ rules: 3_000 }).text],
  [
    'a generated node with counters',
    withCounters(generateKubeDump({ rules: 2_000, seed: 7 }).text),
  ],
];

const QUERIES: DumpQuery[] = [
  { mode: 'text', query: 'KUBE-SVC' },
  { mode: 'text', query: 'dnat' },
  { mode: 'text', query: '10.96.' },
  { mode: 'text', query: '[0:0]' },
  { mode: 'comment', query: 'cluster ip' },
  { mode: 'comment', query: 'default/' },
  { mode: 'comment', query: 'kubernetes' },
  { mode: 'comment', query: '"' },
  { mode: 'text', query: 'zzz-nothing' },
  { mode: 'text', query: 'KUBE', limit: 7 },
  { mode: 'comment', query: 'shop/cart-' },
  { mode: 'text', query: 'shop/cart-' },
  { mode: 'comment', query: 'no endpoints' },
  { mode: 'text', query: '-J REJECT' },
  { mode: 'comment', query: ':http' },
];

describe('the outline answers as the full parse does', () => {
  let outlined = 0;
  for (const [name, text] of dumps)
    it(name, () => {
      const o = outlineDump(text);
      const full = loadDump(text).summary;
      if (!o) {
        // only a dump the outline is not sure of may be left to the full parse
        expect(full.format !== 'save' || outlineSave(text) === null).toBe(true);
        return;
      }
      outlined++;
      const {
        parseMs,
        diagnostics,
        problemGroups,
        diagnosticCount,
        errorCount,
        unknownModules,
        macRules,
        setUses,
        inferred,
        ...rest
      } = full;
      void [
        parseMs,
        diagnostics,
        problemGroups,
        diagnosticCount,
        errorCount,
        unknownModules,
        macRules,
        setUses,
        inferred,
      ];
      expect({ ...o, id: '' }).toEqual({ ...rest, id: '', partial: true });
      for (const t of full.tables)
        for (const c of t.names)
          expect(peekRows(o.id, t.name, c), `${t.name}/${c}`).toEqual(
            dumpApi.dumpRows(full.id, t.name, c),
          );
      for (const q of QUERIES)
        expect(peekSearch(o.id, q), `${q.mode} ${q.query}`).toEqual(dumpApi.searchDump(full.id, q));
    });
  it('outlined most of them', () => {
    expect(outlined).toBeGreaterThanOrEqual(dumps.length - 6);
  });
});

describe('a long chain read a page at a time', () => {
  const text = withCounters(generateKubeDump({ rules: 6_000, seed: 3 }).text);
  // only the last outline is kept, and the last two parses: each test takes its own
  const both = () => ({ o: outlineDump(text)!, full: loadDump(text).summary });

  it('gives, page after page, the rows the full parse gives, numbered in the whole chain', () => {
    const { o, full } = both();
    const whole = dumpApi.dumpRows(full.id, 'nat', 'KUBE-SERVICES')!;
    expect(whole.length).toBeGreaterThan(500);
    for (const size of [1, 97, 200]) {
      const pages = [];
      for (let from = 0; from < whole.length; from += size)
        pages.push(...peekRows(o.id, 'nat', 'KUBE-SERVICES', from, from + size)!);
      expect(pages, `pages of ${size}`).toEqual(whole);
    }
    expect(peekRows(o.id, 'nat', 'KUBE-SERVICES', whole.length, whole.length + 200)).toEqual([]);
    const sep = full.tables
      .find((t) => t.name === 'nat')!
      .names.find((n) => n.startsWith('KUBE-SEP'))!;
    expect(peekRows(o.id, 'nat', sep, 1, 2)).toEqual(
      dumpApi.dumpRows(full.id, 'nat', sep)!.slice(1, 2),
    );
  });

  it('answers searches as the full parse does', () => {
    const { o, full } = both();
    for (const q of [...QUERIES, { mode: 'comment', query: 'cart' } as DumpQuery])
      expect(peekSearch(o.id, q), `${q.mode} ${q.query}`).toEqual(dumpApi.searchDump(full.id, q));
  });
});

describe('comment search where quotes, escapes or other letters hide the words', () => {
  const rules = [
    '-A INPUT -m comment --comment "shop/"cart -j ACCEPT',
    "-A INPUT -m comment --comment 'shop/cart one' -j ACCEPT",
    '-A INPUT -m comment --comment sh"op/ca"rt -j ACCEPT',
    '-A INPUT -m comment --comment "shop/ca\\"rt" -j ACCEPT',
    '-A INPUT -m comment --comment "a \\"shop/cart\\"" -j ACCEPT',
    '-A INPUT -m comment --comment "it\'s shop/cart" -j ACCEPT',
    '-A INPUT -m comment --comment "" -j ACCEPT',
    '-A INPUT -m comment --comment "ΣΟΦΙΑΣ shop/cart İx" -j ACCEPT',
    '-A INPUT -m comment --comment "ΟΔΟΣ" -j ACCEPT',
    '-A INPUT -m comment --comment "Shop/Cart" -j DROP',
    '-A INPUT -s 10.0.0.1/32 -j ACCEPT',
  ];
  const text = `*filter\n:INPUT ACCEPT [0:0]\n${rules.join('\n')}\nCOMMIT\n`;
  const ascii = `*filter\n:INPUT ACCEPT [0:0]\n${rules.filter((r) => !/[\u0080-\uffff]/.test(r)).join('\n')}\nCOMMIT\n`;
  const needles = [
    'shop/cart',
    'shop/"cart',
    'op/ca',
    'cart"',
    "it's",
    'σ',
    'ς',
    'οφιας',
    'i̇x',
    'cart one',
    'x',
  ];

  for (const [name, dump] of [
    ['ASCII', ascii],
    ['not ASCII', text],
  ] as const)
    it(name, () => {
      const o = outlineDump(dump);
      expect(o).not.toBeNull();
      const full = loadDump(dump).summary;
      for (const query of needles)
        for (const mode of ['comment', 'text'] as const)
          expect(peekSearch(o!.id, { mode, query }), `${mode} ${query}`).toEqual(
            dumpApi.searchDump(full.id, { mode, query }),
          );
      // the cases are there: each way of hiding the words is found (not the three lines that
      // iptables-restore splits into more words than --comment takes: a closing quote ends a
      // word, and single quotes are plain characters)
      expect(dumpApi.searchDump(full.id, { mode: 'comment', query: 'shop/cart' })!.total).toBe(
        name === 'ASCII' ? 4 : 5,
      );
    });
});

describe('outlineText keeps the lines where they were', () => {
  const text = plain(warmUpDumpText());
  const o = outlineSave(text)!;
  const whole = parseRuleset(text).ruleset;

  it('parses one chain to the very Chain the whole dump gives', () => {
    const ti = o.tables.findIndex((t) => t.name === 'nat');
    for (const c of o.tables[ti]!.chains.slice(0, 60)) {
      const part = parseRuleset(outlineText(text, o, [ti], c.rules, [c.name]), {
        format: 'save',
        family: 'ipv4',
      }).ruleset;
      const mine = part.tables[0]!.chains.find((x) => x.name === c.name);
      const theirs = whole.tables
        .find((t) => t.name === 'nat')!
        .chains.find((x) => x.name === c.name);
      expect(mine, c.name).toEqual(theirs);
    }
  });

  it('says null for what only the full parse reads', () => {
    const bad = [
      '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -j ACCEPT\n', // no COMMIT
      '*filter\n:INPUT ACCEPT [0:0]\n-A FOO -j ACCEPT\nCOMMIT\n', // undeclared chain
      '*filter\n:INPUT ACCEPT [0:0]\n-I INPUT -j ACCEPT\nCOMMIT\n',
      '*filter\n:INPUT ACCEPT [0:0]\n:INPUT ACCEPT [0:0]\nCOMMIT\n',
      '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -c 1 2 -j ACCEPT\nCOMMIT\n',
      '*filter\n:INPUT ACCEPT [0:0]\n[1:x] -A INPUT -j ACCEPT\nCOMMIT\n',
      '*filter\n:INPUT - [0:0]\nCOMMIT\n',
      '*filter\n:INPUT ACCEPT [0:0]\n  -A INPUT -j ACCEPT\nCOMMIT\n',
      '-A INPUT -j ACCEPT\n',
    ];
    for (const t of bad) expect(outlineSave(t), t).toBeNull();
    const good = outlineSave(
      '# c\n*filter\n:INPUT DROP [0:0]\n:X - [0:0]\n[5:300] -A X -j RETURN\n-A INPUT -j X\nCOMMIT',
    )!;
    expect(good.tables[0]!.chains.map((c) => [c.name, c.policy, c.line, c.rules])).toEqual([
      ['INPUT', 'DROP', 3, [1]],
      ['X', null, 4, [0]],
    ]);
    expect([...good.rulePackets, ...good.ruleLine, ...good.ruleIndex]).toEqual([5, -1, 5, 6, 1, 1]);
  });
});
