import { describe, expect, it } from 'vitest';
import { firstViewFiles, type BundleEntry } from './first-view-preload.ts';

const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  imports: string[] = [],
  css: string[] = [],
): BundleEntry => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

// an entry that imports a shared chunk; the app and a pane loaded by dynamic import; a chunk
// nobody asks for at the start
const bundle: Record<string, BundleEntry> = Object.fromEntries(
  [
    chunk('assets/index.js', '/app/index.html', ['assets/shared.js']),
    chunk('assets/shared.js', null),
    chunk(
      'assets/boot.js',
      '/app/src/ui/boot.tsx',
      ['assets/shared.js', 'assets/i18n.js'],
      ['assets/boot.css'],
    ),
    chunk('assets/i18n.js', null, ['assets/query.js']),
    chunk('assets/query.js', null),
    chunk(
      'assets/pane.js',
      'C:\\app\\src\\ui\\shell\\Pane.tsx',
      ['assets/i18n.js'],
      ['assets/pane.css', 'assets/boot.css'],
    ),
    chunk('assets/monaco.js', '/app/node_modules/monaco-editor/esm/vs/editor.js'),
    { type: 'asset' as const, fileName: 'assets/boot.css' },
  ].map((e) => [e.fileName, e]),
);

describe('firstViewFiles', () => {
  it("names the roots' chunks and what they import, each once, not what the entry loads", () => {
    expect(firstViewFiles(bundle, ['src/ui/boot.tsx', 'src/ui/shell/Pane.tsx'])).toEqual({
      scripts: ['assets/boot.js', 'assets/i18n.js', 'assets/query.js', 'assets/pane.js'],
      styles: ['assets/boot.css', 'assets/pane.css'],
    });
  });

  it('leaves out chunks no root reaches', () => {
    const { scripts } = firstViewFiles(bundle, ['src/ui/shell/Pane.tsx']);
    expect(scripts).toEqual(['assets/pane.js', 'assets/i18n.js', 'assets/query.js']);
    expect(scripts).not.toContain('assets/monaco.js');
  });
});
