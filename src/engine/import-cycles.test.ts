/**
 * The engine's modules load without a cycle in their runtime imports (type-only imports are
 * erased and may point anywhere, as the match modules' imports of the simulator's types do). A
 * cycle makes load order matter: a module list can meet one of its modules uninitialised.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycle } from '../../scripts/import-graph.mjs';

const ENGINE = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.ts$/.test(e.name) && !/\.(test|bench)\.ts$/.test(e.name) ? [path] : [];
  });
}

/** Relative imports and re-exports that stay after type erasure. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  const statement = /^(import|export)\s+(type\s+)?([^;]*?)\s*from\s*'(\.[^']+)'/gms;
  for (const m of text.matchAll(statement)) {
    if (m[2]) continue;
    const names = m[3]!;
    // `import { type A, type B }` is erased too
    const braced = /^\{([^}]*)\}$/.exec(names.trim());
    if (braced && braced[1]!.split(',').every((n) => !n.trim() || /^type\s/.test(n.trim())))
      continue;
    out.push(resolve(dirname(file), m[4]!));
  }
  return out;
}

describe('engine imports', () => {
  it('finds a cycle when there is one', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findCycle(g)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', ['b']]]))).toBeNull();
  });

  it('have no runtime cycle', () => {
    const graph = new Map(sources(ENGINE).map((f) => [f, runtimeImports(f)]));
    const cycle = findCycle(graph);
    expect(cycle?.map((f) => relative(ENGINE, f)) ?? null).toBeNull();
  });
});
