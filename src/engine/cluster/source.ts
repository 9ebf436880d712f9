/**
 * YAML text → one located object per Kubernetes document (and per item of a `kind: List`).
 * The values are plain JS; positions are looked up on demand by path, so a reader can point a
 * diagnostic or a rule's provenance at the exact YAML value it came from.
 */
import {
  isCollection,
  isDocument,
  LineCounter,
  parseAllDocuments,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import type { SourceSpan } from '../rules/diagnostics.ts';
import { ClusterReport, NO_SPAN } from './diagnostics.ts';

export type Path = readonly (string | number)[];

/** One manifest (a document, or one item of a List) with a way back to its YAML text. */
export interface Located {
  value: Record<string, unknown>;
  /** where the value sits in its document: [] for a document, ['items', 3] for a List item */
  base: Path;
  doc: Document;
  lines: LineCounter;
}

export function spanOfRange(lines: LineCounter, start: number, end: number): SourceSpan {
  const a = lines.linePos(start);
  const b = lines.linePos(Math.max(start, end));
  return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
}

/** The span of the value at `path` inside the object; the nearest existing ancestor if absent. */
export function spanAt(obj: Located, path: Path = []): SourceSpan {
  const full = [...obj.base, ...path];
  for (let n = full.length; n >= 0; n--) {
    const node =
      n === 0 ? obj.doc.contents : (obj.doc.getIn(full.slice(0, n), true) as YamlNode | undefined);
    const range = (node as YamlNode | null | undefined)?.range;
    if (range) return spanOfRange(obj.lines, range[0], range[1]);
  }
  return NO_SPAN;
}

/** The span of a mapping key (for "unknown field" reports). */
export function keySpanAt(obj: Located, path: Path): SourceSpan {
  const parentPath = [...obj.base, ...path.slice(0, -1)];
  const parent = parentPath.length === 0 ? obj.doc.contents : obj.doc.getIn(parentPath, true);
  const key = path[path.length - 1];
  if (isCollection(parent)) {
    for (const item of (parent as { items: unknown[] }).items) {
      const k = (item as { key?: { value?: unknown; range?: [number, number, number] } }).key;
      if (k && k.value === key && k.range) return spanOfRange(obj.lines, k.range[0], k.range[1]);
    }
  }
  return spanAt(obj, path);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface SplitResult {
  objects: Located[];
}

/** Parses every document; YAML errors become diagnostics and the rest of the text still counts. */
export function splitManifests(text: string, report: ClusterReport): SplitResult {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: true,
  });
  const objects: Located[] = [];
  const list = Array.isArray(docs) ? docs : [];
  for (const doc of list) {
    if (!isDocument(doc)) continue;
    for (const e of doc.errors)
      report.error(
        'yaml-syntax',
        spanOfRange(lines, e.pos[0], e.pos[1]),
        e.message.split('\n')[0] ?? e.message,
      );
    for (const w of doc.warnings)
      report.warn(
        'yaml-syntax',
        spanOfRange(lines, w.pos[0], w.pos[1]),
        w.message.split('\n')[0] ?? w.message,
      );
    if (doc.errors.length > 0 && doc.contents === null) continue;
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: 1000 });
    } catch (err) {
      // toJS only fails on alias bombs and similar; report and skip the document
      report.error(
        'yaml-syntax',
        spanOfRange(lines, doc.range[0], doc.range[1]),
        String((err as Error).message ?? err),
      );
      continue;
    }
    if (value === null || value === undefined) continue; // an empty document (`---` at the end)
    const located: Located = { value: {}, base: [], doc, lines };
    if (!isRecord(value)) {
      report.error(
        'not-an-object',
        spanAt(located),
        'a manifest must be a mapping with apiVersion, kind and metadata',
      );
      continue;
    }
    located.value = value;
    if (
      value['kind'] === 'List' ||
      (typeof value['kind'] === 'string' &&
        value['kind'].endsWith('List') &&
        Array.isArray(value['items']))
    ) {
      const items = value['items'];
      if (!Array.isArray(items)) {
        report.error(
          'bad-type',
          spanAt(located, ['items']),
          'a List needs "items", a list of objects',
        );
        continue;
      }
      items.forEach((item, i) => {
        const loc: Located = { value: {}, base: ['items', i], doc, lines };
        if (!isRecord(item))
          report.error('not-an-object', spanAt(loc), `items[${i}] is not an object`);
        else objects.push({ ...loc, value: item });
      });
      continue;
    }
    objects.push(located);
  }
  return { objects };
}
