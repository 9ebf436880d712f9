/**
 * The simulator's speed targets (issue 3), on the same generated 100,000-rule kube-proxy dump as
 * the parse benchmark, plus one Service with 100 endpoints added last in KUBE-SERVICES (the
 * worst place: every Service rule before it is tried first):
 *   - one packet traced (every step recorded), median < 5 ms;
 *   - all paths of the 100-endpoint Service enumerated with exact probabilities, < 50 ms;
 *   - 10,000 sampled packets, < 1 s.
 * Bundled to build/bench-trace.mjs by scripts/bench/build-bench.mjs.
 */
import { parseRuleset } from '../../src/engine/rules/index.ts';
import {
  readHost,
  readPackets,
  sampleOutcomes,
  simulate,
  simulateAllPaths,
} from '../../src/engine/netfilter/index.ts';
import { fileURLToPath } from 'node:url';
import { generateKubeDump } from './generate-kube.ts';
import { saveSection, verdict, type BenchRow } from './report.ts';
import { BIG, HOST, PACKET, withBigService } from './trace-input.ts';

export interface TraceBench {
  rules: number;
  traceMs: number;
  steps: number;
  allPathsMs: number;
  outcomes: number;
  minShare: number;
  maxShare: number;
  sampleMs: number;
  sampled: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function timed(runs: number, fn: () => void): number {
  fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  return median(t);
}

export function benchTrace(dumpText: string): TraceBench {
  const parsed = parseRuleset(withBigService(dumpText));
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`bench dump has errors: ${errors[0]!.message}`);
  const host = readHost(HOST).host;
  const packets = readPackets(PACKET).packets;
  let steps = 0;
  const traceMs = timed(21, () => {
    steps = simulate(parsed.ruleset, host, packets, { seed: 1 }).packets[0]!.steps.length;
  });
  let outcomes: ReturnType<typeof simulateAllPaths>['outcomes'] = [];
  const allPathsMs = timed(5, () => {
    outcomes = simulateAllPaths(parsed.ruleset, host, packets).outcomes;
  });
  const shares = outcomes.map((o) => o.probability);
  let sampled = 0;
  const sampleMs = timed(3, () => {
    sampled = sampleOutcomes(parsed.ruleset, host, packets, { runs: 10_000, seed: 1 }).reduce(
      (n, o) => n + o.count,
      0,
    );
  });
  let rules = 0;
  for (const t of parsed.ruleset.tables) for (const c of t.chains) rules += c.rules.length;
  return {
    rules,
    traceMs,
    steps,
    allPathsMs,
    outcomes: outcomes.length,
    minShare: Math.min(...shares),
    maxShare: Math.max(...shares),
    sampleMs,
    sampled,
  };
}

// run alone: node build/bench-trace.mjs
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = benchTrace(generateKubeDump().text);
  const rows: BenchRow[] = [];
  const row = (what: string, measured: string, target: string, ok: boolean) => {
    console.log(
      `${what.padEnd(44)} ${measured.padStart(12)}   target ${target.padEnd(8)} ${ok ? 'PASS' : 'FAIL'}`,
    );
    rows.push({ what, measured, target, verdict: verdict(ok) });
  };
  console.log(
    `simulator on ${r.rules.toLocaleString('en')} rules (a Service with ${BIG} endpoints last in KUBE-SERVICES)`,
  );
  row(
    `one packet traced (${r.steps} steps, median of 21)`,
    `${r.traceMs.toFixed(2)} ms`,
    '< 5 ms',
    r.traceMs < 5,
  );
  const shares = `each endpoint ${(r.minShare * 100).toFixed(4)}–${(r.maxShare * 100).toFixed(4)} %`;
  row(
    `all paths, ${r.outcomes} outcomes, ${shares} (median of 5)`,
    `${r.allPathsMs.toFixed(1)} ms`,
    '< 50 ms',
    r.allPathsMs < 50,
  );
  row(
    `${r.sampled.toLocaleString('en')} sampled packets (median of 3)`,
    `${r.sampleMs.toFixed(0)} ms`,
    '< 1 s',
    r.sampleMs < 1000,
  );
  saveSection(fileURLToPath(new URL('..', import.meta.url)), {
    id: 'trace',
    title: 'Simulator',
    input: `The parser's generated dump plus one Service with ${BIG} endpoints whose rule is last in KUBE-SERVICES (every Service rule before it is tried first): ${r.rules.toLocaleString('en')} rules (\`scripts/bench/bench-trace.ts\`).`,
    rows,
  });
}
