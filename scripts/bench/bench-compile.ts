/**
 * The cluster compiler's speed target (issue 4): compile one node's rules for 5,000 Services ×
 * 10 endpoints on 10 nodes in under 2 s.
 * The cluster: generate-cluster.ts.
 *
 * Figures are the median of RUNS timed runs after one warm-up, as wall time and as CPU time
 * (process.cpuUsage: user + system, so the garbage collector's helper threads count). The machine
 * may be shared: CPU time wanders less than wall time.
 *   node build/bench-compile.mjs [--runs N] [--services N] [--keep FILE]
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { compileModelNode, loadCluster } from '../../src/engine/cluster/index.ts';
import { generateCluster, NODES, REPLICAS, SERVICES } from './generate-cluster.ts';
import { scaledTotal, TARGET_MS, TARGET_RESTORE_MS } from './compile-target.ts';
import { readFigure, saveSection, verdict } from './report.ts';

const args = process.argv.slice(2);
const option = (flag: string): string | undefined => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(option('--runs') ?? 3);
const SERVICE_COUNT = Number(option('--services') ?? SERVICES);

interface Timing {
  wall: number;
  cpu: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function measure<T>(fn: () => T): { value: T; t: Timing } {
  const c0 = cpuMs();
  const w0 = performance.now();
  const value = fn();
  return { value, t: { wall: performance.now() - w0, cpu: cpuMs() - c0 } };
}

export interface CompileBench {
  yamlBytes: number;
  pods: number;
  services: number;
  rules: number;
  errors: number;
  load: Timing;
  compile: Timing;
  total: Timing;
  text: string;
}

export function benchCompile(text: string, runs = RUNS): CompileBench {
  const load: Timing[] = [];
  const compile: Timing[] = [];
  const total: Timing[] = [];
  // only counts and the text are kept between runs: a previous run's model would stay live and
  // make the next run's garbage collections mark it again
  let last:
    { pods: number; services: number; rules: number; errors: number; text: string } | undefined;
  for (let i = 0; i <= runs; i++) {
    const l = measure(() => loadCluster(text));
    const c = measure(() => compileModelNode(l.value.model, 'node-0'));
    let rules = 0;
    for (const t of c.value.ruleset.tables) for (const ch of t.chains) rules += ch.rules.length;
    const errors = [...l.value.diagnostics, ...c.value.diagnostics].filter(
      (d) => d.severity === 'error',
    ).length;
    const { pods, services } = l.value.model;
    last = {
      pods: pods.length,
      services: services.length,
      rules,
      errors,
      text: c.value.rulesetText,
    };
    if (i === 0) continue; // the warm-up: the JIT has not compiled the hot code yet
    load.push(l.t);
    compile.push(c.t);
    total.push({ wall: l.t.wall + c.t.wall, cpu: l.t.cpu + c.t.cpu });
  }
  const med = (ts: Timing[]): Timing => ({
    wall: median(ts.map((t) => t.wall)),
    cpu: median(ts.map((t) => t.cpu)),
  });
  return {
    yamlBytes: text.length,
    pods: last?.pods ?? 0,
    services: last?.services ?? 0,
    rules: last?.rules ?? 0,
    errors: last?.errors ?? 0,
    load: med(load),
    compile: med(compile),
    total: med(total),
    text: last?.text ?? '',
  };
}

// run alone: node build/bench-compile.mjs
if (import.meta.url === `file://${process.argv[1]}`) {
  const yaml = generateCluster(SERVICE_COUNT);
  const r = benchCompile(yaml);
  const keep = option('--keep');
  if (keep) writeFileSync(keep, r.text);
  const ms = (t: Timing) =>
    `${t.wall.toFixed(0).padStart(6)} ms wall ${t.cpu.toFixed(0).padStart(6)} ms CPU`;
  console.log(
    `cluster compiler: ${r.services.toLocaleString('en')} Services × ${REPLICAS} endpoints (Deployments), ` +
      `${r.pods.toLocaleString('en')} pods on ${NODES} nodes, ${(r.yamlBytes / 1e6).toFixed(1)} MB of YAML → ` +
      `${r.rules.toLocaleString('en')} rules on node-0 (median of ${RUNS}; load average ${loadavg()[0]?.toFixed(1)})`,
  );
  if (r.errors) console.log(`  ${r.errors} error diagnostics (expected none)`);
  console.log(`${'  load the YAML (loadCluster)'.padEnd(44)} ${ms(r.load)}`);
  console.log(`${'  compile node-0 (compileModelNode)'.padEnd(44)} ${ms(r.compile)}`);
  const ok = r.total.wall < TARGET_MS && r.errors === 0;
  console.log(`${'  total'.padEnd(44)} ${ms(r.total)}   target < 2 s  ${ok ? 'PASS' : 'FAIL'}`);
  const cell = (t: Timing) => `${t.wall.toFixed(0)} ms (cpu ${t.cpu.toFixed(0)} ms)`;
  const root = fileURLToPath(new URL('..', import.meta.url));
  const scaled = scaledTotal(r.total.wall, readFigure(root, 'parse', 'restoreWallMs'));
  const scaledCpu = scaledTotal(r.total.cpu, readFigure(root, 'parse', 'restoreCpuMs'));
  const scaledText = scaled
    ? `${scaled.text}${scaledCpu ? `; by CPU time ${scaledCpu.text}` : ''}`
    : undefined;
  if (scaledText) console.log(`  scaled: ${scaledText}`);
  saveSection(root, {
    id: 'compile',
    title: 'Cluster compiler',
    input:
      `${r.services.toLocaleString('en')} Services × ${REPLICAS} endpoints written as Deployments, ` +
      `${r.pods.toLocaleString('en')} pods on ${NODES} nodes, ${(r.yamlBytes / 1e6).toFixed(1)} MB of YAML → ` +
      `${r.rules.toLocaleString('en')} rules on node-0; median of ${RUNS} runs (\`scripts/bench/bench-compile.ts\`). ` +
      `The 2 s target was set on a machine where \`iptables-restore --test\` read the parser's dump in ` +
      `about ${TARGET_RESTORE_MS / 1000} s, so the total is also shown scaled by that time over the one ` +
      `measured in this run: it says whether the target holds here as it was meant, on a machine of that speed ` +
      `(judged by wall time, as the target was; on a loaded machine the CPU figure is the steadier one, though ` +
      `it also counts the garbage collector's helper threads).`,
    rows: [
      { what: 'load the YAML (`loadCluster`)', measured: cell(r.load) },
      { what: 'compile node-0 (`compileModelNode`)', measured: cell(r.compile) },
      {
        what: 'total',
        measured: cell(r.total),
        target: '< 2 s wall, no error',
        verdict: verdict(ok, r.errors ? `${r.errors} error diagnostics` : ''),
      },
      {
        what: `total, scaled to \`iptables-restore --test\` taking ${TARGET_RESTORE_MS / 1000} s on the parser's dump`,
        measured: scaledText ?? 'not scaled: this run measured no `iptables-restore --test`',
        target: '< 2 s wall, no error',
        verdict: scaled
          ? verdict(
              scaled.ms < TARGET_MS && r.errors === 0,
              r.errors ? `${r.errors} error diagnostics` : '',
            )
          : 'not judged',
      },
    ],
  });
}
