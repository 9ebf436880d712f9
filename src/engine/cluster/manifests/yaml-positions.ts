/**
 * Where the values of one YAML document sit in the text: the range of the node at a path (or of
 * its nearest ancestor there is), and the range of a mapping key. Two sources give them: the
 * `yaml` package's Document, and the block reader's shades (yaml-block.ts), which give the same
 * ranges for the texts it reads.
 */
import { isCollection, type Document, type LineCounter, type Node as YamlNode } from 'yaml';
import type { LineIndex, YamlShade } from './yaml-block.ts';
import { MAPPING, SEQUENCE, type ShadeTree } from './yaml-shade.ts';

export type Path = readonly (string | number)[];

export interface DocPositions {
  /** [start, end) of the node at `path`, or of the nearest ancestor that exists */
  range(path: Path): [number, number] | undefined;
  /** [start, end) of the key `key` in the mapping at `parent`, if there is one */
  keyRange(parent: Path, key: string | number): [number, number] | undefined;
  linePos(offset: number): { line: number; col: number };
}

export function documentPositions(doc: Document, lines: LineCounter): DocPositions {
  return {
    range(path) {
      for (let n = path.length; n >= 0; n--) {
        const node =
          n === 0 ? doc.contents : (doc.getIn(path.slice(0, n), true) as YamlNode | undefined);
        const range = (node as YamlNode | null | undefined)?.range;
        if (range) return [range[0], range[1]];
      }
      return undefined;
    },
    keyRange(parent, key) {
      const node = parent.length === 0 ? doc.contents : doc.getIn(parent, true);
      if (!isCollection(node)) return undefined;
      for (const item of (node as { items: unknown[] }).items) {
        const k = (item as { key?: { value?: unknown; range?: [number, number, number] } }).key;
        if (k && k.value === key && k.range) return [k.range[0], k.range[1]];
      }
      return undefined;
    },
    linePos: (offset) => lines.linePos(offset),
  };
}

/** The node a path element names under `node`, as the yaml package's getIn finds it, or -1. */
function child(tree: ShadeTree, node: number, key: string | number): number {
  const kind = tree.kind(node);
  if (kind === MAPPING) return typeof key === 'string' ? tree.entry(node, key) : -1;
  if (kind !== SEQUENCE) return -1;
  const i = typeof key === 'string' && key !== '' ? Number(key) : key;
  return typeof i === 'number' && Number.isInteger(i) && i >= 0 ? tree.item(node, i) : -1;
}

/** One document's positions from the shade tree: one small object per document, no closures. */
class ShadePositions implements DocPositions {
  constructor(
    private readonly tree: ShadeTree,
    private readonly root: number,
    private readonly lines: LineIndex,
  ) {}

  range(path: Path): [number, number] {
    const tree = this.tree;
    let node = this.root;
    for (const key of path) {
      const next = child(tree, node, key);
      if (next < 0) break;
      node = next;
    }
    return [tree.start(node), tree.end(node)];
  }

  keyRange(parent: Path, key: string | number): [number, number] | undefined {
    const tree = this.tree;
    let node = this.root;
    for (const k of parent) {
      node = child(tree, node, k);
      if (node < 0) return undefined;
    }
    if (tree.kind(node) !== MAPPING || typeof key !== 'string') return undefined;
    const entry = tree.entry(node, key);
    return entry < 0 ? undefined : [tree.keyStart(entry), tree.keyEnd(entry)];
  }

  linePos(offset: number): { line: number; col: number } {
    return this.lines.linePos(offset);
  }
}

export function shadePositions(root: YamlShade, lines: LineIndex): DocPositions {
  return new ShadePositions(root.tree, root.node, lines);
}
