// The facts a reviewer asks of the code's shape, measured from the source of src/ alone, so that
// the same command runs on any checkout (an older commit's worktree too):
//   node scripts/code-facts.mjs [DIR] [--json]
// DIR is the project root (this checkout's when left out). Tests (*.test.ts, *.bench.ts,
// test-kit.ts) are counted apart, as the size rules in eslint.config.js leave them out. "Code
// lines" leave out blank lines and lines holding only comments, as ESLint's max-lines counts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { findCycle } from './import-graph.mjs';

/** The limits the project holds (eslint.config.js): lines of a file, lines of a function. */
export const FILE_LIMIT = 500;
export const FUNCTION_LIMIT = 120;
/** rules/ may be entered only through these files. */
const RULES_FACES = ['index.ts', 'model-face.ts'];

/** @param {string} file */
export const isTestFile = (file) =>
  /\.(test|bench)\.tsx?$/.test(file) || basename(file) === 'test-kit.ts';

/** @param {string} dir @returns {string[]} every .ts/.tsx file under dir */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * The comments of a file, as [start, end) pairs. Comments sit only in the trivia before a token:
 * the stretches of a node's text between its child nodes hold only punctuation, keywords and
 * trivia, so the plain scanner reads them safely (no regular expression or template is cut in
 * two), and a leaf node's own leading trivia is read up to its first token.
 * @param {ts.SourceFile} sf
 */
function comments(sf) {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, sf.languageVariant, sf.text);
  /** @type {number[]} */
  const out = [];
  const scan = (
    /** @type {number} */ from,
    /** @type {number} */ to,
    /** @type {boolean} */ leafOnly,
  ) => {
    if (to <= from) return;
    scanner.resetTokenState(from);
    for (;;) {
      const kind = scanner.scan();
      if (kind === ts.SyntaxKind.EndOfFileToken || scanner.getTokenStart() >= to) return;
      if (
        kind === ts.SyntaxKind.SingleLineCommentTrivia ||
        kind === ts.SyntaxKind.MultiLineCommentTrivia
      )
        out.push(scanner.getTokenStart(), scanner.getTokenEnd());
      else if (
        leafOnly &&
        kind !== ts.SyntaxKind.WhitespaceTrivia &&
        kind !== ts.SyntaxKind.NewLineTrivia
      )
        return;
    }
  };
  const visit = (/** @type {ts.Node} */ node) => {
    let at = node.pos;
    let leaf = true;
    ts.forEachChild(node, (child) => {
      leaf = false;
      scan(at, child.pos, false);
      visit(child);
      at = child.end;
    });
    if (leaf) scan(node.pos, node.end, true);
    else scan(at, node.end, false);
  };
  visit(sf);
  return out;
}

/**
 * For each line (0-based), whether it holds code: a character that is neither a space nor part
 * of a comment.
 * @param {ts.SourceFile} sf
 */
function codeLines(sf) {
  const text = sf.text;
  const starts = sf.getLineStarts();
  const inComment = new Uint8Array(text.length);
  const c = comments(sf);
  for (let i = 0; i < c.length; i += 2) inComment.fill(1, c[i], c[i + 1]);
  const code = new Uint8Array(starts.length);
  for (let line = 0; line < starts.length; line++) {
    const to = starts[line + 1] ?? text.length;
    for (let i = starts[line]; i < to; i++) {
      const ch = text.charCodeAt(i);
      if (!inComment[i] && ch !== 32 && ch !== 9 && ch !== 10 && ch !== 13) {
        code[line] = 1;
        break;
      }
    }
  }
  return code;
}

/** @param {Uint8Array} code @param {number} first @param {number} last */
const countCode = (code, first, last) => {
  let n = 0;
  for (let i = first; i <= last; i++) n += code[i];
  return n;
};

/** The name a function is known by: its own, its variable's, its property's, its class's. */
function functionName(/** @type {ts.Node} */ fn, /** @type {ts.SourceFile} */ sf) {
  const own = /** @type {{ name?: ts.Node }} */ (fn).name;
  const holder = ts.isClassLike(fn.parent) && fn.parent.name ? `${fn.parent.name.text}.` : '';
  if (ts.isConstructorDeclaration(fn)) return `${holder}constructor`;
  if (own) return `${holder}${own.getText(sf)}`;
  const p = fn.parent;
  if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p))
    return p.name.getText(sf);
  if (ts.isCallExpression(p)) return `(argument of ${p.expression.getText(sf).slice(0, 40)})`;
  return '(anonymous)';
}

