/**
 * The block reader against the `yaml` package: on every text it reads, the same values, the same
 * node and key ranges at every path (and the nearest ancestor's for paths that are not there),
 * the same line and column for every offset; and it gives up on what it does not read. The same
 * on generated manifests (the properties at the end).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineCounter, parseAllDocuments } from 'yaml';
import { generateCluster } from '../../../../scripts/bench/generate-cluster.ts';
import { LineIndex, readBlockYaml, visitBlockYaml } from './yaml-block.ts';
import { documentPositions, shadePositions, type Path } from './yaml-positions.ts';

const TEXTS: [string, string][] = [
  [
    'nested mappings and sequences',
    `apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: shop
  labels:
    app.kubernetes.io/name: web
spec:
  type: NodePort
  clusterIP: 10.96.0.10
  selector:
    app: web
  ports:
  - name: http
    port: 80
    targetPort: http
    nodePort: 30080
  - port: 443
    protocol: TCP
`,
  ],
  [
    'several documents, comments before content, values with comments',
    `# the cluster
---
apiVersion: v1   # core
kind: Node
metadata:
  name: node-a
status:
  addresses:
    - type: InternalIP
      address: "192.168.1.10"
    - type: Hostname
      address: 'node-a'
---

# a second one
kind: Pod
spec:
  containers:
  - name: c
    image: nginx:1.27
    ports: []
    env: {}
  nodeName: node-a
---
`,
  ],
  [
    'empty values everywhere',
    `a:
b:   
c:
  d:
  e:
  -
  - x
f:
-
- 
g:
`,
  ],
  [
    'compact and nested sequences, blank lines',
    `seq:
- a
- - b
  - c

- - - d
-
- k: 1

  l:
    m: n
z: -1
`,
  ],
  [
    'scalars of every kind the reader resolves',
    `s1: plain text here
s2: http://example.com/x
s3: 10.244.0.0/16
s4: "double: quoted # not a comment"
s5: 'it''s'
s6: ''
s7: ""
i1: 42
i2: -7
i3: +3
i4: 0012
b1: true
b2: False
n1: null
n2: ~
n3: NULL
u: café ☕
dash: -foo
at: a@b
trail: value   
`,
  ],
  ['no newline at the end', 'a: 1\nb:\n  c: [ ]'.replace(' [ ]', ' x')],
  ['no newline after an empty value', 'a: 1\nb:'],
  ['only comments', '# nothing\n# here\n'],
  ['empty', ''],
  ['a document of a sequence', '- a\n- b: 1\n'],
  ['a List', 'apiVersion: v1\nkind: List\nitems:\n- kind: Pod\n  metadata:\n    name: p\n'],
  ['the benchmark cluster, small', generateCluster(6, 3, 2)],
  [
    'a sequence long enough to be indexed',
    `items:\n${Array.from({ length: 40 }, (_, i) => `- name: x${i}\n  port: ${i}\n`).join('')}`,
  ],
];

const GIVE_UP: [string, string][] = [
  ['an anchor', 'a: &x 1\nb: *x\n'],
  ['a tag', 'a: !!str 1\n'],
  ['a flow mapping with content', 'a: {b: 1}\n'],
  ['a flow sequence with content', 'a: [1, 2]\n'],
  ['a block scalar', 'a: |\n  text\n'],
  ['a multi-line plain scalar', 'a: one\n  two\n'],
  ['a multi-line quoted scalar', 'a: "one\n  two"\n'],
  ['an escape', 'a: "x\\ty"\n'],
  ['a tab', 'a:\t1\n'],
  ['CRLF', 'a: 1\r\nb: 2\r\n'],
  ['a directive', '%YAML 1.2\n---\na: 1\n'],
  ['a document end marker', 'a: 1\n...\n'],
  ['text after ---', '--- a: 1\n'],
  ['a comment line inside a document', 'a:\n  b: 1\n# c\nd: 2\n'],
  ['a comment line at the end of a document', 'a:\n  b: 1\n# c\n---\nd: 2\n'],
  ['a comment after a key with no value', 'a: # c\n  b: 1\n'],
  ['a duplicate key', 'a: 1\na: 2\n'],
  ['a number key', '80: http\n'],
  ['a float', 'a: 1.5\n'],
  ['a hex number', 'a: 0x1F\n'],
  ['a quoted key', '"a": 1\n'],
  ['a complex key', '? a\n: 1\n'],
  ['a mapping in a value', 'a: b: c\n'],
  ['a merge key', '<<: {}\n'],
  ['an indented root', '  a: 1\n'],
  ['a scalar document', 'hello\n'],
];

/** Every path in a value, and for mappings one key that is not there. */
function paths(value: unknown, base: Path = []): Path[] {
  const out: Path[] = [base];
  if (Array.isArray(value)) {
    value.forEach((v, i) => out.push(...paths(v, [...base, i])));
    out.push([...base, value.length], [...base, String(value.length > 0 ? 0 : 5)]);
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...base, k]));
    out.push([...base, 'not-there', 'deeper'], [...base, 0]);
  } else out.push([...base, 'below-a-scalar']);
  return out;
}

