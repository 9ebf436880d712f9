/**
 * `npm run bench`: how fast the engine reads and prints a big kube-proxy node's dump, next to
 * the real `iptables-restore --test` on the same file (when root and iptables are present).
 *
 * Targets: parse ≥ 2× faster than iptables-restore --test; heap < 300 MB after the parse; the CLI
 * process printing the file faster than iptables-restore --test on it, by wall and CPU time, both
 * as iptables-save writes it and with its rules interleaved across chains (shuffle-dump.ts), and
 * on real dumps from tests/fixtures.
 *
 * Bundled to build/bench.mjs by scripts/bench/build-bench.mjs and run with --expose-gc.
 *   node --expose-gc build/bench.mjs [--rules N] [--runs N] [--keep FILE]
 *
 * Each figure is the median of RUNS timed runs after a warm-up, as wall time and as CPU time
 * (user + system, the garbage collector's helper threads included; for child processes, what
 * the kernel counted for them). On a shared machine wall times wander with the load; CPU times
 * much less, so compare those, and compare before and after in the same minute.
 */
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRuleset, printSave, countRules } from '../../src/engine/rules/index.ts';
import { generateKubeDump } from './generate-kube.ts';
import { shuffleRules } from './shuffle-dump.ts';
import { saveSection, startUpBound, verdict as judged, type BenchRow } from './report.ts';

const root = fileURLToPath(new URL('..', import.meta.url)); // build/ → project root
const args = process.argv.slice(2);
const option = (flag: string): string | undefined => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(option('--runs') ?? 5);
const RULES = Number(option('--rules') ?? 100_000);

interface Timing {
  /** wall time, ms */
  median: number;
  runs: number[];
  /** CPU time, ms */
  cpu: number;
  /** the warm-up run's wall time: a first parse runs before the JIT has compiled the hot code */
  first: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** CPU time (ms) of this process, or of its waited-for children (from /proc/self/stat). */
function cpuNow(children: boolean): number {
  if (!children) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  try {
    // fields after "pid (comm)": state is 3rd, cutime 16th and cstime 17th (1-based)
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[13]) + Number(f[14])) * 1000) / clockTicks;
  } catch {
    return NaN;
  }
}
const clockTicks =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** One warm-up, then RUNS timed runs; the medians are what we report. */
/** fn's first run, then RUNS timed runs, each after `before` (not timed). */
function time(fn: () => void, children = false, before: () => void = () => {}): Timing {
  const t = performance.now();
  fn();
  const first = performance.now() - t;
  const runs: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    before();
    const c0 = cpuNow(children);
    const t0 = performance.now();
    fn();
    runs.push(performance.now() - t0);
    cpus.push(cpuNow(children) - c0);
  }
  return { median: median(runs), runs, cpu: median(cpus), first };
}

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => bytes / (1024 * 1024);
const ms = (x: number) => `${x.toFixed(0)} ms`;
const both = (t: Timing) => `${ms(t.median)} (cpu ${ms(t.cpu)})`;

function which(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/** `ip netns exec NS iptables-restore --test < FILE` in a namespace made here and deleted after. */
function timeIptablesRestore(file: string): Timing | string {
  if (process.getuid?.() !== 0) return 'skipped: needs root';
  if (!which('iptables-restore') || !which('ip'))
    return 'skipped: iptables-restore or ip not found';
  const ns = `nl-bench-${process.pid}`;
  const add = spawnSync('ip', ['netns', 'add', ns], { encoding: 'utf8' });
  if (add.status !== 0) return `skipped: ip netns add failed: ${add.stderr.trim()}`;
  const cleanup = () => spawnSync('ip', ['netns', 'del', ns], { stdio: 'ignore' });
  process.once('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  try {
    let failure = '';
    const t = time(() => {
      const fd = openSync(file, 'r');
      const r = spawnSync('ip', ['netns', 'exec', ns, 'iptables-restore', '--test'], {
        stdio: [fd, 'ignore', 'pipe'],
        encoding: 'utf8',
      });
      closeSync(fd);
      if (r.status !== 0) failure = r.stderr.trim().split('\n')[0] ?? `exit ${r.status}`;
    }, true);
    return failure ? `failed: ${failure}` : t;
  } finally {
    cleanup();
  }
}

/**
 * The environment node processes are timed in: this one without NODE_EXTRA_CA_CERTS. A sandbox
 * or a corporate proxy sets it, and then every node process reads and parses that certificate
 * bundle before it runs a line of script; a user's shell has no reason to, and the CLI cannot
 * change it. `node -e 0` is timed both ways (nodeStart) so the difference stays visible.
 */
const CLI_ENV: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => k !== 'NODE_EXTRA_CA_CERTS'),
);

