/**
 * The paths README.md and docs/*.md name in backticks exist, so that a newcomer following them
 * lands on a file. A path is read from the project root, src/, src/engine/, src/engine/modules/ or
 * src/engine/cluster/, as the docs shorten them (`rules/parse.ts`, `match/index.ts`,
 * `proxier/service-ports.ts`); a NAME in capitals stands for any name and is not checked.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BASES = ['', 'src/', 'src/engine/', 'src/engine/modules/', 'src/engine/cluster/'];
const FOLDERS = ['src', 'engine', 'ui', 'cli', 'worker', 'scripts', 'tests', 'e2e', 'docs'];
const ENGINE_FOLDERS = ['rules', 'netfilter', 'cluster', 'modules', 'scenario', 'scenarios'];
const SHORT = ['journey', 'proxier', 'match', 'target', 'lessons', 'matchers'];

/** The backticked paths of a Markdown text. */
function namedPaths(markdown: string): string[] {
  const out: string[] = [];
  for (const m of markdown.matchAll(/`([^`\s]+)`/g)) {
    const text = m[1]!;
    const head = text.split('/')[0]!;
    if (!text.includes('/') || /\bNAME\b|[*…]/.test(text)) continue;
    if (![...FOLDERS, ...ENGINE_FOLDERS, ...SHORT].includes(head)) continue;
    out.push(text);
  }
  return out;
}

const exists = (path: string) => BASES.some((b) => existsSync(join(ROOT, b, path)));

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('paths named in the docs', () => {
  it('reads backticked paths and leaves other words alone', () => {
    expect(
      namedPaths(
        'see `rules/parse.ts`, `ui/views/NAME/`, `apps/v1`, `10.0.0.0/8`, `-m tcp` and `src/x.ts`',
      ),
    ).toEqual(['rules/parse.ts', 'src/x.ts']);
  });

  it.each(DOCS)('%s names only paths that exist', (doc) => {
    const paths = namedPaths(readFileSync(join(ROOT, doc), 'utf8'));
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });
});
