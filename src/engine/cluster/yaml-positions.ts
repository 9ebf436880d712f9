/**
 * Where the values of one YAML document sit in the text: the range of the node at a path (or of
 * its nearest ancestor there is), and the range of a mapping key. Two sources give them: the
 * `yaml` package's Document, and the block reader's shades (yaml-block.ts), which give the same
 * ranges for the texts it reads.
 */
import { isCollection, type Document, type LineCounter, type Node as YamlNode } from 'yaml';
import type { LineIndex, YamlShade } from './yaml-block.ts';

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

/** The entry of a shade a path element names, as the yaml package's getIn finds it. */
function child(node: YamlShade, key: string | number): YamlShade | undefined {
  if (node.keys) return typeof key === 'string' ? node.items?.[node.keys.indexOf(key)] : undefined;
  if (!node.items) return undefined;
  const i = typeof key === 'string' && key !== '' ? Number(key) : key;
  return typeof i === 'number' && Number.isInteger(i) && i >= 0 ? node.items[i] : undefined;
}

export function shadePositions(root: YamlShade, lines: LineIndex): DocPositions {
  return {
    range(path) {
      let node = root;
      for (const key of path) {
        const next = child(node, key);
        if (!next) break;
        node = next;
      }
      return [node.start, node.end];
    },
    keyRange(parent, key) {
      let node: YamlShade | undefined = root;
      for (const k of parent) if (node) node = child(node, k);
      if (!node?.keys || !node.keyRanges || typeof key !== 'string') return undefined;
      const i = node.keys.indexOf(key);
      return i < 0 ? undefined : [node.keyRanges[2 * i]!, node.keyRanges[2 * i + 1]!];
    },
    linePos: (offset) => lines.linePos(offset),
  };
}
