/**
 * A Vite plugin that names, in index.html, every chunk the first view needs, so the browser
 * fetches them all at once. The app loads them by dynamic import, one after another
 * (src/main.tsx: React's DOM renderer, then the app; src/ui/App.tsx: the two right-hand
 * columns), to evaluate each in a task of its own; without these links each import would also
 * wait for the previous chunk to arrive before its own fetch began. A modulepreload fetches and
 * compiles a module without evaluating it: the order of evaluation stays the app's.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';

/** What this plugin reads of a bundle entry (rolldown's OutputChunk and OutputAsset). */
export interface BundleEntry {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> } | null;
}

export interface FirstViewFiles {
  scripts: string[];
  styles: string[];
}

const slashed = (id: string) => id.replaceAll('\\', '/');

/**
 * The chunks whose entry module's path ends with one of `roots`, and every chunk they import
 * statically, minus those the HTML entry already loads (its own static imports); with the CSS
 * those chunks bring. In the order found: roots first, in the order given.
 */
export function firstViewFiles(
  bundle: Readonly<Record<string, BundleEntry>>,
  roots: readonly string[],
): FirstViewFiles {
  const chunks = Object.values(bundle).filter((e) => e.type === 'chunk');
  const loaded = new Set<string>();
  const entry = chunks.find((c) => c.facadeModuleId && slashed(c.facadeModuleId).endsWith('.html'));
  const mark = (fileName: string) => {
    if (loaded.has(fileName)) return;
    loaded.add(fileName);
    for (const i of bundle[fileName]?.imports ?? []) mark(i);
  };
  if (entry) mark(entry.fileName);
  const scripts: string[] = [];
  const styles: string[] = [];
  const take = (fileName: string) => {
    if (loaded.has(fileName)) return;
    loaded.add(fileName);
    const chunk = bundle[fileName];
    if (!chunk) return;
    scripts.push(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? [])
      if (!styles.includes(css)) styles.push(css);
    for (const i of chunk.imports ?? []) take(i);
  };
  for (const root of roots) {
    const chunk = chunks.find((c) => c.facadeModuleId && slashed(c.facadeModuleId).endsWith(root));
    if (chunk) take(chunk.fileName);
  }
  return { scripts, styles };
}

/**
 * The plugin: `roots` are module paths as they end (`src/ui/boot.tsx`,
 * `react-dom/client.js`). A root missing from the bundle fails the build, so a renamed file
 * cannot quietly turn the preloads off.
 */
export function firstViewPreload(roots: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'first-view-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return undefined;
        const bundle = ctx.bundle as unknown as Record<string, BundleEntry>;
        const missing = roots.filter(
          (r) =>
            !Object.values(bundle).some(
              (e) =>
                e.type === 'chunk' && e.facadeModuleId && slashed(e.facadeModuleId).endsWith(r),
            ),
        );
        if (missing.length > 0)
          throw new Error(`first-view-preload: no chunk is the entry of ${missing.join(', ')}`);
        const { scripts, styles } = firstViewFiles(bundle, roots);
        const tags: HtmlTagDescriptor[] = [
          ...scripts.map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: base + f },
            injectTo: 'head' as const,
          })),
          ...styles.map((f) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: '', href: base + f },
            injectTo: 'head' as const,
          })),
        ];
        return tags;
      },
    },
  };
}
