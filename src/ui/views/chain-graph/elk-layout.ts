/**
 * Lays a chain graph out in layers with elkjs, always in elk's own Web Worker so a graph of
 * thousands of chains never blocks the page. The result is plain boxes and polylines.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import ELK from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { ChainGraphModel } from './graph-model.ts';

export interface Point {
  x: number;
  y: number;
}

export interface NodeBox {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface EdgeLine {
  id: string;
  points: Point[];
  label: { x: number; y: number; w: number; h: number } | null;
}

export interface GraphLayout {
  width: number;
  height: number;
  nodes: Map<string, NodeBox>;
  edges: Map<string, EdgeLine>;
}

export const NODE_H = 40;
/** above this many chains the layout takes its fast options */
export const BIG_LAYOUT = 120;
const CHAR_W = 7.4;
const LABEL_CHAR_W = 6.4;

const SUB_CHAR_W = 6.2;

/** Wide enough for the name (monospace) and the subtitle under it (Hangul runs wider). */
export function nodeWidth(name: string, subtitle = ''): number {
  const sub = [...subtitle].reduce(
    (w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 10.5 : SUB_CHAR_W),
    0,
  );
  return Math.max(96, Math.ceil(name.length * CHAR_W) + 22, Math.ceil(sub) + 22);
}

export function labelWidth(text: string): number {
  return Math.ceil(text.length * LABEL_CHAR_W) + 8;
}

let elk: InstanceType<typeof ELK> | null = null;

function engine(): InstanceType<typeof ELK> {
  elk ??= new ELK({ workerFactory: () => new Worker(elkWorkerUrl) });
  return elk;
}

export async function layoutChainGraph(
  graph: ChainGraphModel,
  edgeLabel: (id: string) => string | null,
  subtitle: (n: ChainGraphModel['nodes'][number]) => string,
): Promise<GraphLayout> {
  // a big graph trades some polish for speed: orthogonal routing and model order cost
  // seconds to minutes at hundreds of chains, polyline routing stays around two seconds
  const big = graph.nodes.length > BIG_LAYOUT;
  const root: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '56',
      'elk.spacing.nodeNode': '14',
      'elk.spacing.edgeLabel': '2',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
      ...(big
        ? { 'elk.edgeRouting': 'POLYLINE', 'elk.layered.thoroughness': '1' }
        : {
            'elk.edgeRouting': 'ORTHOGONAL',
            // keeps a Service's endpoints in rule order, top to bottom
            'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
          }),
    },
    children: graph.nodes.map((n) => ({
      id: n.id,
      width: nodeWidth(n.id, subtitle(n)),
      height: NODE_H,
    })),
    edges: graph.edges.map((e): ElkExtendedEdge => {
      const text = edgeLabel(e.id);
      const edge: ElkExtendedEdge = { id: e.id, sources: [e.from], targets: [e.to] };
      if (text) edge.labels = [{ text, width: labelWidth(text), height: 14 }];
      return edge;
    }),
  };
  const out = await engine().layout(root);
  const nodes = new Map<string, NodeBox>();
  for (const c of out.children ?? [])
    nodes.set(c.id, { id: c.id, x: c.x ?? 0, y: c.y ?? 0, w: c.width ?? 0, h: c.height ?? 0 });
  const edges = new Map<string, EdgeLine>();
  for (const e of (out.edges ?? []) as ElkExtendedEdge[]) {
    const points: Point[] = [];
    for (const s of e.sections ?? [])
      points.push(s.startPoint, ...(s.bendPoints ?? []), s.endPoint);
    const l = e.labels?.[0];
    edges.set(e.id, {
      id: e.id,
      points,
      label: l ? { x: l.x ?? 0, y: l.y ?? 0, w: l.width ?? 0, h: l.height ?? 0 } : null,
    });
  }
  return { width: out.width ?? 0, height: out.height ?? 0, nodes, edges };
}
