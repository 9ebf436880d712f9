// Bundles the command line (src/cli/main.ts and the engine it uses) into one ES module, so that
// `npx netfilter-lab` starts in a few tens of milliseconds with no TypeScript loader.
// Runs on `npm install` / `npm ci` (the `prepare` script). Output: build/cli.mjs — not dist/,
// which `vite build` empties for the web app.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/main.ts'],
  outfile: 'build/cli.mjs',
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
