import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, root } from './test-kit.ts';

/** A copy of the shipped lessons folder, with one lesson file changed. */
function brokenCopy(dir: string, change: (text: string) => string): string {
  const copy = mkdtempSync(join(tmpdir(), 'lessons-'));
  cpSync(join(root, 'lessons'), copy, { recursive: true });
  const file = join(copy, dir, 'lesson.yaml');
  writeFileSync(file, change(readFileSync(file, 'utf8')));
  return copy;
}

describe('netfilter-lab lessons', { timeout: 60_000 }, () => {
  it('lists the lessons as JSON: id, version, both titles, steps, seeds', () => {
    const r = cli(['lessons', '--json']);
    expect(r.status).toBe(0);
    const rows = JSON.parse(r.stdout) as {
      id: string;
      title: { en: string; ko: string };
      steps: number;
      seeds: string[];
    }[];
    expect(rows[0]).toMatchObject({ id: 'hooks-and-tables', version: 1, seeds: ['001'] });
    expect(rows[0]!.title.ko).toContain('훅');
    expect(rows.every((l) => l.steps > 0)).toBe(true);
  });

  it('checks every shipped lesson and ends with the summary line', () => {
    const report = join(mkdtempSync(join(tmpdir(), 'lessons-report-')), 'lessons.json');
    const r = cli(['lessons', 'check', '--report', report]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\nlessons: \d+ passed, 0 failed\n$/);
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({ kind: 'lessons', failed: 0 });
  });

  it('fails a lesson whose Korean text is missing, naming the lesson, the place and why', () => {
    const dir = brokenCopy('01-hooks-and-tables', (t) =>
      t.replace("ko: '훅과 테이블: 패킷이 지나는 길'", "ko: ''"),
    );
    const r = cli(['lessons', 'check', 'hooks-and-tables', '--dir', dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      /FAIL {2}hooks-and-tables\n {6}01-hooks-and-tables\/lesson\.yaml:\d+:\d+: no ko text \[missing-language\]/,
    );
    expect(r.stdout).toMatch(/lessons: 0 passed, 1 failed\n$/);
  });

  it('fails a step whose solution does not pass its check, with got and expected', () => {
    const dir = brokenCopy('01-hooks-and-tables', (t) =>
      t.replace('order: [OUTPUT, POSTROUTING] }', 'order: [INPUT, OUTPUT, POSTROUTING] }'),
    );
    const r = cli(['lessons', 'check', '--dir', dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(
      'step hooks-output: the check fails after the solution: got INPUT → OUTPUT → POSTROUTING, expected OUTPUT → POSTROUTING',
    );
  });

  it('refuses an unknown lesson id as a usage error', () => {
    const r = cli(['lessons', 'check', 'no-such-lesson']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/no lesson "no-such-lesson"/);
  });
});
