/**
 * Host and packet files are YAML or JSON (JSON is read as YAML, which it nearly always is). The
 * engine names a problem by its field path (`interfaces[1].addresses[0]`); this file turns that
 * path back into the line and column of the field in the user's text, so every error the CLI
 * prints is `FILE:LINE:COL: …`.
 */
import { isMap, isNode, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import { readInput } from './input.ts';

export interface StructuredInput {
  name: string;
  value: unknown;
  /** syntax errors, already positioned */
  errors: { line: number; column: number; message: string }[];
  /**
   * The 1-based position of the node at a field path, or of the document when not found; with
   * `key`, of the field's key (where an unknown field is best pointed at).
   */
  positionOf(path: string, key?: boolean): { line: number; column: number };
  /** the same, for a path already split into keys (a key may hold dots: a node's name) */
  positionOfKeys(keys: (string | number)[], key?: boolean): { line: number; column: number };
}

/** `interfaces[1].addresses[0]` → ['interfaces', 1, 'addresses', 0] */
export function splitFieldPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    out.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return out;
}

export async function readStructured(file: string): Promise<StructuredInput> {
  const input = await readInput(file);
  const lc = new LineCounter();
  const doc: Document = parseDocument(input.text, { lineCounter: lc, prettyErrors: false });
  const at = (offset: number) => {
    const p = lc.linePos(offset);
    return { line: p.line, column: p.col };
  };
  const errors = doc.errors.map((e) => ({ ...at(e.pos[0]), message: e.message.split('\n')[0]! }));
  const positionOfKeys = (keys: (string | number)[], key = false) => {
    const last = keys[keys.length - 1];
    if (key && typeof last === 'string') {
      const parent = keys.length === 1 ? doc.contents : doc.getIn(keys.slice(0, -1), true);
      const pair = isMap(parent)
        ? parent.items.find((p) => isScalar(p.key) && p.key.value === last)
        : undefined;
      if (pair && isScalar(pair.key) && pair.key.range) return at(pair.key.range[0]);
    }
    // walk down as far as the path exists: a missing field points at its parent
    for (let n = keys.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : doc.getIn(keys.slice(0, n), true);
      if (isNode(node) && node.range) return at(node.range[0]);
    }
    return { line: 1, column: 1 };
  };
  return {
    name: input.name,
    value: errors.length ? undefined : doc.toJS(),
    errors,
    positionOf: (path, key) => positionOfKeys(splitFieldPath(path), key),
    positionOfKeys,
  };
}

/**
 * The host map `compile --hosts` prints (node name → host file), told from a single host file:
 * an object whose every value is an object with `interfaces`, and which has none itself.
 */
export function hostMapNodes(value: unknown): string[] | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  if (entries.length === 0 || 'interfaces' in value) return null;
  const isHost = (v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && 'interfaces' in v;
  return entries.every(([, v]) => isHost(v)) ? entries.map(([k]) => k) : null;
}

/** One entry of a structured input, positioned in the whole file. */
export function entryOf(input: StructuredInput, key: string): StructuredInput {
  const value = (input.value as Record<string, unknown>)[key];
  const inEntry = (keys: (string | number)[], isKey = false) =>
    input.positionOfKeys([key, ...keys], isKey);
  return {
    name: input.name,
    value,
    errors: input.errors,
    positionOf: (path, isKey) => inEntry(splitFieldPath(path), isKey),
    positionOfKeys: inEntry,
  };
}
