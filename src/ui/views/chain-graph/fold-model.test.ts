import { describe, expect, it } from 'vitest';
import { compileNode } from '../../../engine/cluster/compile.ts';
import { findTable } from '../../../engine/rules/index.ts';
import { clusterIpTrace } from '../shared/test-traces.ts';
import { broadFamilyOf, familyOf, foldGraph, foldId, type FoldView } from './fold-model.ts';
import { chainGraph, edgeKey, type ChainEdge, type ChainGraphModel } from './graph-model.ts';

const node = (id: string, builtin = false) => ({
  id,
  builtin,
  policy: builtin ? ('ACCEPT' as const) : null,
  rules: 1,
});
const edge = (from: string, to: string, share: number | null = null): ChainEdge => ({
  id: edgeKey(from, to),
  from,
  to,
  kind: 'jump',
  rules: [1],
  probability: share === null ? null : { conditional: share, share, rest: false },
});

const SVCS = 50;
const svc = (i: number) => `KUBE-SVC-S${i}`;
const sep = (i: number, j: number) => `KUBE-SEP-S${i}E${j}`;

/** A kube-proxy nat table: 50 Services of 3 endpoints each, every endpoint marking for SNAT. */
function kubeTable(): ChainGraphModel {
  const nodes = [
    node('PREROUTING', true),
    node('POSTROUTING', true),
    node('KUBE-SERVICES'),
    node('KUBE-POSTROUTING'),
    node('KUBE-MARK-MASQ'),
  ];
  const edges = [edge('PREROUTING', 'KUBE-SERVICES'), edge('POSTROUTING', 'KUBE-POSTROUTING')];
  for (let i = 0; i < SVCS; i++) {
    nodes.push(node(svc(i)));
    edges.push(edge('KUBE-SERVICES', svc(i)));
    for (let j = 0; j < 3; j++) {
      nodes.push(node(sep(i, j)));
      edges.push(edge(svc(i), sep(i, j), 1 / 3), edge(sep(i, j), 'KUBE-MARK-MASQ'));
    }
  }
  return { nodes, edges };
}

const table = kubeTable();
const view = (v: Partial<FoldView> = {}): FoldView => ({
  path: ['PREROUTING', 'KUBE-SERVICES', svc(7), sep(7, 1)],
  open: new Map(),
  pinned: [],
  ...v,
});
const ids = (g: ChainGraphModel) => g.nodes.map((n) => n.id);
/** every chain of the table is counted once: a chain node counts one, a folded node its members */
const counted = (g: ChainGraphModel) => g.nodes.reduce((s, n) => s + (n.fold?.count ?? 1), 0);

describe('chain families', () => {
  it('names a family by all but the last word, and a broad one by the first', () => {
    expect(familyOf('KUBE-SEP-CLPYGNZNNY3PRNQC')).toBe('KUBE-SEP-*');
    expect(familyOf('cali-tw-cali1a2b3c4d5e6')).toBe('cali-tw-*');
    // felix's hashed policy chain names carry `-` of their own: still one family per kind
    expect(familyOf('cali-pi-_upQcgIPum_--AUKtyMi')).toBe('cali-pi-*');
    expect(familyOf('cali-pi-_gXPaCB1t-SWHb8oA9OT')).toBe('cali-pi-*');
    expect(familyOf('cali-pri-kns.default')).toBe('cali-pri-*');
    // a policy group's chain (felix v3.28+): the base64url uid may hold `-` and `_` too
    expect(familyOf('cali-gi-afyczb6_yKqRUDO66RA1')).toBe('cali-gi-*');
    expect(familyOf('cali-go-l3tUAFBedj_ydFj-qQQ-')).toBe('cali-go-*');
    // kube-router: a pod chain per local pod, a policy chain per policy, two shared chains
    expect(familyOf('KUBE-POD-FW-NOFLIPK4QOGGAOBG')).toBe('KUBE-POD-FW-*');
    expect(familyOf('KUBE-NWPLCY-EPO5S5R7PSSRN53P')).toBe('KUBE-NWPLCY-*');
    expect(familyOf('KUBE-NWPLCY-COMMON')).toBeNull();
    expect(familyOf('KUBE-NWPLCY-DEFAULT')).toBeNull();
    expect(familyOf('DOCKER-USER')).toBe('DOCKER-*');
    expect(familyOf('INPUT')).toBeNull();
    expect(familyOf('-X')).toBeNull();
    expect(broadFamilyOf('DOCKER-ISOLATION-STAGE-1')).toBe('DOCKER-*');
    expect(broadFamilyOf('FORWARD')).toBe('*');
  });
});

