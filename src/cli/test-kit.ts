/** Runs the built CLI as a user would: a child process, its exit status, stdout and stderr. */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll } from 'vitest';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const bin = `${root}bin/netfilter-lab.mjs`;

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], stdin?: string): Run {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: root,
    input: stdin ?? '',
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// every test file that runs the CLI builds it first, so a stale build/cli.mjs is never tested
beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: root });
}, 60_000);
