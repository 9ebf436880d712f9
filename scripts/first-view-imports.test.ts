/**
 * The page's first view (the modules vite.config.ts preloads) runs on the main thread; the engine
 * runs in the worker. This follows the first view's static value imports (not `import type`, not
 * a dynamic `import()`) and checks that none reaches the parts of the engine that only the worker
 * or a later click needs: the rules parser, the lessons runner, the journey, the Docker model.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const FIRST_VIEW = ['src/ui/boot.tsx', 'src/ui/shell/ViewsPane.tsx', 'src/ui/shell/TracePane.tsx'];

/** The relative modules a file imports for their values, as paths from the repository root. */
function valueImports(file: string): string[] {
  const text = readFileSync(resolve(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const node of source.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typesOnly =
        clause?.isTypeOnly ||
        (clause !== undefined &&
          !clause.name &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typesOnly) spec = node.moduleSpecifier;
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly) {
      const named = node.exportClause;
      const typesOnly =
        named !== undefined &&
        ts.isNamedExports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (!typesOnly) spec = node.moduleSpecifier;
    }
    if (spec && ts.isStringLiteral(spec) && spec.text.startsWith('.'))
      found.push(relative(ROOT, resolve(ROOT, dirname(file), spec.text)));
  }
  return found;
}

function reachable(roots: readonly string[]): Set<string> {
  const seen = new Set(roots);
  const queue = [...roots];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (!/\.tsx?$/.test(file)) continue;
    for (const next of valueImports(file)) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

describe('the first view', () => {
  const modules = reachable(FIRST_VIEW);

  it('follows value imports into the UI and the small engine files it uses', () => {
    expect(modules).toContain('src/ui/App.tsx');
    expect(modules).toContain('src/ui/views/chain-graph/ChainGraph.tsx');
    expect(modules).toContain('src/engine/rules/model-face.ts');
  });

  it.each([
    'src/engine/rules/index.ts',
    'src/engine/rules/parse.ts',
    'src/engine/lessons/index.ts',
    'src/engine/cluster/journey/index.ts',
    'src/engine/docker/index.ts',
    'src/engine/netfilter/index.ts',
  ])('does not load %s', (module) => {
    expect(modules).not.toContain(module);
  });

  it('reaches few engine modules', () => {
    const engine = [...modules].filter((m) => m.startsWith('src/engine/'));
    expect(engine.length).toBeLessThan(60);
  });
});