describe('folding a big table', () => {
  it('draws a small table whole', () => {
    const nat = chainGraph(findTable(clusterIpTrace().compiled.ruleset, 'nat'));
    expect(nat.nodes.length).toBeGreaterThan(10);
    const f = foldGraph(nat, view());
    expect(f.folding).toBe(false);
    expect(f.graph).toBe(nat);
  });

  it('shows the path and its neighbours, and folds each big family into one counted node', () => {
    const f = foldGraph(table, view());
    expect(f.folding).toBe(true);
    expect(ids(f.graph)).toEqual([
      'PREROUTING',
      'POSTROUTING',
      'KUBE-SERVICES',
      'KUBE-POSTROUTING',
      'KUBE-MARK-MASQ',
      foldId('KUBE-SVC-*'),
      foldId('KUBE-SEP-*'),
      svc(7),
      sep(7, 0),
      sep(7, 1),
      sep(7, 2),
    ]);
    const fold = (k: string) => f.graph.nodes.find((n) => n.id === foldId(k))?.fold;
    expect(fold('KUBE-SVC-*')).toEqual({ family: 'KUBE-SVC-*', count: SVCS - 1 });
    expect(fold('KUBE-SEP-*')).toEqual({ family: 'KUBE-SEP-*', count: (SVCS - 1) * 3 });
    expect(counted(f.graph)).toBe(table.nodes.length);
  });

  it('keeps a shown chain’s edges and sums the others per pair of nodes', () => {
    const f = foldGraph(table, view());
    const e = (from: string, to: string) => f.graph.edges.find((x) => x.id === edgeKey(from, to));
    expect(e(svc(7), sep(7, 2))?.probability?.share).toBeCloseTo(1 / 3);
    expect(e(svc(7), sep(7, 2))?.folded).toBeUndefined();
    expect(e('KUBE-SERVICES', foldId('KUBE-SVC-*'))?.folded).toEqual({
      count: SVCS - 1,
      share: null,
    });
    expect(e(foldId('KUBE-SVC-*'), foldId('KUBE-SEP-*'))?.folded?.count).toBe((SVCS - 1) * 3);
    expect(e(foldId('KUBE-SEP-*'), 'KUBE-MARK-MASQ')?.folded?.count).toBe((SVCS - 1) * 3);
    // no edge leads to a node that is not drawn
    const drawn = new Set(ids(f.graph));
    expect(f.graph.edges.every((x) => drawn.has(x.from) && drawn.has(x.to))).toBe(true);
  });

  it('sums the shares of one chain’s random branches into a folded family', () => {
    const wide: ChainGraphModel = {
      nodes: [...table.nodes, ...Array.from({ length: 20 }, (_, j) => node(`KUBE-SEP-W${j}`))],
      edges: [
        ...table.edges,
        ...Array.from({ length: 20 }, (_, j) => edge(svc(7), `KUBE-SEP-W${j}`, 0.01)),
      ],
    };
    const f = foldGraph(wide, view());
    const into = f.graph.edges.find((x) => x.id === edgeKey(svc(7), foldId('KUBE-SEP-*')));
    // the Service's own three endpoints join the crowd: 23 neighbours, 22 of them not traced
    expect(into?.folded?.count).toBe(22);
    expect(into?.folded?.share).toBeCloseTo(0.2 + 2 / 3);
    expect(into?.probability).toBeNull();
    expect(ids(f.graph)).toContain(sep(7, 1));
  });

  it('opens a family a page at a time, neighbours of the picture first, and folds it back', () => {
    const one = foldGraph(table, view({ open: new Map([['KUBE-SVC-*', 1]]) }));
    const svcs = ids(one.graph).filter((id) => id.startsWith('KUBE-SVC-'));
    expect(svcs.length).toBe(13);
    expect(one.opened).toEqual([{ family: 'KUBE-SVC-*', shown: 13, count: SVCS }]);
    expect(one.graph.nodes.find((n) => n.id === foldId('KUBE-SVC-*'))?.fold?.count).toBe(37);
    expect(counted(one.graph)).toBe(table.nodes.length);
    const two = foldGraph(table, view({ open: new Map([['KUBE-SVC-*', 2]]) }));
    expect(two.opened[0]?.shown).toBe(25);
    const back = foldGraph(table, view({ open: new Map() }));
    expect(ids(back.graph)).toEqual(ids(foldGraph(table, view()).graph));
  });

  it('unfolds a pinned chain (a search hit) with its neighbours', () => {
    const f = foldGraph(table, view({ pinned: [sep(30, 2)] }));
    expect(ids(f.graph)).toContain(sep(30, 2));
    expect(ids(f.graph)).toContain(svc(30));
    expect(counted(f.graph)).toBe(table.nodes.length);
  });

  it('starts from the built-in chains when nothing is traced', () => {
    const f = foldGraph(table, view({ path: [] }));
    expect(ids(f.graph)).toEqual([
      'PREROUTING',
      'POSTROUTING',
      'KUBE-SERVICES',
      'KUBE-POSTROUTING',
      // a family of one is drawn as its chain
      'KUBE-MARK-MASQ',
      foldId('KUBE-SVC-*'),
      foldId('KUBE-SEP-*'),
    ]);
    expect(counted(f.graph)).toBe(table.nodes.length);
  });

  it('merges far families by their first word when there are too many', () => {
    const far: ChainGraphModel = {
      nodes: [...table.nodes],
      edges: [...table.edges],
    };
    for (let i = 0; i < 30; i++) {
      far.nodes.push(node(`LOG-F${i}-A`), node(`LOG-F${i}-B`));
      far.edges.push(edge(`LOG-F${i}-A`, `LOG-F${i}-B`));
    }
    const f = foldGraph(far, view());
    expect(f.graph.nodes.find((n) => n.id === foldId('LOG-*'))?.fold?.count).toBe(60);
    expect(f.graph.nodes.some((n) => n.id === foldId('LOG-F3-*'))).toBe(false);
    // the families next to the path keep their own node
    expect(ids(f.graph)).toContain(foldId('KUBE-SVC-*'));
    expect(counted(f.graph)).toBe(far.nodes.length);
  });
});

