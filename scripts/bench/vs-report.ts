/**
 * The side-by-side tables of docs/benchmarks.md: this tree against an earlier revision, figure by
 * figure, measured in the same run (vs.ts). Kept apart from the timing code so the tables' shape
 * and verdicts are tested (vs-report.test.ts) without running a benchmark.
 */
import type { Timing } from './vs-protocol.ts';

/** How much slower than the earlier revision this tree may be, by CPU time. */
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

/** PASS when this tree's CPU time is at most 1.10 × the revision's; the ratio shown either way. */
export function vsVerdict(row: VsRow): string {
  if (!row.head || !row.rev || !row.comparable)
    return `not judged${row.note ? `: ${row.note}` : ''}`;
  const ok = row.head.cpu <= row.rev.cpu * (1 + WITHIN);
  return `${ok ? 'PASS' : 'FAIL'}${row.note ? ` (${row.note})` : ''}`;
}

function ratio(row: VsRow): string {
  if (!row.head || !row.rev) return '';
  return `${(row.head.wall / row.rev.wall).toFixed(2)}; ${(row.head.cpu / row.rev.cpu).toFixed(2)}`;
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
      `Ratio: HEAD / ${short}, by wall and by CPU time. Within 10 %: HEAD's CPU time at most ` +
      `${(1 + WITHIN).toFixed(2)} × ${short}'s.`,
    '',
    `| What | HEAD wall | ${short} wall | HEAD CPU | ${short} CPU | ratio (wall; CPU) | within 10 % |`,
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of s.rows) {
    const cells = [
      r.what,
      r.head ? ms(r.head.wall) : 'failed',
      r.rev ? ms(r.rev.wall) : 'failed',
      r.head ? ms(r.head.cpu) : '',
      r.rev ? ms(r.rev.cpu) : '',
      ratio(r),
      vsVerdict(r),
    ];
    out.push(`| ${cells.map(cell).join(' | ')} |`);
  }
  return out;
}
