/**
 * The block reader against the `yaml` package: on every text it reads, the same values, the same
 * node and key ranges at every path (and the nearest ancestor's for paths that are not there),
 * the same line and column for every offset; and it gives up on what it does not read.
 */
import { describe, expect, it } from 'vitest';
import { LineCounter, parseAllDocuments } from 'yaml';
import { generateCluster } from '../../../scripts/bench/bench-compile.ts';
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

describe('the block YAML reader reads as the yaml package does', () => {
  it.each(TEXTS)('%s', (_name, text) => {
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
  });

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
