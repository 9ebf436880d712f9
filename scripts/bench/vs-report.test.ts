import { describe, expect, it } from 'vitest';
import { renderBenchmarks, type Machine } from './report.ts';
import { renderSideBySide, vsVerdict, type SideBySide } from './vs-report.ts';
import { rowsFor, type Samples } from './vs-rows.ts';

const machine: Machine = {
  cores: 2,
  cpuModel: 'Example CPU',
  node: 'v20.20.0',
  os: 'Linux 6.18.0',
  iptables: null,
  loadAverage: [1, 1, 1],
  date: '2026-11-28 03:00',
};

const t = (wall: number, cpu: number) => ({ wall, cpu });

const section: SideBySide = {
  rev: 'e3e6019',
  commit: 'e3e6019c0ffee00000000000000000000000000',
  date: '2026-11-27',
  purpose: 'the code before the redesign (issue 18)',
  head: { commit: '1e20a97aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', dirty: true },
  runs: 5,
  rows: [
    { what: 'parse', head: t(900, 1300), rev: t(1000, 1200), comparable: true },
    { what: 'trace | one', head: t(0.35, 0.4), rev: t(0.3, 0.3), comparable: true },
    {
      what: 'compile',
      head: t(3000, 4000),
      comparable: false,
      note: 'e3e6019 could not run it: no such node',
    },
  ],
};

describe('the side-by-side table', () => {
  const lines = renderSideBySide(section);

  it('names both trees, the revision and what it stands for', () => {
    expect(lines[0]).toBe('## HEAD vs e3e6019');
    expect(lines[2]).toContain('HEAD is 1e20a97 with uncommitted changes');
    expect(lines[2]).toContain(
      'e3e6019 is the commit of 2026-11-27, the code before the redesign (issue 18)',
    );
    expect(lines[2]).toContain('median of 5 runs after a warm-up, alternating the trees');
  });

  it('gives wall and CPU medians of both, their ratios, and judges by CPU time', () => {
    expect(lines).toContain(
      '| What | HEAD wall | e3e6019 wall | HEAD CPU; main thread | e3e6019 CPU; main thread | ratio (wall; CPU; main thread) | within 10 % |',
    );
    // 1300 / 1200 = 1.083: within 10 %
    expect(lines).toContain('| parse | 900 ms | 1000 ms | 1300 ms | 1200 ms | 0.90; 1.08 | PASS |');
    // 0.4 / 0.3 = 1.33: outside, and a pipe in the label stays inside its cell
    expect(lines).toContain(
      '| trace \\| one | 0.35 ms | 0.30 ms | 0.40 ms | 0.30 ms | 1.17; 1.33 | FAIL |',
    );
  });

  it("judges by the main thread's CPU time where both trees report it", () => {
    // the process's CPU is 1.33 × (background threads), the main thread's 1.05 ×: within
    const row = {
      what: 'load',
      head: { wall: 1.1, cpu: 4, thread: 2.1 },
      rev: { wall: 1, cpu: 3, thread: 2 },
      comparable: true,
    };
    expect(vsVerdict(row)).toBe('PASS');
    expect(vsVerdict({ ...row, head: { ...row.head, thread: 2.3 } })).toBe('FAIL');
    expect(renderSideBySide({ ...section, rows: [row] })).toContain(
      '| load | 1.10 ms | 1.00 ms | 4.00 ms; 2.10 ms | 3.00 ms; 2.00 ms | 1.10; 1.33; 1.05 | PASS |',
    );
  });

  it('says so when the earlier tree could not run a figure, and does not judge it', () => {
    expect(lines).toContain(
      '| compile | 3000 ms | failed | 4000 ms |  |  | not judged: e3e6019 could not run it: no such node |',
    );
  });

  it('judges exactly 10 % slower as within', () => {
    expect(vsVerdict({ what: 'x', head: t(1, 110), rev: t(1, 100), comparable: true })).toBe(
      'PASS',
    );
    expect(vsVerdict({ what: 'x', head: t(1, 110.2), rev: t(1, 100), comparable: true })).toBe(
      'FAIL',
    );
  });

  it('comes after the current tables on the page, whose header names the command', () => {
    const page = renderBenchmarks(machine, new Map(), [section]);
    expect(page).toContain('Written by `npm run bench -- --vs e3e6019 --vs 227ea2d`');
    const headings = page.split('\n').filter((l) => l.startsWith('## '));
    expect(headings).toEqual([
      '## Parser and printer',
      '## Simulator',
      '## Cluster compiler',
      '## HEAD vs e3e6019',
    ]);
  });
});

describe('the rows from the runs', () => {
  const run = (cpu: number) => ({ parse: t(cpu, cpu) });
  const head: Samples = {
    'parse-dump': {
      runs: [run(10), run(30), run(20)],
      check: { rules: 5, errors: 0 },
      failed: undefined,
    },
    'parse-real': { runs: [run(2)], check: { rules: 7, errors: 0 }, failed: undefined },
  };
  const rev: Samples = {
    'parse-dump': { runs: [run(40), run(50)], check: { rules: 5, errors: 0 }, failed: undefined },
    'parse-real': {
      runs: [run(3)],
      check: { rules: 6, errors: 1, firstError: 'line 3: bad option' },
      failed: undefined,
    },
  };
  const rows = rowsFor(head, rev, 'old');

  it('takes the median of each tree runs', () => {
    expect(rows[0]).toMatchObject({ head: t(20, 20), rev: t(45, 45), comparable: true });
  });

  it('names an input the earlier tree read with errors, and leaves it unjudged', () => {
    const real = rows.find((r) => r.what.startsWith('parse a real dump'))!;
    expect(real.comparable).toBe(false);
    expect(real.note).toBe('old cannot read this input: 1 error, first line 3: bad option');
  });

  it("takes the main thread's median only when every run reports it", () => {
    const threaded = (cpu: number, thread?: number) => ({
      parse: thread === undefined ? t(cpu, cpu) : { ...t(cpu, cpu), thread },
    });
    const samples = (runs: Record<string, ReturnType<typeof t>>[]): Samples => ({
      'parse-dump': { runs, check: { rules: 5, errors: 0 }, failed: undefined },
    });
    const all = rowsFor(samples([threaded(10, 4), threaded(30, 9), threaded(20, 6)]), {}, 'old');
    expect(all[0]!.head).toEqual({ wall: 20, cpu: 20, thread: 6 });
    const some = rowsFor(samples([threaded(10, 4), threaded(30)]), {}, 'old');
    expect(some[0]!.head).toEqual({ wall: 20, cpu: 20 });
  });

  it('has no row for a run neither tree made', () => {
    expect(rows.map((r) => r.what)).toEqual([
      'parse the generated 100k dump',
      'parse a real dump, `tests/fixtures/seeds-eks-nodelocal.rules`; per call, 500 in a row',
    ]);
  });

  it('leaves a figure out when only the earlier tree made it', () => {
    const only = rowsFor(
      {},
      { 'trace-one': { runs: [{ trace: t(1, 1) }], check: undefined, failed: 'x' } },
      'old',
    );
    expect(only).toHaveLength(1);
    expect(only[0]).toMatchObject({
      rev: t(1, 1),
      comparable: false,
      note: 'old could not run it: x',
    });
    expect(only[0]!.head).toBeUndefined();
  });
});
