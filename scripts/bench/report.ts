/**
 * What each benchmark hands to docs/benchmarks.md: its rows, saved as JSON under
 * build/bench-results/ as it finishes, and the page that write-benchmarks.ts makes of them with
 * the machine they ran on. Kept apart from the timing code so the page's shape is tested
 * (report.test.ts) without running a benchmark.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderSideBySide, type SideBySide } from './vs-report.ts';

export interface BenchRow {
  what: string;
  measured: string;
  /** the target this figure is held to, if any */
  target?: string;
  /** PASS or FAIL with the ratio it was judged by, e.g. `PASS (2.11× by wall time)` */
  verdict?: string;
}

export interface BenchSection {
  /** file name under build/bench-results/, and the order on the page */
  id: 'parse' | 'trace' | 'compile';
  title: string;
  /** one sentence: the input and how the figures were taken */
  input: string;
  rows: BenchRow[];
  /** figures a later benchmark reads from this one's result (see readFigure) */
  figures?: Record<string, number>;
}

export interface Machine {
  cores: number;
  cpuModel: string;
  node: string;
  os: string;
  /** iptables --version, when iptables is installed */
  iptables: string | null;
  loadAverage: number[];
  /** UTC, as an ISO date and time to the minute */
  date: string;
}

export const SECTION_ORDER: readonly BenchSection['id'][] = ['parse', 'trace', 'compile'];

/** The heading of a benchmark that left no result (a run that did names itself). */
const UNRUN_TITLES: Record<BenchSection['id'], string> = {
  parse: 'Parser and printer',
  trace: 'Simulator',
  compile: 'Cluster compiler',
};

export function resultsDir(root: string): string {
  return join(root, 'build', 'bench-results');
}

export function saveSection(root: string, section: BenchSection): void {
  mkdirSync(resultsDir(root), { recursive: true });
  writeFileSync(join(resultsDir(root), `${section.id}.json`), JSON.stringify(section, null, 2));
}

/** A figure an earlier benchmark of the same run saved, or undefined when it left none. */
export function readFigure(root: string, id: BenchSection['id'], name: string): number | undefined {
  try {
    const s = JSON.parse(
      readFileSync(join(resultsDir(root), `${id}.json`), 'utf8'),
    ) as Partial<BenchSection>;
    const x = s.figures?.[name];
    return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
  } catch {
    return undefined;
  }
}

/** The file the side-by-side run (vs.ts) saves its comparisons in. */
export function sideBySideFile(root: string): string {
  return join(resultsDir(root), 'vs.json');
}

/** `PASS (…)` or `FAIL (…)`; the reason is left out when there is none. */
export function verdict(ok: boolean, why = ''): string {
  return `${ok ? 'PASS' : 'FAIL'}${why ? ` (${why})` : ''}`;
}

/**
 * A CLI row's FAIL verdict, with the reason when Node alone (`node -e 0`, before a line of the
 * CLI runs) takes no less wall or CPU time than the command it is measured against takes in all:
 * then no Node program can pass, whatever it does after starting.
 */
export function startUpBound(
  verdict: string,
  node: { median: number; cpu: number; shown: string },
  against: { median: number; cpu: number },
): string {
  if (!verdict.startsWith('FAIL')) return verdict;
  if (node.median < against.median && node.cpu < against.cpu) return verdict;
  return `${verdict}: Node's own start-up (\`node -e 0\`, ${node.shown}) takes longer than iptables-restore's whole run, so no Node program can pass here`;
}

/** A table cell: a pipe would end the cell, a line break the row. */
function cell(text: string | undefined): string {
  return (text ?? '').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/** The command that writes the whole page, comparisons included. */
export const BENCH_COMMAND = 'npm run bench -- --vs e3e6019 --vs 227ea2d';

/**
 * The whole of docs/benchmarks.md: the machine, then one table per benchmark that ran, then the
 * side-by-side comparisons with earlier revisions, if the run made any. A benchmark that left no
 * result says so instead of showing an older run's figures.
 */
export function renderBenchmarks(
  machine: Machine,
  sections: ReadonlyMap<BenchSection['id'], BenchSection>,
  sideBySide: readonly SideBySide[] = [],
): string {
  const out: string[] = [
    '# Benchmarks',
    '',
    `Written by \`${BENCH_COMMAND}\` (scripts/bench/); run it again to replace this page`,
    '(`npm run bench` alone leaves the comparisons with earlier revisions out). Inputs are',
    'generated the same way every run. Each figure is a median of timed runs after a warm-up, as',
    'wall time and, where shown, CPU time: on a shared machine wall time follows the load, CPU time',
    'much less. Compare figures taken on the same machine; the ratios to `iptables-restore` carry',
    'across machines better than the times do.',
    '',
    `- Date: ${machine.date} UTC`,
    `- Machine: ${machine.cores} cores, ${machine.cpuModel}; ${machine.os}`,
    `- Node.js ${machine.node}${machine.iptables ? `; ${machine.iptables}` : '; iptables not installed'}`,
    `- Load average when the page was written: ${machine.loadAverage.map((x) => x.toFixed(2)).join(', ')}`,
  ];
  for (const id of SECTION_ORDER) {
    const s = sections.get(id);
    out.push('');
    if (!s) {
      out.push(
        `## ${UNRUN_TITLES[id]}`,
        '',
        'Not run: this benchmark left no result (see its output).',
      );
      continue;
    }
    out.push(`## ${s.title}`, '', s.input, '');
    out.push('| What | Measured | Target | Verdict |', '| --- | --- | --- | --- |');
    for (const r of s.rows)
      out.push(
        `| ${cell(r.what)} | ${cell(r.measured)} | ${cell(r.target)} | ${cell(r.verdict)} |`,
      );
  }
  for (const s of sideBySide) out.push('', ...renderSideBySide(s));
  return `${out.join('\n')}\n`;
}
