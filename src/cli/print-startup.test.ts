/**
 * What `print` reads and compiles before it starts: the built command's chunk and the chunks it
 * imports statically (scripts/build-cli.mjs splits the bundle per command). The simulator, needed
 * only with --ipsets, is loaded when that option is given (ipset-options.ts), so printing a small
 * dump does not pay for it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, root } from './test-kit.ts';

const chunks = join(root, 'build/cli-chunks');

/** The source files bundled into `chunk` and every chunk it imports statically. */
function staticSources(chunk: string, seen = new Set<string>()): string[] {
  if (seen.has(chunk)) return [];
  seen.add(chunk);
  const text = readFileSync(join(chunks, chunk), 'utf8');
  // esbuild heads each bundled file with a comment naming it
  const own = [...text.matchAll(/^\/\/ (src\/\S+)$/gm)].map((m) => m[1]!);
  const imported = [...text.matchAll(/^(?:import|\}) (?:from )?"\.\/(chunk-[\w-]+\.mjs)";$/gm)];
  return [...own, ...imported.flatMap((m) => staticSources(m[1]!, seen))];
}

describe('print at start-up', () => {
  it('reads the parser and printers, not the simulator', () => {
    // a call that builds the CLI first (test-kit.ts)
    expect(cli(['print', '--help']).status).toBe(0);
    const print = readdirSync(chunks).find((f) => /^print-[\w-]+\.mjs$/.test(f));
    expect(print).toBeDefined();
    const sources = staticSources(print!);
    expect(sources).toContain('src/engine/rules/save-parser.ts');
    expect(sources.filter((s) => s.startsWith('src/engine/netfilter/'))).toEqual([]);
  });

  it('still reads --ipsets, loading the set reader when asked', () => {
    const r = cli([
      'print',
      'tests/fixtures/cli/policy-sets.rules',
      '--ipsets',
      'tests/fixtures/cli/policy-sets.ipset',
    ]);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('no ipset text defines set "KUBE-SRC-MISSING"');
  });
});
