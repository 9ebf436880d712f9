// Small wrappers around child_process for the kernel harness: every command gets its argv as a
// list (no shell), and a failure says which command failed and what it printed on stderr.
import { execFileSync, spawnSync } from 'node:child_process';

export interface RunOptions {
  input?: string;
  /** Return the result instead of throwing when the command exits non-zero. */
  allowFailure?: boolean;
  timeoutMs?: number;
}

export interface RunResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function run(argv: readonly string[], options: RunOptions = {}): RunResult {
  const [cmd, ...args] = argv;
  if (cmd === undefined) throw new Error('run: empty argv');
  const result = spawnSync(cmd, args, {
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 20_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const out: RunResult = {
    status: result.status ?? -1,
    stdout: result.stdout ?? '',
    stderr: (result.stderr ?? '') + (result.error ? String(result.error) : ''),
  };
  if (out.status !== 0 && !options.allowFailure) {
    throw new Error(`command failed (${out.status}): ${argv.join(' ')}\n${out.stderr.trim()}`);
  }
  return out;
}

/** argv that runs `argv` inside network namespace `ns`. */
export function inNetns(ns: string, argv: readonly string[]): string[] {
  return ['ip', 'netns', 'exec', ns, ...argv];
}

export function runIn(ns: string, argv: readonly string[], options: RunOptions = {}): RunResult {
  return run(inNetns(ns, argv), options);
}

/** True when `name` resolves to an executable on PATH (or is an absolute executable path). */
export function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v "$1"`, 'sh', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