/** @param {ts.Node} n */
const isFunction = (n) =>
  ts.isFunctionDeclaration(n) ||
  ts.isFunctionExpression(n) ||
  ts.isArrowFunction(n) ||
  ts.isMethodDeclaration(n) ||
  ts.isConstructorDeclaration(n) ||
  ts.isGetAccessorDeclaration(n) ||
  ts.isSetAccessorDeclaration(n);

/**
 * The relative imports of a file: specifier, whether only types come through it (erased at
 * run time), and the file it names. Static imports, re-exports and `import('…')` with a literal.
 * @param {ts.SourceFile} sf
 * @param {string} file
 */
function importsOf(sf, file) {
  /** @type {{ spec: string; typeOnly: boolean; target: string | null; line: number }[]} */
  const out = [];
  const add = (/** @type {ts.Node} */ at, /** @type {string} */ spec, typeOnly = false) => {
    if (!spec.startsWith('.')) return;
    const line = sf.getLineAndCharacterOfPosition(at.getStart(sf)).line + 1;
    out.push({ spec, typeOnly, target: resolveImport(file, spec), line });
  };
  const visit = (/** @type {ts.Node} */ n) => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      const c = n.importClause;
      const bindings = c?.namedBindings;
      const allTypes =
        !!c &&
        !c.name &&
        !!bindings &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((e) => e.isTypeOnly);
      add(n, n.moduleSpecifier.text, !!c?.isTypeOnly || allTypes);
    } else if (
      ts.isExportDeclaration(n) &&
      n.moduleSpecifier &&
      ts.isStringLiteral(n.moduleSpecifier)
    ) {
      const named = n.exportClause && ts.isNamedExports(n.exportClause) ? n.exportClause : null;
      const allTypes =
        !!named && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      add(n, n.moduleSpecifier.text, n.isTypeOnly || allTypes);
    } else if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] &&
      ts.isStringLiteral(n.arguments[0])
    )
      add(n, n.arguments[0].text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** @param {string} from @param {string} spec @returns {string | null} */
function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  const tries = [
    base,
    base.replace(/\.js$/, '.ts'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
  ];
  return tries.find((p) => /\.tsx?$/.test(p) && existsSync(p)) ?? null;
}

/** Module-level `let`/`var` and `export let`/`export var` of a file. @param {ts.SourceFile} sf */
function mutableBindings(sf) {
  const out = [];
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const flags = st.declarationList.flags;
    if (flags & (ts.NodeFlags.Const | ts.NodeFlags.Using)) continue;
    const exported = !!st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const kind = flags & ts.NodeFlags.Let ? 'let' : 'var';
    for (const d of st.declarationList.declarations)
      out.push({
        name: d.name.getText(sf),
        kind,
        exported,
        line: sf.getLineAndCharacterOfPosition(d.getStart(sf)).line + 1,
      });
  }
  return out;
}

/** Where a file counts in the per-folder table: engine/ one level deeper, else src/'s folder. */
function folderOf(/** @type {string} */ rel) {
  const parts = rel.split('/');
  if (parts.length === 1) return '(src root)';
  if (parts[0] === 'engine') return parts.length === 2 ? 'engine (root)' : `engine/${parts[1]}`;
  return parts[0];
}

