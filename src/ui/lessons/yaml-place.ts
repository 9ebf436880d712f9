/**
 * Where a step's YAML focus is in the editor's text: the document of that kind and name, and the
 * field at `path` inside it (dotted, list items by number). Only for moving the editor's cursor:
 * nothing is graded on it.
 */
import { isMap, isSeq, LineCounter, parseAllDocuments, type Node as YamlNode } from 'yaml';

function child(node: unknown, key: string): unknown {
  if (isMap(node))
    return node.items.find((i) => String((i.key as { value?: unknown })?.value) === key)?.value;
  if (isSeq(node)) return node.items[Number(key)];
  return undefined;
}

/** 1-based line and column of the field, or of its document when the path does not resolve. */
export function yamlPlace(
  text: string,
  target: { kind: string; name: string; path?: string },
): { line: number; column: number } | null {
  const lines = new LineCounter();
  let docs;
  try {
    docs = parseAllDocuments(text, { lineCounter: lines });
  } catch {
    return null;
  }
  if (!Array.isArray(docs)) return null;
  for (const doc of docs) {
    const root = doc.contents;
    const kind = child(root, 'kind') as { value?: unknown } | undefined;
    const name = child(child(root, 'metadata'), 'name') as { value?: unknown } | undefined;
    if (kind?.value !== target.kind || name?.value !== target.name) continue;
    let node: unknown = root;
    let found = root as YamlNode | null;
    for (const key of target.path?.split('.') ?? []) {
      node = child(node, key);
      if (node === undefined || node === null) break;
      found = node as YamlNode;
    }
    const at = found?.range?.[0];
    if (at === undefined) return null;
    const p = lines.linePos(at);
    return { line: p.line, column: p.col };
  }
  return null;
}
