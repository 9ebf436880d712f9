/**
 * Finds and reads the lessons folder for `netfilter-lab lessons`: index.yaml for the order, each
 * lesson folder's files as texts for the engine's reader.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from './usage-error.ts';

/** The lessons folder that ships beside the code: the nearest `lessons/index.yaml` above this module. */
export function defaultLessonsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'lessons', 'index.yaml'))) return join(dir, 'lessons');
    dir = dirname(dir);
  }
  throw new UsageError('no lessons folder found beside the program: give one with --dir DIR');
}

export function checkedDir(dir: string | undefined): string {
  if (dir === undefined) return defaultLessonsDir();
  const abs = resolve(dir);
  if (!existsSync(join(abs, 'index.yaml')))
    throw new UsageError(`${dir} holds no index.yaml: --dir takes the lessons folder`);
  return abs;
}

/** The files of one lesson folder (not its subfolders), by name. */
export function readFolder(root: string, dir: string): Record<string, string> | null {
  const path = join(root, dir);
  if (!existsSync(path) || !statSync(path).isDirectory()) return null;
  const files: Record<string, string> = {};
  for (const name of readdirSync(path)) {
    const file = join(path, name);
    if (statSync(file).isFile()) files[name] = readFileSync(file, 'utf8');
  }
  return files;
}