/** `node bin/netfilter-lab.mjs print FILE > /dev/null`: the whole process, start-up included. */
function timeCli(file: string): Timing | string {
  const bin = join(root, 'bin/netfilter-lab.mjs');
  if (!existsSync(bin) || !existsSync(join(root, 'build/cli.mjs')))
    return 'skipped: the CLI is not built (npm run build:cli)';
  let failure = '';
  const t = time(() => {
    const r = spawnSync(process.execPath, [bin, 'print', file], {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      env: CLI_ENV,
    });
    if (r.status !== 0) failure = r.stderr.trim().split('\n')[0] ?? `exit ${r.status}`;
  }, true);
  return failure ? `failed: ${failure}` : t;
}

/** `node -e 0`, Node's own start-up and the floor under every CLI row, in CLI_ENV or in this
 * process's environment. */
function nodeStart(env: NodeJS.ProcessEnv): Timing {
  return time(() => {
    spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore', env });
  }, true);
}

/**
 * Whether the CLI took less time than iptables-restore both by the clock and by CPU time (on a
 * busy machine the clock follows the load; CPU time is the figure that carries), with both ratios.
 */
function fasterVerdict(cli: Timing | string, restore: Timing | string): string {
  if (typeof cli === 'string' || typeof restore === 'string') return 'not judged';
  return judged(
    cli.median < restore.median && cli.cpu < restore.cpu,
    `${(cli.median / restore.median).toFixed(2)} of it by wall time, ${(cli.cpu / restore.cpu).toFixed(2)} by CPU time`,
  );
}

/** Real dumps iptables-save wrote (tests/fixtures), small as most nodes' are: start-up is most of it. */
const REAL_DUMPS = ['seeds-eks-nodelocal.rules', 'docker-ufw.rules'];

/**
 * The rows for the real dumps: iptables-restore --test and the CLI's print on each, with how much
 * CPU time print takes beyond Node's own start-up (`nodeAlone`, `node -e 0`), the part it controls.
 */
function realDumpRows(nodeAlone: Timing): BenchRow[] {
  const shown = (t: Timing | string) => (typeof t === 'string' ? t : both(t));
  return REAL_DUMPS.flatMap((name) => {
    const file = join(root, 'tests/fixtures', name);
    const restore = timeIptablesRestore(file);
    const cli = timeCli(file);
    return [
      {
        what: `a real dump, \`tests/fixtures/${name}\`: \`iptables-restore --test\``,
        measured: shown(restore),
      },
      {
        what: `the same: \`node bin/netfilter-lab.mjs print FILE\``,
        measured:
          typeof cli === 'string'
            ? cli
            : `${both(cli)}; cpu ${ms(cli.cpu - nodeAlone.cpu)} beyond \`node -e 0\``,
        target: 'faster than `iptables-restore --test`',
        verdict: smallDumpVerdict(cli, restore, nodeAlone),
      },
    ];
  });
}

/** fasterVerdict for a small dump, saying why when Node's start-up alone loses (startUpBound). */
function smallDumpVerdict(cli: Timing | string, restore: Timing | string, node: Timing): string {
  const verdict = fasterVerdict(cli, restore);
  if (typeof cli === 'string' || typeof restore === 'string') return verdict;
  return startUpBound(verdict, { ...node, shown: both(node) }, restore);
}

