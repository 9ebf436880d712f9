/**
 * The one-folder rule: a module is a file in match/ or target/ named after it, listed once in that
 * folder's index.ts. Fails when a module file is left out of the registry, or the registry names a
 * module no file of its own exports.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { registry } from './registry.ts';
import type { AnyModule } from './types.ts';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Every module a file of the folder exports, by file name (index.ts and tests apart). */
async function exportedModules(folder: 'match' | 'target'): Promise<Map<string, AnyModule[]>> {
  const out = new Map<string, AnyModule[]>();
  const files = readdirSync(join(HERE, folder)).filter(
    (f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'),
  );
  for (const file of files) {
    const exports = (await import(join(HERE, folder, file))) as Record<string, unknown>;
    const mods = Object.values(exports).filter(
      (v): v is AnyModule =>
        typeof v === 'object' && v !== null && 'kind' in v && 'parse' in v && 'save' in v,
    );
    if (mods.length) out.set(file.slice(0, -3), mods);
  }
  return out;
}

describe.each([
  ['match', registry.matches],
  ['target', registry.targets],
] as const)('%s/', (folder, registered) => {
  it('every module file is registered, under its file name, and nothing else is', async () => {
    const files = await exportedModules(folder);
    const fromFiles = [...files].map(([file, mods]) => [file, mods.map((m) => m.name)]);
    expect(fromFiles).toEqual(fromFiles.map(([file]) => [file, [file]]));
    expect([...files.keys()].sort()).toEqual([...registered.keys()].sort());
    for (const [file, [mod]] of files) expect(registered.get(file), file).toBe(mod);
  });
});
