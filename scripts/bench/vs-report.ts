/**
 * The side-by-side tables of docs/benchmarks.md: this tree against an earlier revision, figure by
 * figure, measured in the same run (vs.ts). Kept apart from the timing code so the tables' shape
 * and verdicts are tested (vs-report.test.ts) without running a benchmark.
 */
import type { Timing } from './vs-protocol.ts';

/**
 * How much slower than the earlier revision this tree may be: by the CPU time of the thread that
 * ran the call where both trees report it, else by the process's CPU time (see thread-cpu.ts).
 */
export const WITHIN = 0.1;

export interface VsRow {
  what: string;
  /** medians, ms; missing when that tree could not run it */
  head?: Timing;
  rev?: Timing;
  /** why the figures are not comparable, or anything the reader must know about them */
  note?: string;
  /** false when either tree failed or read the input with errors: shown, not judged */
  comparable: boolean;
}

export interface SideBySide {
  /** the revision as given (`e3e6019`) and its full commit */
  rev: string;
  commit: string;
  /** its commit date, YYYY-MM-DD */
  date: string;
  /** what it stands for, e.g. "the code before the redesign (issue 18)", when known */
  purpose?: string;
  /** the face file it was run through, when it needed its own (vs-face-REV.ts) */
  face?: string;
  head: { commit: string; dirty: boolean };
  runs: number;
  rows: VsRow[];
}

function ms(x: number): string {
  return `${x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)} ms`;
}

/** The CPU figure the verdict reads: the calling thread's when both trees have it. */
function judged(head: Timing, rev: Timing): { head: number; rev: number } {
  return head.thread !== undefined && rev.thread !== undefined
    ? { head: head.thread, rev: rev.thread }
    : { head: head.cpu, rev: rev.cpu };
}

/** PASS when this tree's CPU time is at most 1.10 × the revision's; the ratio shown either way. */
export function vsVerdict(row: VsRow): string {
  if (!row.head || !row.rev || !row.comparable)
    return `not judged${row.note ? `: ${row.note}` : ''}`;
  const j = judged(row.head, row.rev);
  const ok = j.head <= j.rev * (1 + WITHIN);
  return `${ok ? 'PASS' : 'FAIL'}${row.note ? ` (${row.note})` : ''}`;
}

function ratio(row: VsRow): string {
  if (!row.head || !row.rev) return '';
  const { head, rev } = row;
  const parts = [head.wall / rev.wall, head.cpu / rev.cpu];
  if (head.thread !== undefined && rev.thread !== undefined) parts.push(head.thread / rev.thread);
  return parts.map((r) => r.toFixed(2)).join('; ');
}

function cpuCell(t: Timing | undefined): string {
  if (!t) return '';
  return t.thread === undefined ? ms(t.cpu) : `${ms(t.cpu)}; ${ms(t.thread)}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/** One section: its heading, what was compared and how, then the table. */
export function renderSideBySide(s: SideBySide): string[] {
  const short = s.commit.slice(0, 7);
  const head = `${s.head.commit.slice(0, 7)}${s.head.dirty ? ' with uncommitted changes' : ''}`;
  const rev = s.rev === short ? short : `${s.rev} (${short})`;
  const out = [
    `## HEAD vs ${rev}`,
    '',
    `HEAD is ${head}; ${rev} is the commit of ${s.date}${s.purpose ? `, ${s.purpose}` : ''}, ` +
      `checked out in a temporary worktree${s.face ? ` and run through \`${s.face}\`` : ''}. ` +
      `Each tree runs in its own process on the same inputs, made once by the current generators; ` +
      `median of ${s.runs} runs after a warm-up, alternating the trees run by run. ` +
      `CPU is given twice: the whole process's, then the main thread's alone, the thread that ` +
      `ran the call (V8's garbage-collector helpers and background compiler add to the first, ` +
      `and their share of a busy machine's cores moves between runs even for unchanged code). ` +
      `Ratio: HEAD / ${short}, by wall, process CPU and main-thread CPU. Within 10 %: HEAD's ` +
      `main-thread CPU time (the process's where the thread's is not known) at most ` +
      `${(1 + WITHIN).toFixed(2)} × ${short}'s.`,
    '',
    `| What | HEAD wall | ${short} wall | HEAD CPU; main thread | ${short} CPU; main thread | ratio (wall; CPU; main thread) | within 10 % |`,
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of s.rows) {
    const cells = [
      r.what,
      r.head ? ms(r.head.wall) : 'failed',
      r.rev ? ms(r.rev.wall) : 'failed',
      cpuCell(r.head),
      cpuCell(r.rev),
      ratio(r),
      vsVerdict(r),
    ];
    out.push(`| ${cells.map(cell).join(' | ')} |`);
  }
  return out;
}
