/**
 * Lays a chain graph out in layers with elkjs, always in elk's own Web Worker so a graph of
 * thousands of chains never blocks the page. The result is plain boxes and polylines.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import ELK from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { ChainGraphModel } from './graph-model.ts';
import { nodeName } from './node-text.ts';

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

export const NODE_H = 42;
/** a probability label's line, at 12 px */
export const LABEL_LINE_H = 15;
/** above this many chains the layout takes its fast options */
export const BIG_LAYOUT = 120;
/** monospace at 12 px (names, labels); the subtitle's sans-serif at 11.5 px */
const CHAR_W = 7.4;
const SUB_CHAR_W = 6.8;
/** Hangul and other wide letters */
const WIDE_W = 12.5;

function textWidth(text: string, narrow: number): number {
  return [...text].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? WIDE_W : narrow), 0);
}

/** Wide enough for the name (monospace) and the subtitle under it. */
export function nodeWidth(name: string, subtitle = ''): number {
  return Math.max(
    96,
    Math.ceil(textWidth(name, CHAR_W)) + 22,
    Math.ceil(textWidth(subtitle, SUB_CHAR_W)) + 22,
  );
}

export function labelSize(lines: readonly string[]): { width: number; height: number } {
  return {
    width: Math.ceil(Math.max(0, ...lines.map((l) => textWidth(l, CHAR_W)))) + 10,
    height: lines.length * LABEL_LINE_H + 4,
  };
}

let elk: InstanceType<typeof ELK> | null = null;

function engine(): InstanceType<typeof ELK> {
  elk ??= new ELK({ workerFactory: () => new Worker(elkWorkerUrl) });
  return elk;
}

export async function layoutChainGraph(
  graph: ChainGraphModel,
  edgeLabel: (id: string) => readonly string[] | null,
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
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '14',
      'elk.spacing.edgeLabel': '3',
      'elk.spacing.edgeEdge': '8',
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
      width: nodeWidth(nodeName(n), subtitle(n)),
      height: NODE_H,
    })),
    edges: graph.edges.map((e): ElkExtendedEdge => {
      const lines = edgeLabel(e.id);
      const edge: ElkExtendedEdge = { id: e.id, sources: [e.from], targets: [e.to] };
      if (lines) edge.labels = [{ text: lines.join(' '), ...labelSize(lines) }];
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
