/**
 * The journey's shape: its files import each other in one direction only (no file leads back to
 * itself), and everything outside this folder comes in through index.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The relative modules a file imports or re-exports (type-only ones too), as absolute paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']+)'/gms))
    out.push(resolve(dirname(file), m[1]!));
  return out;
}

const engine = sources(resolve(root, 'src/engine')).filter((f) => !/\.test\.tsx?$/.test(f));
const graph = new Map(engine.map((f) => [f, importsOf(f)]));

/** Whether `from` reaches `to` by following imports. */
function reaches(from: string, to: string): boolean {
  const seen = new Set<string>();
  const todo = [from];
  while (todo.length) {
    const f = todo.pop()!;
    if (f === to) return true;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...(graph.get(f) ?? []));
  }
  return false;
}

describe('the journey module', () => {
  const mine = engine.filter((f) => f.startsWith(`${here}/`));

  it('has no import cycle through any of its files', () => {
    expect(mine.length).toBeGreaterThan(5);
    const cycles = mine.filter((f) => (graph.get(f) ?? []).some((dep) => reaches(dep, f)));
    expect(cycles.map((f) => relative(root, f))).toEqual([]);
  });

  // pod-network-notes.ts imports nothing: the UI shows its sentences without loading the journey
  const faces = [join(here, 'index.ts'), join(here, 'pod-network-notes.ts')];
  it('is reached from outside only through index.ts and pod-network-notes.ts', () => {
    const outside = [
      ...sources(resolve(root, 'src')),
      ...sources(resolve(root, 'tests')),
      ...sources(resolve(root, 'e2e')),
    ].filter((f) => !f.startsWith(`${here}/`));
    const inward = outside.flatMap((f) =>
      importsOf(f)
        .filter((dep) => dep.startsWith(`${here}/`) && !faces.includes(dep))
        .map((dep) => `${relative(root, f)} → ${relative(root, dep)}`),
    );
    expect(inward).toEqual([]);
    // the file the folder replaced is gone, so no one can import it by its old name
    expect(engine.some((f) => f === `${here}.ts`)).toBe(false);
  });
});
