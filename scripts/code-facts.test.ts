/**
 * scripts/code-facts.mjs on a small tree built for it (each figure it reports, known in advance)
 * and on this repository, where three figures must hold beside ESLint's rules: no file over 500
 * code lines, no function over 120, no import from outside src/engine/rules/ into its internals.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFacts, factsText } from './code-facts.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A function of `n` code lines, with a comment and a blank line inside that do not count. */
function longFunction(name: string, n: number): string {
  const body = Array.from({ length: n - 2 }, (_, i) => `  total += ${i};`);
  return [`export function ${name}(): number {`, '  // why', '', ...body, '}', ''].join('\n');
}

const TREE: Record<string, string> = {
  'README.md': 'one\ntwo\nthree\n',
  'src/main.tsx': 'export const root = 1;\n',
  'src/engine/rules/index.ts': "export { parse } from './parser.ts';\n",
  'src/engine/rules/model-face.ts': 'export type Model = { rules: number };\n',
  'src/engine/rules/parser.ts':
    '/** reads */\nlet calls = 0;\nexport let lastText = "";\nexport const parse = (t: string) => {\n  calls++;\n  lastText = t;\n  return calls;\n};\n',
  'src/engine/netfilter/walk.ts': [
    "import { parse } from '../rules/parser.ts';",
    "import type { Model } from '../rules/parser.ts';",
    "import { type Model as M2 } from '../rules/parser.ts';",
    "import { parse as p2 } from '../rules/index.ts';",
    "import { b } from './b.ts';",
    'export const walk = (m: Model, n: M2) => parse(String(m.rules + n.rules)) + p2("") + b;',
    '',
  ].join('\n'),
  // a runtime cycle, and a cycle through types only (erased: not one)
  'src/engine/netfilter/b.ts': "import { c } from './c.ts';\nexport const b = c + 1;\n",
  'src/engine/netfilter/c.ts': "import { b } from './b.ts';\nexport const c = () => b;\n",
  'src/engine/netfilter/d.ts': "import type { E } from './e.ts';\nexport type D = E[];\n",
  'src/engine/netfilter/e.ts': "import type { D } from './d.ts';\nexport type E = D | 1;\n",
  'src/engine/netfilter/walk.test.ts': "import { parse } from '../rules/parser.ts';\nparse('');\n",
  // 520 lines, 480 of them code: over 500 raw, not by ESLint's count
  'src/ui/long.ts': [
    '/*',
    ...Array.from({ length: 38 }, () => ' * words'),
    ' */',
    ...Array.from({ length: 480 }, (_, i) => `export const v${i} = ${i};`),
    '',
  ].join('\n'),
  'src/ui/views/graph.ts': `${longFunction('draw', 130)}${longFunction('label', 30)}`,
};

describe('code-facts on a tree made for it', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'code-facts-'));
    for (const [path, text] of Object.entries(TREE)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts files and lines per folder, engine/ one level deeper, tests apart', () => {
    const f = codeFacts(dir);
    expect(f.folders.map((r) => [r.folder, r.files, r.testFiles])).toEqual([
      ['(src root)', 1, 0],
      ['engine/netfilter', 5, 1],
      ['engine/rules', 3, 0],
      ['ui', 2, 0],
    ]);
    expect(f.folders.find((r) => r.folder === 'ui')).toMatchObject({ lines: 520 + 164 });
    expect(f.totals).toMatchObject({ files: 11, testFiles: 1, testLines: 2 });
    expect(f.readmeLines).toBe(3);
    expect(f.largestFolders[0]).toEqual({
      folder: 'src/engine/netfilter',
      files: 5,
      withTests: 6,
    });
  });

  it('finds long files and functions as ESLint counts them (no blanks, no comments)', () => {
    const f = codeFacts(dir);
    expect(f.filesOver500).toEqual([{ file: 'ui/long.ts', lines: 520, codeLines: 480 }]);
    expect(f.longestFunctions.slice(0, 2)).toEqual([
      { name: 'draw', at: 'ui/views/graph.ts:1', lines: 132, codeLines: 130 },
      { name: 'label', at: 'ui/views/graph.ts:133', lines: 32, codeLines: 30 },
    ]);
    expect(f.functionsOver120).toBe(1);
  });

  it("names imports into rules/ internals, the mutable bindings there, and the engine's cycle", () => {
    const f = codeFacts(dir);
    expect(f.importsIntoRulesInternals).toEqual([
      { from: 'engine/netfilter/walk.ts:1', to: 'engine/rules/parser.ts', typeOnly: false },
      { from: 'engine/netfilter/walk.ts:2', to: 'engine/rules/parser.ts', typeOnly: true },
      { from: 'engine/netfilter/walk.ts:3', to: 'engine/rules/parser.ts', typeOnly: true },
    ]);
    expect(f.testImportsIntoRulesInternals.map((i) => i.from)).toEqual([
      'engine/netfilter/walk.test.ts:1',
    ]);
    expect(f.rulesMutableBindings.map((m) => [m.file, m.kind, m.name, m.exported])).toEqual([
      ['engine/rules/parser.ts:2', 'let', 'calls', false],
      ['engine/rules/parser.ts:3', 'let', 'lastText', true],
    ]);
    expect(f.engineImportCycle).toEqual([
      'engine/netfilter/b.ts',
      'engine/netfilter/c.ts',
      'engine/netfilter/b.ts',
    ]);
  });

  it('prints text, or JSON with --json, from the command line', () => {
    const text = factsText(codeFacts(dir));
    expect(text).toContain('ui/long.ts: 520 lines, 480 code');
    expect(text).toContain('engine/netfilter/b.ts -> engine/netfilter/c.ts');
    const json = execFileSync(
      process.execPath,
      [join(ROOT, 'scripts/code-facts.mjs'), dir, '--json'],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(json)).toEqual(codeFacts(dir));
  }, 30_000);
});

describe('this repository', () => {
  // one reading of every source file of src/: slow on a loaded machine
  it('holds its limits: files, functions, and rules/ entered by its faces only', () => {
    const f = codeFacts(ROOT, { withTests: false });
    expect(f.filesOver500.filter((x) => x.codeLines > 500)).toEqual([]);
    expect(f.longestFunctions.filter((x) => x.codeLines > 120)).toEqual([]);
    expect(f.importsIntoRulesInternals).toEqual([]);
    expect(f.totals.files).toBeGreaterThan(100);
  }, 120_000);
});
