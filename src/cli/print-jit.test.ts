/**
 * batch-jit.ts: `print` turns TurboFan's inlining off before it reads. With V8's trace of
 * inlining decisions on (and compiling on the main thread, so every decision is made before the
 * process exits), print makes none, while `parse`, which keeps V8's defaults, makes many on the
 * same dump: the trace does see them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKubeDump } from '../../scripts/bench/generate-kube.ts';
import { bin, root } from './test-kit.ts';

const dir = mkdtempSync(join(tmpdir(), 'print-jit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How many inlining decisions V8 reports while the CLI runs `command` on a kube-proxy dump. */
function inliningDecisions(command: string): number {
  const file = join(dir, 'dump.rules');
  writeFileSync(file, generateKubeDump({ rules: 5000 }).text);
  const r = spawnSync(
    process.execPath,
    ['--trace-turbo-inlining', '--no-concurrent-recompilation', bin, command, file],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 },
  );
  expect(r.status).toBe(0);
  return r.stdout.match(/^Considering /gm)?.length ?? 0;
}

describe('the JIT setting of print', () => {
  it('print reads a big dump with no function inlined into another', () => {
    expect(inliningDecisions('parse')).toBeGreaterThan(0);
    expect(inliningDecisions('print')).toBe(0);
  }, 60_000);
});