/** The reader reads `text` (it must) as the yaml package does: values, node and key ranges at
 * every path, line positions. */
function expectSameAsYaml(text: string): void {
  const docs = readBlockYaml(text);
  expect(docs).toBeDefined();
  const lines = new LineCounter();
  const theirs = parseAllDocuments(text, { lineCounter: lines, uniqueKeys: true });
  const full = (Array.isArray(theirs) ? theirs : []).filter((d) => d.contents !== null);
  for (const d of full) {
    expect(d.errors).toEqual([]);
    expect(d.warnings).toEqual([]);
  }
  const nonEmpty = full.filter((d) => d.toJS() !== null);
  expect(docs!.map((d) => d.value)).toEqual(nonEmpty.map((d) => d.toJS()));
  const index = new LineIndex(text);
  nonEmpty.forEach((doc, i) => {
    const want = documentPositions(doc, lines);
    const got = shadePositions(docs![i]!.shade, index);
    for (const p of paths(docs![i]!.value)) {
      expect([p, got.range(p)]).toEqual([p, want.range(p)]);
      const parent = p.slice(0, -1);
      const key = p[p.length - 1];
      if (key !== undefined)
        expect([p, got.keyRange(parent, key)]).toEqual([p, want.keyRange(parent, key)]);
    }
  });
  for (let o = 0; o <= text.length; o++)
    expect([o, index.linePos(o)]).toEqual([o, lines.linePos(o)]);
}

describe('the block YAML reader reads as the yaml package does', () => {
  it.each(TEXTS)('%s', (_name, text) => expectSameAsYaml(text));

  it.each(GIVE_UP)('gives up on %s', (_name, text) => {
    expect(readBlockYaml(text)).toBeUndefined();
  });

  it('hands documents over one at a time, and says when it gave up after some', () => {
    const seen: unknown[] = [];
    expect(visitBlockYaml('a: 1\n---\nb: 2\n', (d) => seen.push(d.value))).toBe(true);
    expect(seen).toEqual([{ a: 1 }, { b: 2 }]);
    seen.length = 0;
    expect(
      visitBlockYaml('a: 1\n---\nb: 2\n---\nc:\n  d: 1\n# e\n', (d) => seen.push(d.value)),
    ).toBe(false);
    expect(seen).toEqual([{ a: 1 }, { b: 2 }]);
  });
});

// Generated manifests: what the reader reads must read as the yaml package reads it; what it does
// not read it must give up on. The first property generates only what the reader reads, so it
// also fails if the reader gives up on any of it.
type Node =
  | { kind: 'scalar'; text: string }
  | { kind: 'map'; entries: [string, Node][]; flowEmpty: boolean }
  | { kind: 'seq'; items: Node[]; atKeyIndent: boolean; flowEmpty: boolean };

const word = fc.stringMatching(/^[a-z][a-z0-9./-]{0,8}$/);
const key = word.filter((k) => !/^(?:true|false|null|y|n|yes|no|on|off)$/i.test(k));

