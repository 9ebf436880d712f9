/**
 * The loader's fast paths give what the plain ones give: manifests read one at a time by the
 * block reader, and read again by the yaml package when the reader gives up part way; replica
 * names made from character codes; duplicates found across manifests read one at a time.
 */
import { describe, expect, it } from 'vitest';
import { loadCluster } from './load.ts';

const NODE = `apiVersion: v1
kind: Node
metadata:
  name: n1
spec:
  podCIDR: 10.1.0.0/24
status:
  addresses:
  - type: InternalIP
    address: 192.168.0.1
`;

const deployment = (name: string): string => `---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: shop
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: c
        image: nginx:1.27
        ports:
        - name: http
          containerPort: 8080
`;

const pod = (namespace: string, name: string): string => `---
kind: Pod
metadata:
  name: ${name}
  namespace: ${namespace}
spec:
  nodeName: n1
`;

/** block YAML with something for every stage to say: a list document, a duplicate, a bad port */
const BLOCK = `${NODE}${deployment('web')}---
- not
- a manifest
---
apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: shop
spec:
  selector:
    app: web
  ports:
  - port: 99999
  - port: 80
    targetPort: http
${pod('shop', 'p')}${pod('shop', 'p')}`;

describe('the loader reads block YAML one manifest at a time', () => {
  it('gives what the yaml package gives when the block reader gives up at the last document', () => {
    const block = loadCluster(BLOCK);
    // a comment line inside a document is left to the yaml package, for the whole text
    const mixed = loadCluster(`${BLOCK}---\nkind: ConfigMap\nmetadata:\n  name: c\n# why\n`);
    // what the YAML is reported for first, then each manifest's, then the cluster's
    expect(
      block.diagnostics.map((d) => [d.code, d.line, d.column, d.endLine, d.endColumn]),
    ).toEqual([
      ['not-an-object', 34, 1, 36, 1],
      ['bad-value', 46, 11, 46, 16],
      ['missing-field', 47, 5, 49, 1],
      ['duplicate-object', 59, 9, 59, 10],
      ['assumed', 50, 1, 56, 1],
      ['assumed', 37, 1, 49, 1],
      ['assumed', 1, 1, 11, 1],
    ]);
    // nothing from the abandoned first reading is left over: the same model, and the same
    // diagnostics (now with the ConfigMap's) at the same places
    expect(mixed.model.pods).toEqual(block.model.pods);
    expect(mixed.model.services).toEqual(block.model.services);
    expect(mixed.model.unknown.map((u) => u.name)).toEqual(['c']);
    expect(mixed.diagnostics.filter((d) => d.message.indexOf('ConfigMap') < 0)).toEqual(
      block.diagnostics,
    );
  });

  it('names replicas as before, also for names beyond ASCII and very long ones', () => {
    const names = (name: string) =>
      loadCluster(NODE + deployment(name)).model.pods.map((p) => p.name);
    expect(names('web')).toEqual([
      'web-dq8pplz5g-4jpc8',
      'web-dq8pplz5g-mpnl8',
      'web-dq8pplz5g-fqf9k',
    ]);
    expect(names('café')).toEqual([
      'café-2sszjqjxf-wss5x',
      'café-2sszjqjxf-zfw4q',
      'café-2sszjqjxf-dt7ql',
    ]);
    const long = 'w'.repeat(1000);
    expect(names(long).map((n) => n.slice(0, 1000) === long && n.slice(1000))).toEqual([
      '-6p2f4hxlv-4645t',
      '-6p2f4hxlv-6zzcl',
      '-6p2f4hxlv-m7grc',
    ]);
  });

  it('finds duplicate objects by kind, namespace and name', () => {
    const dups = (text: string) =>
      loadCluster(NODE + text)
        .diagnostics.filter((d) => d.code === 'duplicate-object')
        .map((d) => d.message);
    expect(dups(pod('a', 'b') + pod('a', 'b') + pod('b', 'a') + pod('a', 'c'))).toEqual([
      'Pod a/b is defined twice; this one is ignored',
    ]);
    // the key joins namespace and name with `/`: `a/b` + `c` and `a` + `b/c` count as one
    expect(dups(pod('a/b', 'c') + pod('a', 'b/c'))).toEqual([
      'Pod a/b/c is defined twice; this one is ignored',
    ]);
  });
});
