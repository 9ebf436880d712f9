// Bundles the command line (src/cli/main.ts and the engine it uses) into ES modules, so that
// `npx netfilter-lab` starts in a few tens of milliseconds with no TypeScript loader. Split per
// command (src/cli/commands/index.ts loads each when it runs): `print` reads and compiles only
// the parser and printers, not the cluster compiler and the YAML reader.
// Runs on `npm install` / `npm ci` (the `prepare` script). Output: build/cli.mjs and its chunks
// in build/cli-chunks/ — not dist/, which `vite build` empties for the web app.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// chunk names carry a content hash: the old ones would pile up
rmSync(new URL('../build/cli-chunks', import.meta.url), { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli/main.ts' },
  outdir: 'build',
  chunkNames: 'cli-chunks/[name]-[hash]',
  splitting: true,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // CommonJS packages in the bundle (yaml) call require(); an ES module has none of its own
  banner: {
    js: "import { createRequire as __nlCreateRequire } from 'node:module'; const require = __nlCreateRequire(import.meta.url);",
  },
});
