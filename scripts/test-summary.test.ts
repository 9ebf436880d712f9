import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarise } from './test-summary.mjs';

const vitest = (passed: number, failed = 0) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [],
});
const playwright = (expected: number, errors: object[] = []) => ({
  stats: { expected, unexpected: 0, flaky: 0, skipped: 0 },
  errors,
});
const last = (lines: string[]) => lines[lines.length - 1];

describe('the closing summary line', () => {
  it('says 0 failed only when every runner ran tests and passed', () => {
    const { lines, failed } = summarise(
      [
        { name: 'unit', file: 'u.json', report: vitest(10) },
        { name: 'e2e', file: 'e.json', report: playwright(3) },
      ],
      [],
    );
    expect(failed).toBe(0);
    expect(last(lines)).toBe('tests: 13 passed, 0 failed');
  });

  it('counts an e2e run whose web server never started (no test, an error) as failed', () => {
    const { lines } = summarise(
      [
        { name: 'unit', file: 'u.json', report: vitest(1602) },
        {
          name: 'e2e',
          file: 'e.json',
          report: playwright(0, [{ message: 'http://127.0.0.1:4173 is already used' }]),
        },
      ],
      ['e2e'],
    );
    expect(last(lines)).toBe('tests: 1602 passed, 1 failed');
    expect(lines).toContain('e2e: 0 passed, 1 failed (1 error(s) outside its tests; ran no test)');
  });

  it('counts a runner that ran no test as failed even when it exited 0', () => {
    const { lines, failed } = summarise(
      [{ name: 'kernel', file: 'k.json', report: vitest(0) }],
      [],
    );
    expect(failed).toBe(1);
    expect(last(lines)).toBe('tests: 0 passed, 1 failed');
  });

  it('counts a runner that left no report as failed', () => {
    const { lines } = summarise(
      [
        { name: 'unit', file: 'u.json', report: vitest(5) },
        { name: 'e2e', file: 'missing.json', report: undefined },
      ],
      [],
    );
    expect(last(lines)).toBe('tests: 5 passed, 1 failed');
  });

  it('counts a runner that exited non-zero with all tests passed, and each failed check', () => {
    const { lines } = summarise(
      [{ name: 'unit', file: 'u.json', report: vitest(5) }],
      ['unit', 'lint', 'typecheck'],
    );
    expect(lines).toContain('checks failed: lint, typecheck (each counted as 1 failed)');
    expect(last(lines)).toBe('tests: 5 passed, 3 failed');
  });

  it('exits non-zero from the command line when a runner did not run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'summary-'));
    writeFileSync(join(dir, 'unit.json'), JSON.stringify(vitest(2)));
    let status = 0;
    let out = '';
    try {
      execFileSync(
        process.execPath,
        ['scripts/test-summary.mjs', `unit=${dir}/unit.json`, `e2e=${dir}/e2e.json`],
        { encoding: 'utf8' },
      );
    } catch (e) {
      const err = e as { status: number; stdout: string };
      status = err.status;
      out = err.stdout;
    }
    expect(status).toBe(1);
    expect(out.trim().split('\n').pop()).toBe('tests: 2 passed, 1 failed');
  });

  it('counts the lessons check report as a runner: one test per lesson', () => {
    const lessons = (passed: number, failed: number) => ({
      kind: 'lessons',
      passed,
      failed,
      lessons: [],
    });
    const { lines, failed } = summarise(
      [
        { name: 'unit', file: 'u.json', report: vitest(10) },
        { name: 'lessons', file: 'l.json', report: lessons(2, 1) },
      ],
      ['lessons'],
    );
    expect(failed).toBe(1);
    expect(lines).toContain('lessons: 2 passed, 1 failed');
    expect(last(lines)).toBe('tests: 12 passed, 1 failed');
  });

  it('counts a lessons check that left no report, or checked no lesson, as failed', () => {
    const none = summarise([{ name: 'lessons', file: 'l.json', report: undefined }], ['lessons']);
    expect(last(none.lines)).toBe('tests: 0 passed, 1 failed');
    const empty = summarise(
      [{ name: 'lessons', file: 'l.json', report: { kind: 'lessons', passed: 0, failed: 0 } }],
      [],
    );
    expect(last(empty.lines)).toBe('tests: 0 passed, 1 failed');
  });
});
