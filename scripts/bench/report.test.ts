import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  readFigure,
  renderBenchmarks,
  saveSection,
  startUpBound,
  verdict,
  type BenchSection,
  type Machine,
} from './report.ts';

const machine: Machine = {
  cores: 2,
  cpuModel: 'Example CPU @ 2.0GHz',
  node: 'v20.20.0',
  os: 'Linux 6.18.0',
  iptables: 'iptables v1.8.9 (nf_tables)',
  loadAverage: [0.5, 1, 1.25],
  date: '2026-11-27 10:00',
};

const parse: BenchSection = {
  id: 'parse',
  title: 'Parser and printer',
  input: 'A generated dump.',
  rows: [
    {
      what: 'parse',
      measured: '250 ms',
      target: '≥ 2× faster than `iptables-restore --test`',
      verdict: verdict(true, '2.10× by wall time'),
    },
    { what: 'a | in a cell', measured: 'two\nlines' },
  ],
};
const compile: BenchSection = {
  id: 'compile',
  title: 'Cluster compiler',
  input: 'A generated cluster.',
  rows: [{ what: 'total', measured: '1900 ms', target: '< 2 s', verdict: verdict(false) }],
};

describe('docs/benchmarks.md', () => {
  const page = renderBenchmarks(
    machine,
    new Map([
      ['compile', compile],
      ['parse', parse],
    ]),
  );
  const lines = page.split('\n');

  it('names the machine, the Node version, iptables and the date', () => {
    expect(lines).toContain('- Machine: 2 cores, Example CPU @ 2.0GHz; Linux 6.18.0');
    expect(lines).toContain('- Node.js v20.20.0; iptables v1.8.9 (nf_tables)');
    expect(lines).toContain('- Date: 2026-11-27 10:00 UTC');
    expect(lines).toContain('- Load average when the page was written: 0.50, 1.00, 1.25');
  });

  it('puts the benchmarks in a fixed order and says which one left no result', () => {
    const headings = lines.filter((l) => l.startsWith('## '));
    expect(headings).toEqual(['## Parser and printer', '## Simulator', '## Cluster compiler']);
    expect(page).toContain('## Simulator\n\nNot run: this benchmark left no result');
  });

  it('writes one table row per figure, with the ratio it was judged by', () => {
    expect(lines).toContain(
      '| parse | 250 ms | ≥ 2× faster than `iptables-restore --test` | PASS (2.10× by wall time) |',
    );
    expect(lines).toContain('| a \\| in a cell | two lines |  |  |');
    expect(lines).toContain('| total | 1900 ms | < 2 s | FAIL |');
  });
});

describe('startUpBound', () => {
  const restore = { median: 32, cpu: 10 };
  it("says a small dump's FAIL is Node's start-up when node -e 0 alone takes longer", () => {
    const node = { median: 43, cpu: 40, shown: '43 ms (cpu 40 ms)' };
    expect(startUpBound(verdict(false, '3.88 of it by wall time'), node, restore)).toBe(
      "FAIL (3.88 of it by wall time): Node's own start-up (`node -e 0`, 43 ms (cpu 40 ms)) takes longer than iptables-restore's whole run, so no Node program can pass here",
    );
  });

  it('leaves a PASS, and a FAIL that Node could have passed, as they are', () => {
    const quick = { median: 20, cpu: 5, shown: '20 ms (cpu 5 ms)' };
    expect(startUpBound(verdict(false, 'x'), quick, restore)).toBe('FAIL (x)');
    const slow = { median: 43, cpu: 40, shown: '43 ms' };
    expect(startUpBound(verdict(true, 'y'), slow, restore)).toBe('PASS (y)');
  });
});

describe('figures a later benchmark reads', () => {
  it('reads what an earlier benchmark of the run saved, and nothing when it saved none', () => {
    const root = mkdtempSync(join(tmpdir(), 'nl-bench-report-'));
    try {
      expect(readFigure(root, 'parse', 'restoreWallMs')).toBeUndefined();
      saveSection(root, { ...parse, figures: { restoreWallMs: 1660 } });
      expect(readFigure(root, 'parse', 'restoreWallMs')).toBe(1660);
      expect(readFigure(root, 'parse', 'other')).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
