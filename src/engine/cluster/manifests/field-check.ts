/**
 * Keys that neither Kubernetes nor this tool knows (`selctor:`, `tragetPort:`) are silently
 * dropped by the reader, and the answer changes without a word. This walks a manifest against
 * its kind's known fields (known-kinds.ts) and warns at each unknown key's own line and column,
 * with the nearest known key ("did you mean …?") and what leaving the field out does.
 */
import { closestKey } from '../../netfilter/spelling.ts';
import type { ClusterReport } from './diagnostics.ts';
import { effectKey, effectOfMissing } from './field-effects.ts';
import { ANY, type Field, type Fields } from './known-fields.ts';
import { KNOWN_FIELDS } from './known-kinds.ts';
import { isRecord, pathText } from './read-kit.ts';
import { keySpanAt, type Located, type Path } from './source.ts';

/** Lists of known keys no longer than this are named in full when no key is close. */
const NAME_ALL_UP_TO = 12;

/** Warns about each key of the manifest that its kind does not know. */
export function checkFields(obj: Located, kind: string, report: ClusterReport): void {
  const fields = KNOWN_FIELDS[kind];
  if (fields) walk(obj.value, fields, [], { obj, kind, report });
}

interface Walk {
  obj: Located;
  kind: string;
  report: ClusterReport;
}

function walk(value: Record<string, unknown>, fields: Fields, path: Path, w: Walk): void {
  for (const key of Object.keys(value)) {
    const field: Field | undefined = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field === undefined) {
      unknownKey(value, fields, path, key, w);
      continue;
    }
    if (field === ANY) continue;
    const below = value[key];
    if (isFieldList(field)) {
      if (!Array.isArray(below)) continue;
      below.forEach((item, i) => {
        if (isRecord(item)) walk(item, field[0], [...path, key, i], w);
      });
    } else if (isRecord(below)) walk(below, field, [...path, key], w);
  }
}

function isFieldList(field: Fields | readonly [Fields]): field is readonly [Fields] {
  return Array.isArray(field);
}

function unknownKey(
  parent: Record<string, unknown>,
  fields: Fields,
  path: Path,
  key: string,
  w: Walk,
): void {
  const known = Object.keys(fields);
  const meant = closestKey(key, known);
  let text = `"${key}" is not a field of ${where(w.kind, path)}`;
  const args: Record<string, string> = { field: key, kind: w.kind, at: pathText(path, '') };
  if (meant !== undefined) {
    text += `; did you mean "${meant}"?`;
    args['meant'] = meant;
    // what the typo changes, when the field it stands for is left unset by it
    const field = dotted([...path, meant]);
    const effect = parent[meant] === undefined ? effectOfMissing(w.kind, field, parent) : '';
    text += effect ? ` It is ignored, so ${effect}.` : ' It is ignored.';
    if (effect) args['effect'] = effectKey(w.kind, field) ?? '';
    if (effect && typeof parent['port'] === 'number') args['port'] = String(parent['port']);
  } else {
    text += '; it is ignored';
    text += known.length <= NAME_ALL_UP_TO ? ` (fields here: ${known.join(', ')}).` : '.';
    if (known.length <= NAME_ALL_UP_TO) args['known'] = known.join(', ');
  }
  w.report.warn('unknown-field', keySpanAt(w.obj, [...path, key]), text, args);
}

const article = (kind: string): string => (/^[AEIOU]/.test(kind) ? 'an' : 'a');

/** "a Service", "a Service's spec.ports[0]" */
function where(kind: string, path: Path): string {
  const owner = `${article(kind)} ${kind}`;
  return path.length === 0 ? owner : `${owner}'s ${pathText(path)}`;
}

/** A path as its dotted field names, list indices left out. */
function dotted(path: Path): string {
  return path.filter((k) => typeof k === 'string').join('.');
}
