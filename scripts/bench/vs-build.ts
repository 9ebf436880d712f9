/**
 * Bundles the subject (vs-subject.ts) for one tree: every `../../src/engine/` import of the files
 * in scripts/bench/ is pointed at that tree's engine (at a file's older home where the tree
 * predates its move), and a revision with its own face file
 * (vs-face-REV.ts, see vs-face.ts) gets that one in place of vs-face.ts.
 */
import { build, type Plugin } from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

/** The face file written for this commit, if there is one: vs-face-<start of its hash>.ts. */
export function faceFor(benchDir: string, commit: string): string | undefined {
  return readdirSync(benchDir).find((f) => {
    const m = /^vs-face-([0-9a-f]{4,40})\.ts$/.exec(f);
    return m !== null && commit.startsWith(m[1]!);
  });
}

/**
 * Where an older tree kept a file the face imports by its current path: before rules/ had its
 * public face (6c77546 and earlier), parseRuleset lived in rules/parse.ts.
 */
const OLDER_HOMES: Record<string, string> = {
  [join('rules', 'index.ts')]: join('rules', 'parse.ts'),
};

export function inTree(tree: string, path: string): string {
  const at = join(tree, 'src', 'engine', path);
  const older = OLDER_HOMES[path];
  return existsSync(at) || older === undefined ? at : join(tree, 'src', 'engine', older);
}

function treePlugin(root: string, tree: string, face: string | undefined): Plugin {
  const engine = join(root, 'src', 'engine') + sep;
  const benchDir = join(root, 'scripts', 'bench');
  return {
    name: 'bench-tree',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (face && args.path === './vs-face.ts' && args.resolveDir === benchDir)
          return { path: join(benchDir, face) };
        const abs = resolve(args.resolveDir, args.path);
        if (tree !== root && abs.startsWith(engine))
          return { path: inTree(tree, abs.slice(engine.length)) };
        return undefined;
      });
    },
  };
}

/** build/bench-vs/NAME.mjs: the subject with `tree`'s engine in it. */
export async function buildSubject(
  root: string,
  tree: string,
  name: string,
  face: string | undefined,
): Promise<string> {
  const outfile = join(root, 'build', 'bench-vs', `${name}.mjs`);
  await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'scripts', 'bench', 'vs-subject.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [treePlugin(root, tree, face)],
    // yaml is CommonJS and calls require(), which an ES module lacks
    banner: {
      js: "import { createRequire as __nlCreateRequire } from 'node:module'; const require = __nlCreateRequire(import.meta.url);",
    },
  });
  return outfile;
}
