/**
 * YAML text → one located object per Kubernetes document (and per item of a `kind: List`).
 * The values are plain JS; positions are looked up on demand by path, so a reader can point a
 * diagnostic or a rule's provenance at the exact YAML value it came from.
 *
 * Plain block YAML, what big manifest files are, is read by the block reader (yaml-block.ts);
 * any other text by the `yaml` package, which also reports syntax errors. Both give the same
 * values and positions for what the block reader reads.
 */
import { isDocument, LineCounter, parseAllDocuments } from 'yaml';
import type { SourceSpan } from '../../rules/index.ts';
import { ClusterReport, NO_SPAN } from './diagnostics.ts';
import { LineIndex, visitBlockYaml } from './yaml-block.ts';
import {
  documentPositions,
  shadePositions,
  type DocPositions,
  type Path,
} from './yaml-positions.ts';

export type { Path } from './yaml-positions.ts';

/** One manifest (a document, or one item of a List) with a way back to its YAML text. */
export interface Located {
  value: Record<string, unknown>;
  /** where the value sits in its document: [] for a document, ['items', 3] for a List item */
  base: Path;
  doc: DocPositions;
}

function spanOfRange(doc: DocPositions, start: number, end: number): SourceSpan {
  const a = doc.linePos(start);
  const b = doc.linePos(Math.max(start, end));
  return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
}

/** The span of the value at `path` inside the object; the nearest existing ancestor if absent. */
export function spanAt(obj: Located, path: Path = []): SourceSpan {
  const range = obj.doc.range(obj.base.length ? [...obj.base, ...path] : path);
  return range ? spanOfRange(obj.doc, range[0], range[1]) : NO_SPAN;
}

/** The span of a mapping key (for "unknown field" reports). */
export function keySpanAt(obj: Located, path: Path): SourceSpan {
  const key = path[path.length - 1];
  const range =
    key === undefined ? undefined : obj.doc.keyRange([...obj.base, ...path.slice(0, -1)], key);
  return range ? spanOfRange(obj.doc, range[0], range[1]) : spanAt(obj, path);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface SplitResult {
  objects: Located[];
}

/** Parses every document; YAML errors become diagnostics and the rest of the text still counts. */
export function splitManifests(text: string, report: ClusterReport): SplitResult {
  const objects: Located[] = [];
  visitManifests(
    text,
    report,
    (obj) => objects.push(obj),
    () => (objects.length = 0),
  );
  return { objects };
}

/**
 * Hands every manifest to `visit`, in order, with what splitManifests reports. Plain block YAML is
 * read one document at a time, so a caller done with each manifest before the next leaves the
 * garbage collector little to keep. When the block reader gives up part way (a later document
 * needs the yaml package), what was reported is taken back, `restart` is called, and every
 * manifest is visited again as the yaml package reads it: the caller drops what it made so far.
 */
export function visitManifests(
  text: string,
  report: ClusterReport,
  visit: (obj: Located) => void,
  restart: () => void,
): void {
  const mark = report.diagnostics.length;
  const lines = new LineIndex(text);
  const read = visitBlockYaml(text, (d) =>
    addDocument(d.value, shadePositions(d.shade, lines), visit, report),
  );
  if (read) return;
  report.diagnostics.length = mark;
  restart();
  readWithYamlPackage(text, visit, report);
}

function readWithYamlPackage(
  text: string,
  visit: (obj: Located) => void,
  report: ClusterReport,
): void {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: true,
  });
  const list = Array.isArray(docs) ? docs : [];
  for (const doc of list) {
    if (!isDocument(doc)) continue;
    const at = documentPositions(doc, lines);
    for (const e of doc.errors)
      report.error(
        'yaml-syntax',
        spanOfRange(at, e.pos[0], e.pos[1]),
        e.message.split('\n')[0] ?? e.message,
        { yaml: e.code },
      );
    for (const w of doc.warnings)
      report.warn(
        'yaml-syntax',
        spanOfRange(at, w.pos[0], w.pos[1]),
        w.message.split('\n')[0] ?? w.message,
        { yaml: w.code },
      );
    if (doc.errors.length > 0 && doc.contents === null) continue;
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: 1000 });
    } catch (err) {
      // toJS only fails on alias bombs and similar; report and skip the document
      report.error(
        'yaml-syntax',
        spanOfRange(at, doc.range[0], doc.range[1]),
        String((err as Error).message ?? err),
      );
      continue;
    }
    addDocument(value, at, visit, report);
  }
}

/** One document's value: a manifest, the items of a List, or a report of what it is not. */
function addDocument(
  value: unknown,
  doc: DocPositions,
  visit: (obj: Located) => void,
  report: ClusterReport,
): void {
  if (value === null || value === undefined) return; // an empty document (`---` at the end)
  const located: Located = { value: {}, base: [], doc };
  if (!isRecord(value)) {
    report.error(
      'not-an-object',
      spanAt(located),
      'a manifest must be a mapping with apiVersion, kind and metadata',
      { sentence: 'manifest' },
    );
    return;
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
      return;
    }
    items.forEach((item, i) => {
      const loc: Located = { value: {}, base: ['items', i], doc };
      if (!isRecord(item))
        report.error('not-an-object', spanAt(loc), `items[${i}] is not an object`, {
          sentence: 'list-item',
          index: i,
        });
      else visit({ ...loc, value: item });
    });
    return;
  }
  visit(located);
}
