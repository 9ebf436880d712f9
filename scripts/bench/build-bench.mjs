// Bundles the benchmark (scripts/bench/bench.ts, the generator and the engine) into one ES
// module, the same way scripts/build-cli.mjs bundles the CLI, so it runs on plain `node` with
// --expose-gc and no TypeScript loader. Output: build/bench.mjs (not dist/, which vite empties).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

// each benchmark saves its rows here as it finishes; an older run's must not reach the page
rmSync(new URL('../../build/bench-results', import.meta.url), { recursive: true, force: true });

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
};

// the parser/printer benchmark and the simulator's
await build({ ...common, entryPoints: ['scripts/bench/bench.ts'], outfile: 'build/bench.mjs' });
await build({
  ...common,
  entryPoints: ['scripts/bench/bench-trace.ts'],
  outfile: 'build/bench-trace.mjs',
});
// the cluster compiler's (issue 4); yaml is CommonJS and calls require(), which an ES module lacks
await build({
  ...common,
  entryPoints: ['scripts/bench/bench-compile.ts'],
  outfile: 'build/bench-compile.mjs',
  banner: {
    js: "import { createRequire as __nlCreateRequire } from 'node:module'; const require = __nlCreateRequire(import.meta.url);",
  },
});
// the side-by-side run (vs.ts), which bundles each tree's subject with esbuild as it runs
await build({
  ...common,
  entryPoints: ['scripts/bench/vs.ts'],
  outfile: 'build/bench-vs.mjs',
  external: ['esbuild'],
});
// docs/benchmarks.md from the rows the three saved; prettier stays a package, not bundled
await build({
  ...common,
  entryPoints: ['scripts/bench/write-benchmarks.ts'],
  outfile: 'build/bench-report.mjs',
  external: ['prettier'],
});
