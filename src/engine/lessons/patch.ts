/**
 * Applies a lesson's edits to the scenario text: a field of one Kubernetes document in the
 * cluster YAML (by kind and name), or a whole line of a dump. An edit that finds nothing to
 * change is a problem, not a silent no-op: a solution that edits nothing would prove nothing.
 */
import { isMap, parseAllDocuments } from 'yaml';
import type { Patch } from './types.ts';

export type Patched = string | { problem: string };

export function applyPatches(
  text: string,
  patches: readonly Patch[],
  into: 'cluster' | 'rules',
): Patched {
  let out = text;
  for (const p of patches) {
    const next =
      'doc' in p
        ? into === 'cluster'
          ? patchDoc(out, p)
          : { problem: 'a YAML edit in a dump lesson' }
        : patchLine(out, p);
    if (typeof next !== 'string') return next;
    out = next;
  }
  return out;
}

function pathOf(path: string): (string | number)[] {
  return path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function patchDoc(text: string, p: Extract<Patch, { doc: unknown }>): Patched {
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs)) return { problem: 'the cluster YAML is empty' };
  const target = docs.find(
    (d) =>
      isMap(d.contents) &&
      d.get('kind') === p.doc.kind &&
      d.getIn(['metadata', 'name']) === p.doc.name,
  );
  if (!target) return { problem: `no ${p.doc.kind} named ${p.doc.name} in the cluster YAML` };
  if (target.errors.length > 0)
    return { problem: `the ${p.doc.kind} ${p.doc.name} does not parse` };
  if (p.value === null) target.deleteIn(pathOf(p.path));
  else target.setIn(pathOf(p.path), p.value);
  return docs.map((d) => d.toString()).join('---\n');
}

function patchLine(text: string, p: Exclude<Patch, { doc: unknown }>): Patched {
  const lines = text.split('\n');
  if ('replaceLine' in p) {
    const i = lines.findIndex((l) => l.trim() === p.replaceLine.from.trim());
    if (i < 0) return { problem: `no line "${p.replaceLine.from}" to replace` };
    lines[i] = p.replaceLine.to;
    return lines.join('\n');
  }
  const i = lines.findIndex((l) => l.trim() === p.addLine.after.trim());
  if (i < 0) return { problem: `no line "${p.addLine.after}" to add after` };
  lines.splice(i + 1, 0, p.addLine.line);
  return lines.join('\n');
}
