/**
 * The earlier revisions the side-by-side benchmark (vs.ts) measures: each checked out with
 * `git worktree add --detach` into a temporary folder that borrows this tree's node_modules,
 * and removed again afterwards.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function git(root: string, args: string[]): { ok: boolean; out: string; err: string } {
  const r = spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' });
  return { ok: r.status === 0, out: (r.stdout ?? '').trim(), err: (r.stderr ?? '').trim() };
}

export interface Revision {
  /** as the user wrote it */
  rev: string;
  commit: string;
  /** commit date, YYYY-MM-DD */
  date: string;
}

/** The commit a revision names, or a sentence saying why there is none. */
export function resolveRevision(root: string, rev: string): Revision | string {
  const r = git(root, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]);
  if (!r.ok || !r.out) return `${rev} names no commit in this repository`;
  const date = git(root, ['show', '-s', '--format=%cs', r.out]).out;
  return { rev, commit: r.out, date };
}

/** The commit this tree is at and whether its files differ from it. */
export function headState(root: string): { commit: string; dirty: boolean } {
  return {
    commit: git(root, ['rev-parse', 'HEAD']).out,
    dirty: git(root, ['status', '--porcelain', '--untracked-files=no']).out !== '',
  };
}

/** Checks the commit out into a new temporary worktree; its path, or why it failed. */
export function addWorktree(root: string, commit: string): { dir: string } | string {
  const dir = join(mkdtempSync(join(tmpdir(), 'nl-bench-vs-')), commit.slice(0, 12));
  const r = git(root, ['worktree', 'add', '--detach', '--quiet', dir, commit]);
  if (!r.ok) return `git worktree add failed: ${r.err}`;
  symlinkSync(realpathSync(join(root, 'node_modules')), join(dir, 'node_modules'), 'dir');
  return { dir };
}

export function removeWorktree(root: string, dir: string): void {
  git(root, ['worktree', 'remove', '--force', dir]);
  rmSync(join(dir, '..'), { recursive: true, force: true });
  git(root, ['worktree', 'prune']);
}
