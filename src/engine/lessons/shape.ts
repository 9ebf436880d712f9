/**
 * Checks a lesson's value against lessons/lesson.schema.json, the JSON Schema generated from
 * types.ts: the file a learner's app reads is held to the same shape the author's editor
 * completes. Only the parts of JSON Schema the generator writes are read. For a union, the
 * problems of the branch that fits best are reported, so a typo in `tcpFlags` is named as such
 * rather than as "not one of 9 shapes".
 */
import schema from '../../../lessons/lesson.schema.json' with { type: 'json' };

type Path = (string | number)[];

export interface ShapeProblem {
  path: Path;
  message: string;
}

interface Schema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
}

const DEFS = (schema as { definitions: Record<string, Schema> }).definitions;

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function shown(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

function typeFits(want: string, got: string): boolean {
  return want === got || (want === 'number' && got === 'integer');
}

function check(s: Schema, v: unknown, path: Path, out: ShapeProblem[]): void {
  if (s.$ref) return check(DEFS[s.$ref.replace('#/definitions/', '')] ?? {}, v, path, out);
  if (s.anyOf) return checkUnion(s.anyOf, v, path, out);
  if (s.const !== undefined && v !== s.const) {
    out.push({ path, message: `expected ${shown(s.const)}, got ${shown(v)}` });
    return;
  }
  if (s.enum && !s.enum.includes(v)) {
    out.push({ path, message: `${shown(v)} is not one of ${s.enum.map(shown).join(', ')}` });
    return;
  }
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  const got = typeOf(v);
  if (types.length > 0 && !types.some((t) => typeFits(t, got))) {
    out.push({ path, message: `expected ${types.join(' or ')}, got ${shown(v)}` });
    return;
  }
  if (got === 'array' && s.items)
    (v as unknown[]).forEach((x, i) => check(s.items!, x, [...path, i], out));
  if (got === 'object') checkObject(s, v as Record<string, unknown>, path, out);
}

function checkObject(s: Schema, v: Record<string, unknown>, path: Path, out: ShapeProblem[]): void {
  for (const key of s.required ?? [])
    if (!(key in v)) out.push({ path, message: `missing "${key}"` });
  for (const [key, value] of Object.entries(v)) {
    const prop = s.properties?.[key];
    if (prop) check(prop, value, [...path, key], out);
    else if (s.additionalProperties === false) {
      const known = Object.keys(s.properties ?? {});
      out.push({
        path: [...path, key],
        message: `unknown field "${key}" (expected ${known.join(', ')})`,
      });
    } else if (typeof s.additionalProperties === 'object')
      check(s.additionalProperties, value, [...path, key], out);
  }
}

function checkUnion(branches: Schema[], v: unknown, path: Path, out: ShapeProblem[]): void {
  let best: ShapeProblem[] | null = null;
  let bestScore = -Infinity;
  for (const b of branches) {
    const found: ShapeProblem[] = [];
    check(b, v, path, found);
    if (found.length === 0) return;
    const score = fit(b, v) * 100 - found.length;
    if (score > bestScore) {
      best = found;
      bestScore = score;
    }
  }
  const keyed = keyedUnion(branches, v);
  if (keyed) out.push({ path: [...path, keyed.key], message: keyed.message });
  else out.push(...(best ?? [{ path, message: `unexpected ${shown(v)}` }]));
}

/**
 * A union told apart by its one key (`send`, `ask`, `answer` …) given an object none of whose
 * keys any branch knows: name the unknown key and the keys that would do.
 */
function keyedUnion(branches: Schema[], v: unknown): { key: string; message: string } | null {
  if (typeOf(v) !== 'object') return null;
  const keys = Object.keys(v as object);
  const known: string[] = [];
  for (const r of flatten(branches)) {
    for (const k of Object.keys(r.properties ?? {})) {
      if (keys.includes(k)) return null;
      if (!known.includes(k)) known.push(k);
    }
  }
  const key = keys[0];
  if (key === undefined || known.length === 0) return null;
  return { key, message: `unknown field "${key}" (expected one of ${known.join(', ')})` };
}

/** How well a value fits a branch before its details: its keys, or at least its type. */
function fit(s: Schema, v: unknown): number {
  const r = s.$ref ? (DEFS[s.$ref.replace('#/definitions/', '')] ?? {}) : s;
  const got = typeOf(v);
  if (r.const !== undefined) return r.const === v ? 3 : 0;
  const types = r.type === undefined ? [] : Array.isArray(r.type) ? r.type : [r.type];
  if (types.length > 0 && !types.some((t) => typeFits(t, got))) return 0;
  if (got !== 'object' || !r.properties) return 1;
  const keys = Object.keys(v as object);
  const required = r.required ?? [];
  const hits = keys.filter((k) => k in r.properties!).length;
  return 1 + (required.every((k) => keys.includes(k)) ? 2 : 0) + hits / Math.max(keys.length, 1);
}

/** A union's branches with referenced and nested unions opened up. */
function flatten(branches: Schema[]): Schema[] {
  return branches.flatMap((b) => {
    const r = b.$ref ? (DEFS[b.$ref.replace('#/definitions/', '')] ?? {}) : b;
    return r.anyOf ? flatten(r.anyOf) : [r];
  });
}

export function validateShape(value: unknown): ShapeProblem[] {
  const out: ShapeProblem[] = [];
  check({ $ref: '#/definitions/Lesson' }, value, [], out);
  return out;
}