/** Reads one file: its lines, code lines, functions, imports and module-level bindings. */
function readFile(/** @type {string} */ path, /** @type {string} */ src) {
  const text = readFileSync(path, 'utf8');
  const sf = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const code = codeLines(sf);
  const rel = relative(src, path).split(sep).join('/');
  const functions = [];
  const visit = (/** @type {ts.Node} */ n) => {
    if (isFunction(n)) {
      const first = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(n.end).line;
      functions.push({
        name: functionName(n, sf),
        at: `${rel}:${first + 1}`,
        lines: last - first + 1,
        codeLines: countCode(code, first, last),
      });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const lines = text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  return {
    rel,
    test: isTestFile(path),
    lines,
    codeLines: countCode(code, 0, code.length - 1),
    functions,
    imports: importsOf(sf, path),
    mutable: rel.startsWith('engine/rules/') ? mutableBindings(sf) : [],
  };
}

/** @param {ReturnType<typeof readFile>[]} files */
function perFolder(files) {
  /** @type {Map<string, { folder: string; files: number; lines: number; codeLines: number; testFiles: number; testLines: number }>} */
  const rows = new Map();
  for (const f of files) {
    const folder = folderOf(f.rel);
    const row = rows.get(folder) ?? {
      folder,
      files: 0,
      lines: 0,
      codeLines: 0,
      testFiles: 0,
      testLines: 0,
    };
    if (f.test) {
      row.testFiles++;
      row.testLines += f.lines;
    } else {
      row.files++;
      row.lines += f.lines;
      row.codeLines += f.codeLines;
    }
    rows.set(folder, row);
  }
  return [...rows.values()].sort((a, b) => a.folder.localeCompare(b.folder));
}

/** @param {ReturnType<typeof readFile>[]} files */
function largestFolders(files) {
  /** @type {Map<string, { folder: string; files: number; withTests: number }>} */
  const counts = new Map();
  for (const f of files) {
    const folder = dirname(f.rel) === '.' ? 'src' : `src/${dirname(f.rel)}`;
    const c = counts.get(folder) ?? { folder, files: 0, withTests: 0 };
    c.withTests++;
    if (!f.test) c.files++;
    counts.set(folder, c);
  }
  return [...counts.values()]
    .sort((a, b) => b.files - a.files || a.folder.localeCompare(b.folder))
    .slice(0, 3);
}

/**
 * The facts of the checkout at `root`; `withTests: false` leaves the test files unread (their
 * figures are then empty).
 * @param {string} root
 */
export function codeFacts(root, { withTests = true } = {}) {
  const src = join(root, 'src');
  const files = sources(src)
    .filter((p) => withTests || !isTestFile(p))
    .map((p) => readFile(p, src));
  const code = files.filter((f) => !f.test);
  const over = (/** @type {typeof files} */ list) =>
    list
      .filter((f) => f.lines > FILE_LIMIT || f.codeLines > FILE_LIMIT)
      .map((f) => ({ file: f.rel, lines: f.lines, codeLines: f.codeLines }))
      .sort((a, b) => b.codeLines - a.codeLines);
  const byLength = (/** @type {typeof files} */ list) =>
    list.flatMap((f) => f.functions).sort((a, b) => b.codeLines - a.codeLines || b.lines - a.lines);
  const rulesDir = 'engine/rules/';
  const intoRules = files.flatMap((f) =>
    f.rel.startsWith(rulesDir)
      ? []
      : f.imports
          .filter((i) => i.target !== null)
          .map((i) => ({
            ...i,
            to: relative(src, /** @type {string} */ (i.target))
              .split(sep)
              .join('/'),
          }))
          .filter(
            (i) => i.to.startsWith(rulesDir) && !RULES_FACES.includes(i.to.slice(rulesDir.length)),
          )
          .map((i) => ({
            from: `${f.rel}:${i.line}`,
            to: i.to,
            typeOnly: i.typeOnly,
            test: f.test,
          })),
  );
  const engine = files.filter((f) => f.rel.startsWith('engine/') && !f.test);
  const graph = new Map(
    engine.map((f) => [
      f.rel,
      f.imports
        .filter((i) => !i.typeOnly && i.target)
        .map((i) =>
          relative(src, /** @type {string} */ (i.target))
            .split(sep)
            .join('/'),
        ),
    ]),
  );
  const readme = join(root, 'README.md');
  return {
    root,
    folders: perFolder(files),
    totals: {
      files: code.length,
      lines: code.reduce((n, f) => n + f.lines, 0),
      codeLines: code.reduce((n, f) => n + f.codeLines, 0),
      testFiles: files.length - code.length,
      testLines: files.filter((f) => f.test).reduce((n, f) => n + f.lines, 0),
    },
    filesOver500: over(code),
    testFilesOver500: over(files.filter((f) => f.test)),
    longestFunctions: byLength(code).slice(0, 10),
    functionsOver120: byLength(code).filter((f) => f.codeLines > FUNCTION_LIMIT).length,
    importsIntoRulesInternals: intoRules.filter((i) => !i.test).map(({ test: _test, ...i }) => i),
    testImportsIntoRulesInternals: intoRules
      .filter((i) => i.test)
      .map(({ test: _test, ...i }) => i),
    rulesMutableBindings: code.flatMap((f) =>
      f.mutable.map((m) => ({ file: `${f.rel}:${m.line}`, ...m })),
    ),
    largestFolders: largestFolders(files),
    engineImportCycle: findCycle(graph),
    readmeLines: existsSync(readme) ? readFileSync(readme, 'utf8').split('\n').length - 1 : null,
  };
}

/** The facts as plain text. @param {ReturnType<typeof codeFacts>} f */
export function factsText(f) {
  const pad = (/** @type {unknown} */ v, /** @type {number} */ n) => String(v).padStart(n);
  const out = [`Code facts of ${f.root} (src/; tests apart)`, ''];
  out.push('Files and lines per folder (lines raw / code; tests: files, lines)');
  for (const r of f.folders)
    out.push(
      `  ${r.folder.padEnd(20)} ${pad(r.files, 4)} files ${pad(r.lines, 7)} / ${pad(r.codeLines, 6)}   tests ${pad(r.testFiles, 4)} ${pad(r.testLines, 7)}`,
    );
  const t = f.totals;
  out.push(
    `  ${'total'.padEnd(20)} ${pad(t.files, 4)} files ${pad(t.lines, 7)} / ${pad(t.codeLines, 6)}   tests ${pad(t.testFiles, 4)} ${pad(t.testLines, 7)}`,
    '',
  );
  const files = (/** @type {typeof f.filesOver500} */ list) =>
    list.length
      ? list.map((x) => `  ${x.file}: ${x.lines} lines, ${x.codeLines} code`)
      : ['  none'];
  out.push(`Files over ${FILE_LIMIT} lines (raw or code)`, ...files(f.filesOver500));
  out.push(`Test files over ${FILE_LIMIT} lines`, ...files(f.testFilesOver500), '');
  out.push(
    `The 10 longest functions (code lines, raw lines); ${f.functionsOver120} over ${FUNCTION_LIMIT}`,
  );
  for (const x of f.longestFunctions)
    out.push(`  ${pad(x.codeLines, 4)} ${pad(x.lines, 4)}  ${x.name}  ${x.at}`);
  out.push('');
  const imports = (/** @type {typeof f.importsIntoRulesInternals} */ list) =>
    list.length
      ? list.map((i) => `  ${i.from} -> ${i.to}${i.typeOnly ? ' (types only)' : ''}`)
      : ['  none'];
  out.push(
    'Imports from outside src/engine/rules/ into its internals (not index.ts, model-face.ts)',
  );
  out.push(
    `  ${f.importsIntoRulesInternals.length} from code, ${f.testImportsIntoRulesInternals.length} from tests`,
  );
  out.push(...imports(f.importsIntoRulesInternals));
  out.push('  from tests:', ...imports(f.testImportsIntoRulesInternals).map((l) => `  ${l}`), '');
  out.push('Module-level let/var in src/engine/rules/ (exported ones marked)');
  out.push(
    ...(f.rulesMutableBindings.length
      ? f.rulesMutableBindings.map(
          (m) => `  ${m.file} ${m.exported ? 'export ' : ''}${m.kind} ${m.name}`,
        )
      : ['  none']),
    '',
  );
  out.push('Largest folders by file count (code files; with tests)');
  for (const x of f.largestFolders) out.push(`  ${x.folder}: ${x.files} (${x.withTests})`);
  out.push(
    '',
    `Runtime import cycle in src/engine: ${f.engineImportCycle ? f.engineImportCycle.join(' -> ') : 'none'}`,
  );
  out.push(`README.md: ${f.readmeLines ?? 'none'} lines`);
  return out.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const dir =
    args.find((a) => !a.startsWith('--')) ?? join(dirname(fileURLToPath(import.meta.url)), '..');
  const facts = codeFacts(resolve(dir));
  console.log(args.includes('--json') ? JSON.stringify(facts, null, 2) : factsText(facts));
}