describe("folding kube-router's filter table", () => {
  const PODS = 30;
  const cluster = [
    'apiVersion: netfilter-lab/v1alpha1\nkind: Cluster\nnetworkPolicy: kube-router\n',
    '---\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\nspec: {podCIDR: 10.42.0.0/24}\n',
    'status: {addresses: [{type: InternalIP, address: 192.168.56.11}]}\n',
    ...Array.from(
      { length: PODS },
      (_, i) =>
        `---\napiVersion: v1\nkind: Pod\nmetadata: {name: p${i}, namespace: default, labels: {app: web}}\n` +
        `spec: {nodeName: n1, containers: [{name: c, image: nginx}]}\nstatus: {podIP: 10.42.0.${i + 10}}\n`,
    ),
    '---\napiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {name: deny, namespace: default}\n',
    'spec: {podSelector: {}, policyTypes: [Ingress]}\n',
  ].join('');

  it('folds the pod chains into one counted family, like cali-tw-*', () => {
    const filter = chainGraph(findTable(compileNode(cluster, 'n1').ruleset, 'filter'));
    const f = foldGraph(filter, view({ path: ['FORWARD', 'KUBE-ROUTER-FORWARD'] }));
    expect(f.folding).toBe(true);
    const fold = f.graph.nodes.find((n) => n.id === foldId('KUBE-POD-FW-*'))?.fold;
    expect(fold).toEqual({ family: 'KUBE-POD-FW-*', count: PODS });
    expect(counted(f.graph)).toBe(filter.nodes.length);
  });
});