/** Scalars the reader reads: plain words and integers, booleans, null, simple quoted text. */
const readScalar: fc.Arbitrary<string> = fc.oneof(
  word,
  fc.integer({ min: -100000, max: 100000 }).map(String),
  fc.constantFrom('true', 'false', 'null', '~', 'True', 'NULL', ''),
  fc.stringMatching(/^[a-z0-9 :#./-]{0,12}$/).map((s) => `"${s}"`),
  fc.stringMatching(/^[a-z0-9 :#./"-]{0,12}$/).map((s) => `'${s}'`),
);

/** And some it may give up on: escapes, floats, flow content, anchors, block scalars. */
const anyScalar: fc.Arbitrary<string> = fc.oneof(
  readScalar,
  fc.constantFrom('"a\\"b"', "'it''s'", '1.5', '0x1F', '[a, b]', '{a: 1}', '&x a', '*x', '|'),
);

function nodeArb(scalar: fc.Arbitrary<string>): fc.Arbitrary<Node> {
  return fc.letrec<{ node: Node }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar.map((text): Node => ({ kind: 'scalar', text })),
      fc
        .tuple(
          fc.uniqueArray(fc.tuple(key, tie('node')), { maxLength: 4, selector: (e) => e[0] }),
          fc.boolean(),
        )
        .map(([entries, flowEmpty]): Node => ({ kind: 'map', entries, flowEmpty })),
      fc
        .tuple(fc.array(tie('node'), { maxLength: 4 }), fc.boolean(), fc.boolean())
        .map(([items, atKeyIndent, flowEmpty]): Node => ({
          kind: 'seq',
          items,
          atKeyIndent,
          flowEmpty,
        })),
    ),
  })).node;
}

/** A comment after a value, or none. */
const tail = fc.constantFrom('', '', '  # note', ' #x');

/** Renders a node as the value after `key:` (or `-`) at `indent`. */
function render(node: Node, indent: number, comments: string[], out: string[], head: string): void {
  const pad = ' '.repeat(indent);
  const note = comments[out.length % comments.length] ?? '';
  if (node.kind === 'scalar') {
    out.push(`${head}${node.text === '' ? '' : ` ${node.text}`}${node.text === '' ? '' : note}`);
    return;
  }
  const empty = node.kind === 'map' ? node.entries.length === 0 : node.items.length === 0;
  if (empty) {
    out.push(`${head} ${node.kind === 'map' ? '{}' : '[]'}${note}`);
    return;
  }
  out.push(head);
  if (node.kind === 'map')
    for (const [k, v] of node.entries) render(v, indent + 2, comments, out, `${pad}  ${k}:`);
  else {
    const itemPad = node.atKeyIndent && head.endsWith(':') ? pad : `${pad}  `;
    for (const item of node.items) render(item, itemPad.length + 2, comments, out, `${itemPad}-`);
  }
}

/** A document: a root mapping, its lines (the head line of the root left out). */
function documentText(entries: [string, Node][], comments: string[]): string {
  const out: string[] = [];
  for (const [k, v] of entries) render(v, 0, comments, out, `${k}:`);
  return out.join('\n');
}

function manifests(scalar: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const root = fc.uniqueArray(fc.tuple(key, nodeArb(scalar)), {
    minLength: 1,
    maxLength: 5,
    selector: (e) => e[0],
  });
  const doc = fc
    .tuple(root, fc.array(tail, { minLength: 1, maxLength: 3 }), fc.boolean())
    .map(
      ([entries, comments, lead]) =>
        `${lead ? '# a manifest\n' : ''}${documentText(entries, comments)}\n`,
    );
  return fc.array(doc, { minLength: 1, maxLength: 3 }).map((docs) => docs.join('---\n'));
}

describe('the block YAML reader on generated manifests', () => {
  it('reads every manifest written only with what it reads, as the yaml package does', () => {
    fc.assert(
      fc.property(manifests(readScalar), (text) => {
        expect(readBlockYaml(text), text).toBeDefined();
        expectSameAsYaml(text);
      }),
      { numRuns: 100 },
    );
    // a hundred generated manifests each read twice: seconds on a busy machine, not a hang
  }, 30_000);

  it('reads anything else as the yaml package does, or gives up', () => {
    let read = 0;
    fc.assert(
      fc.property(manifests(anyScalar), (text) => {
        if (readBlockYaml(text) === undefined) return;
        read++;
        expectSameAsYaml(text);
      }),
      { numRuns: 100 },
    );
    // the property is not vacuous: some of these are read
    expect(read).toBeGreaterThan(0);
  }, 30_000);
});