/** The table's rows for the same dump with its rules interleaved across chains. */
function shuffledRows(cli: Timing | string, restore: Timing | string): BenchRow[] {
  const shown = (t: Timing | string) => (typeof t === 'string' ? t : both(t));
  return [
    {
      what: 'the same dump, its rules interleaved across chains (`shuffle-dump.ts`): `iptables-restore --test`',
      measured: shown(restore),
    },
    {
      what: 'the interleaved dump: `node bin/netfilter-lab.mjs print FILE`',
      measured: shown(cli),
      target: 'faster than `iptables-restore --test`',
      verdict: fasterVerdict(cli, restore),
    },
  ];
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'nl-bench-'));
  const file = option('--keep') ?? join(dir, 'kube-proxy-100k.rules');
  try {
    const dump = generateKubeDump({ rules: RULES });
    writeFileSync(file, dump.text);
    const shuffledFile = join(dir, 'kube-proxy-100k-shuffled.rules');
    writeFileSync(shuffledFile, shuffleRules(dump.text));
    const bytes = Buffer.byteLength(dump.text);
    const text = dump.text;
    console.log(
      `kube-proxy-shaped dump: ${dump.rules.toLocaleString('en')} rules, ${dump.services.toLocaleString('en')} Services, ${dump.endpoints.toLocaleString('en')} endpoints, ${mb(bytes).toFixed(1)} MB (${file})`,
    );
    const flags = process.execArgv.length ? process.execArgv.join(' ') : '(none)';
    console.log(
      `node ${process.version}, flags ${flags}; the CLI runs as plain \`node bin/netfilter-lab.mjs\``,
    );
    console.log(
      `${RUNS} timed runs after a warm-up, medians of wall and CPU time; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}\n`,
    );

    // (a) parse, and the heap that the parsed ruleset holds
    let result = parseRuleset(text);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length)
      console.log(
        `warning: ${errors.length} error diagnostics, first: ${errors[0]!.line}:${errors[0]!.column} ${errors[0]!.message}`,
      );
    if (countRules(result.ruleset) !== dump.rules)
      console.log(
        `warning: parsed ${countRules(result.ruleset)} rules, the dump has ${dump.rules}`,
      );
    // each run starts with only the text alive, as in a fresh process: the previous run's
    // ruleset is dropped and (with --expose-gc, as `npm run bench` runs) collected before the
    // clock starts, so no run pays for collecting the one before it
    const parse = time(
      () => {
        result = parseRuleset(text);
      },
      false,
      () => {
        result = undefined as unknown as typeof result;
        gc?.();
      },
    );
    let heap: number | undefined;
    if (gc) {
      result = undefined as unknown as typeof result;
      gc();
      result = parseRuleset(text);
      gc();
      heap = process.memoryUsage().heapUsed;
    }

    // (b) print
    let printed = '';
    const print = time(() => {
      printed = printSave(result.ruleset);
    });

    // (c) the real iptables-restore --test, (d) the CLI process
    const restore = timeIptablesRestore(file);
    const cli = timeCli(file);
    const shuffled = { restore: timeIptablesRestore(shuffledFile), cli: timeCli(shuffledFile) };
    const nodeAlone = nodeStart(CLI_ENV);
    const extraCa = process.env['NODE_EXTRA_CA_CERTS'];

    const rows: [string, string, string][] = [];
    rows.push([
      'parse (engine)',
      both(parse),
      `${(mb(bytes) / (parse.median / 1000)).toFixed(1)} MB/s, ${Math.round(dump.rules / (parse.median / 1000)).toLocaleString('en')} rules/s; first (cold) parse ${ms(parse.first)}`,
    ]);
    rows.push([
      'heap after parse',
      heap === undefined ? 'n/a' : `${mb(heap).toFixed(0)} MB`,
      heap === undefined ? 'run node with --expose-gc' : 'heapUsed after gc(), ruleset held',
    ]);
    rows.push([
      'print (iptables-save)',
      both(print),
      `${(mb(printed.length) / (print.median / 1000)).toFixed(1)} MB/s`,
    ]);
    rows.push([
      'iptables-restore --test',
      typeof restore === 'string' ? restore : both(restore),
      'in a throwaway network namespace',
    ]);
    rows.push([
      'CLI: netfilter-lab print',
      typeof cli === 'string' ? cli : both(cli),
      'node bin/netfilter-lab.mjs print FILE > /dev/null',
    ]);
    for (const [what, t] of [
      ['iptables-restore --test, interleaved', shuffled.restore],
      ['CLI: netfilter-lab print, interleaved', shuffled.cli],
    ] as const)
      rows.push([what, typeof t === 'string' ? t : both(t), 'rules interleaved across chains']);
    rows.push([
      'node -e 0',
      both(nodeAlone),
      extraCa === undefined
        ? "Node's own start-up"
        : `Node's own start-up; ${both(nodeStart(process.env))} with this environment's NODE_EXTRA_CA_CERTS (${extraCa}), which the CLI rows leave out`,
    ]);
    const w0 = Math.max(...rows.map((r) => r[0].length));
    const w1 = Math.max(...rows.map((r) => r[1].length));
    for (const [a, b, c] of rows) console.log(`  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`);

    console.log('\ntargets');
    const verdict = (ok: boolean | undefined) => (ok === undefined ? 'n/a ' : ok ? 'PASS' : 'FAIL');
    const r = typeof restore === 'string' ? undefined : restore.median;
    const c = typeof cli === 'string' ? undefined : cli.median;
    const rc = typeof restore === 'string' ? undefined : restore.cpu;
    const cc = typeof cli === 'string' ? undefined : cli.cpu;
    const lines: [boolean | undefined, string][] = [
      [
        r === undefined ? undefined : parse.median * 2 <= r,
        `parse ≥ 2× faster than iptables-restore --test: ${r === undefined || rc === undefined ? 'no iptables' : `${(r / parse.median).toFixed(2)}× by wall time, ${(rc / parse.cpu).toFixed(2)}× by CPU time`}`,
      ],
      [
        heap === undefined ? undefined : mb(heap) < 300,
        `heap < 300 MB: ${heap === undefined ? 'no --expose-gc' : `${mb(heap).toFixed(0)} MB`}`,
      ],
      [
        r === undefined || c === undefined || rc === undefined || cc === undefined
          ? undefined
          : c < r && cc < rc,
        `CLI print faster than iptables-restore --test: ${r === undefined || c === undefined || rc === undefined || cc === undefined ? 'not measured' : `${ms(c)} vs ${ms(r)} wall (${(c / r).toFixed(2)} of it), ${ms(cc)} vs ${ms(rc)} CPU (${(cc / rc).toFixed(2)})`}`,
      ],
      [
        typeof shuffled.cli === 'string' || typeof shuffled.restore === 'string'
          ? undefined
          : shuffled.cli.median < shuffled.restore.median &&
            shuffled.cli.cpu < shuffled.restore.cpu,
        `the same, rules interleaved: ${fasterVerdict(shuffled.cli, shuffled.restore)}`,
      ],
    ];
    for (const [ok, text] of lines) console.log(`  ${verdict(ok)}  ${text}`);

    const wallAndCpu = (t: Timing | string) => (typeof t === 'string' ? t : `${both(t)}`);
    const table: BenchRow[] = [
      {
        what: `parse the dump (engine, in process)`,
        measured: `${both(parse)}; ${(mb(bytes) / (parse.median / 1000)).toFixed(1)} MB/s`,
        target: '≥ 2× faster than `iptables-restore --test`',
        verdict:
          r === undefined || rc === undefined
            ? 'not judged: no iptables-restore'
            : judged(
                parse.median * 2 <= r,
                `${(r / parse.median).toFixed(2)}× by wall time, ${(rc / parse.cpu).toFixed(2)}× by CPU time`,
              ),
      },
      {
        what: '`iptables-restore --test` on the same file, in a throwaway network namespace',
        measured: wallAndCpu(restore),
      },
      {
        what: 'heap after the parse, ruleset held',
        measured:
          heap === undefined ? 'not measured (run with --expose-gc)' : `${mb(heap).toFixed(0)} MB`,
        target: '< 300 MB',
        ...(heap === undefined ? {} : { verdict: judged(mb(heap) < 300) }),
      },
      { what: 'print it as iptables-save (engine)', measured: both(print) },
      {
        what: '`node bin/netfilter-lab.mjs print FILE`, start-up included',
        measured: wallAndCpu(cli),
        target: 'faster than `iptables-restore --test`',
        verdict: fasterVerdict(cli, restore),
      },
      ...shuffledRows(shuffled.cli, shuffled.restore),
      {
        what: "`node -e 0`: Node's own start-up, which every CLI row includes",
        measured: both(nodeAlone),
      },
      ...realDumpRows(nodeAlone),
    ];
    saveSection(root, {
      id: 'parse',
      title: 'Parser and printer',
      input: `A generated kube-proxy dump: ${dump.rules.toLocaleString('en')} rules, ${dump.services.toLocaleString('en')} Services, ${dump.endpoints.toLocaleString('en')} endpoints, ${mb(bytes).toFixed(1)} MB; median of ${RUNS} runs, each parse starting with the previous ruleset collected; node processes run without \`NODE_EXTRA_CA_CERTS\`, which makes every one read a certificate bundle first (\`scripts/bench/bench.ts\`).`,
      rows: table,
      ...(typeof restore === 'string'
        ? {}
        : { figures: { restoreWallMs: restore.median, restoreCpuMs: restore.cpu } }),
    });
  } finally {
    if (!option('--keep')) rmSync(dir, { recursive: true, force: true });
  }
}

main();
