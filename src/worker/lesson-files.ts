/**
 * The lesson files bundled with the app: every file under lessons/, as text, fetched the first
 * time lessons are asked for (the workspace alone never loads them). The runner reads these the
 * way the CLI reads the folder from disk.
 */
import type { LessonFiles } from '../engine/lessons/index.ts';

const bundled = import.meta.glob<string>(
  ['../../lessons/**/*', '!../../lessons/**/*.md', '!../../lessons/**/*.json'],
  { query: '?raw', import: 'default' },
);

export interface BundledLessons {
  index: string | null;
  folders: LessonFiles[];
}

/** Splits `../../lessons/04-clusterip/cluster.yaml` into folder and file name. */
function placeOf(path: string): { dir: string; file: string } | null {
  const rest = path.replace(/^(\.\.\/)+lessons\//, '');
  const slash = rest.indexOf('/');
  if (slash < 0) return { dir: '', file: rest };
  return { dir: rest.slice(0, slash), file: rest.slice(slash + 1) };
}

/** Groups `files` (path → text) into the index and one entry per lesson folder. */
export function groupLessonFiles(files: Record<string, string>): BundledLessons {
  let index: string | null = null;
  const folders = new Map<string, Record<string, string>>();
  for (const [path, text] of Object.entries(files)) {
    const at = placeOf(path);
    if (!at) continue;
    if (at.dir === '') {
      if (at.file === 'index.yaml') index = text;
      continue;
    }
    const folder = folders.get(at.dir) ?? {};
    folder[at.file] = text;
    folders.set(at.dir, folder);
  }
  return { index, folders: [...folders].map(([dir, f]) => ({ dir, files: f })) };
}

let loading: Promise<BundledLessons> | null = null;

export function bundledLessons(): Promise<BundledLessons> {
  loading ??= (async () => {
    const entries = await Promise.all(
      Object.entries(bundled).map(async ([path, load]) => [path, await load()] as const),
    );
    return groupLessonFiles(Object.fromEntries(entries));
  })();
  return loading;
}
