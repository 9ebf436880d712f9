/**
 * The side-by-side table's rows from the runs each tree reported: the median of every figure,
 * and a note where a tree could not run a call or read its input differently from this tree.
 */
import type { ReadCheck } from './vs-face.ts';
import { REPS, SAMPLED_PACKETS, type BenchId, type Timing } from './vs-protocol.ts';
import type { VsRow } from './vs-report.ts';

export interface BenchSamples {
  /** one entry per timed run: its parts (parse, trace, or load/compile/total) */
  runs: Record<string, Timing>[];
  check: ReadCheck | undefined;
  failed: string | undefined;
}
export type Samples = Partial<Record<BenchId, BenchSamples>>;

const per = (bench: BenchId) => (REPS[bench] > 1 ? `; per call, ${REPS[bench]} in a row` : '');

/** Each row of the table: the run it comes from, the part of it, what it says. */
export const ROWS: readonly { bench: BenchId; part: string; what: string }[] = [
  { bench: 'parse-dump', part: 'parse', what: 'parse the generated 100k dump' },
  {
    bench: 'parse-interleaved',
    part: 'parse',
    what: 'parse the same dump, its rules interleaved across chains',
  },
  {
    bench: 'parse-real',
    part: 'parse',
    what: `parse a real dump, \`tests/fixtures/seeds-eks-nodelocal.rules\`${per('parse-real')}`,
  },
  { bench: 'trace-one', part: 'trace', what: `trace one packet${per('trace-one')}` },
  { bench: 'trace-all', part: 'trace', what: `all paths of that packet${per('trace-all')}` },
  {
    bench: 'trace-sample',
    part: 'trace',
    what: `${SAMPLED_PACKETS.toLocaleString('en')} sampled packets`,
  },
  { bench: 'compile', part: 'load', what: 'load the 5,000-Service cluster (`loadCluster`)' },
  { bench: 'compile', part: 'compile', what: 'compile node-0 (`compileModelNode`)' },
  { bench: 'compile', part: 'total', what: 'load and compile' },
];

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function medianOf(s: BenchSamples | undefined, part: string): Timing | undefined {
  const ts = (s?.runs ?? []).flatMap((r) => (r[part] ? [r[part]] : []));
  if (!ts.length) return undefined;
  const threads = ts.flatMap((t) => (t.thread === undefined ? [] : [t.thread]));
  return {
    wall: median(ts.map((t) => t.wall)),
    cpu: median(ts.map((t) => t.cpu)),
    ...(threads.length === ts.length ? { thread: median(threads) } : {}),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Why the two trees' figures for one run cannot be compared, if they cannot. */
function problem(head: BenchSamples | undefined, rev: BenchSamples | undefined, name: string) {
  if (head?.failed) return `HEAD failed: ${head.failed}`;
  if (rev?.failed) return `${name} could not run it: ${rev.failed}`;
  if (head?.check?.errors) return `HEAD read it with ${plural(head.check.errors, 'error')}`;
  if (rev?.check?.errors)
    return `${name} cannot read this input: ${plural(rev.check.errors, 'error')}, first ${rev.check.firstError ?? ''}`;
  return undefined;
}

/** A difference worth saying that does not stop the comparison: the rule counts. */
function countNote(head: BenchSamples | undefined, rev: BenchSamples | undefined, name: string) {
  const a = head?.check?.rules;
  const b = rev?.check?.rules;
  if (a === undefined || b === undefined || a === b) return undefined;
  return `${a.toLocaleString('en')} rules in HEAD, ${b.toLocaleString('en')} in ${name}`;
}

/** The rows of every run either tree made (a run left out with --only has none). */
export function rowsFor(head: Samples, rev: Samples, name: string): VsRow[] {
  const made = ROWS.filter(({ bench }) => head[bench] || rev[bench]);
  return made.map(({ bench, part, what }) => {
    const h = head[bench];
    const r = rev[bench];
    const bad = problem(h, r, name);
    const note = bad ?? countNote(h, r, name);
    const ht = medianOf(h, part);
    const rt = medianOf(r, part);
    return {
      what,
      ...(ht ? { head: ht } : {}),
      ...(rt ? { rev: rt } : {}),
      ...(note ? { note } : {}),
      comparable: bad === undefined,
    };
  });
}
