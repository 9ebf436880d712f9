/**
 * The side-by-side benchmark: this tree against earlier revisions, in the same run, alternating
 * run by run, so a busy minute slows every tree alike. `npm run bench -- --vs REV [--vs REV2]`
 * runs it before writing docs/benchmarks.md; alone (after scripts/bench/build-bench.mjs):
 *   node build/bench-vs.mjs --vs REV [--vs REV2] [--runs N] [--only parse|trace|compile]
 *
 * Each revision is checked out into a temporary worktree (vs-tree.ts) and bundled with the
 * subject (vs-build.ts); every tree then runs in its own process (vs-subject.ts) on the same
 * input files, generated here once with the current generators: the parser's 100k dump, its
 * interleaved order, a real dump from tests/fixtures, the simulator's dump and packet, and the
 * compiler's cluster. The comparisons go to build/bench-results/vs.json for the page.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCluster } from './generate-cluster.ts';
import { generateKubeDump } from './generate-kube.ts';
import { sideBySideFile } from './report.ts';
import { shuffleRules } from './shuffle-dump.ts';
import { HOST, PACKET, withBigService } from './trace-input.ts';
import { buildSubject, faceFor } from './vs-build.ts';
import { BENCHES, type BenchId, type Inputs, type Reply, type Request } from './vs-protocol.ts';
import { rowsFor, type Samples } from './vs-rows.ts';
import type { SideBySide } from './vs-report.ts';
import {
  addWorktree,
  headState,
  removeWorktree,
  resolveRevision,
  type Revision,
} from './vs-tree.ts';

const root = fileURLToPath(new URL('..', import.meta.url)); // build/ → project root
const REAL_DUMP = 'tests/fixtures/seeds-eks-nodelocal.rules';

/** What the two revisions the issues name stand for. */
const PURPOSES: Record<string, string> = {
  '6c77546': 'the code before the redesign (issue 18)',
  e3e6019: 'the code before the redesign moved each match module into one file (issue 18)',
  '227ea2d': 'the code before IPv6 and dual-stack (issue 17)',
};

function purposeOf(commit: string): { purpose?: string } {
  const known = Object.keys(PURPOSES).find((k) => commit.startsWith(k));
  return known ? { purpose: PURPOSES[known]! } : {};
}

interface Subject {
  name: string;
  child: ChildProcess;
  samples: Samples;
}

function ask(child: ChildProcess, req: Request): Promise<Reply> {
  return new Promise((done) => {
    const onExit = (code: number | null) => done({ failed: `the process ended (exit ${code})` });
    child.once('exit', onExit);
    child.once('message', (reply: Reply) => {
      child.off('exit', onExit);
      done(reply);
    });
    child.send(req);
  });
}

function writeInputs(dir: string): Inputs {
  const dump = generateKubeDump().text;
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  return {
    dump: file('dump.rules', dump),
    interleaved: file('interleaved.rules', shuffleRules(dump)),
    real: join(root, REAL_DUMP),
    traceDump: file('trace.rules', withBigService(dump)),
    cluster: file('cluster.yaml', generateCluster()),
    node: 'node-0',
    host: HOST,
    packet: PACKET,
  };
}

/** A warm-up per tree, then `runs` rounds, each starting with the next tree in turn. */
async function measure(subjects: Subject[], bench: BenchId, runs: number): Promise<void> {
  for (let round = 0; round <= runs; round++) {
    const line: string[] = [];
    for (let k = 0; k < subjects.length; k++) {
      const s = subjects[(round + k) % subjects.length]!;
      const reply = await ask(s.child, { op: round === 0 ? 'warm-up' : 'run', bench });
      const list = (s.samples[bench] ??= { runs: [], check: undefined, failed: undefined });
      if (reply.check) list.check = reply.check;
      if (reply.failed) list.failed = reply.failed;
      if (round > 0 && reply.parts) list.runs.push(reply.parts);
      const total = reply.parts?.['total'] ?? Object.values(reply.parts ?? {})[0];
      line.push(`${s.name} ${total ? `${total.cpu.toFixed(1)} ms CPU` : (reply.failed ?? '?')}`);
    }
    console.log(`  ${bench} ${round === 0 ? 'warm-up' : `run ${round}`}: ${line.join(', ')}`);
  }
}

function option(args: string[], flag: string): string[] {
  return args.flatMap((a, i) => (a === flag && args[i + 1] ? [args[i + 1]!] : []));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const runs = Number(option(args, '--runs')[0] ?? 7);
  const revisions: Revision[] = [];
  for (const rev of option(args, '--vs')) {
    const r = resolveRevision(root, rev);
    if (typeof r === 'string') throw new Error(r);
    revisions.push(r);
  }
  if (!revisions.length) throw new Error('usage: bench-vs.mjs --vs REV [--vs REV2] [--runs N]');
  const trees: { rev?: Revision; dir: string; name: string; face?: string }[] = [
    { dir: root, name: 'HEAD' },
  ];
  const inputDir = mkdtempSync(join(tmpdir(), 'nl-bench-vs-inputs-'));
  const children: ChildProcess[] = [];
  try {
    for (const rev of revisions) {
      const added = addWorktree(root, rev.commit);
      if (typeof added === 'string') throw new Error(added);
      const face = faceFor(join(root, 'scripts', 'bench'), rev.commit);
      trees.push({ rev, dir: added.dir, name: rev.rev, ...(face ? { face } : {}) });
    }
    mkdirSync(join(root, 'build', 'bench-vs'), { recursive: true });
    const inputs = writeInputs(inputDir);
    const subjects: Subject[] = [];
    for (const t of trees) {
      const bundle = await buildSubject(root, t.dir, t.name.replace(/[^\w.-]/g, '_'), t.face);
      const child = fork(bundle, [], { execArgv: ['--expose-gc'], stdio: 'inherit' });
      children.push(child);
      const setup = await ask(child, { op: 'setup', inputs });
      if (setup.failed) throw new Error(`${t.name}: ${setup.failed}`);
      subjects.push({ name: t.name, child, samples: {} });
    }
    console.log(
      `side by side: ${trees.map((t) => t.name).join(', ')}; ${runs} runs after a warm-up, alternating; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    const only = option(args, '--only');
    for (const bench of BENCHES)
      if (!only.length || only.some((o) => bench.startsWith(o)))
        await measure(subjects, bench, runs);
    const head = headState(root);
    const out: SideBySide[] = trees.slice(1).map((t, i) => ({
      rev: t.name,
      commit: t.rev!.commit,
      date: t.rev!.date,
      ...purposeOf(t.rev!.commit),
      ...(t.face ? { face: t.face } : {}),
      head,
      runs,
      rows: rowsFor(subjects[0]!.samples, subjects[i + 1]!.samples, t.name),
    }));
    mkdirSync(dirname(sideBySideFile(root)), { recursive: true });
    writeFileSync(sideBySideFile(root), JSON.stringify(out, null, 2));
    console.log(`\nwrote ${sideBySideFile(root)}`);
  } finally {
    for (const c of children) c.kill();
    for (const t of trees.slice(1)) removeWorktree(root, t.dir);
    rmSync(inputDir, { recursive: true, force: true });
  }
}

await main();
