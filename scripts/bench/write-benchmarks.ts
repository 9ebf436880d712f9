/**
 * The last step of `npm run bench`: gathers the rows each benchmark saved under
 * build/bench-results/ and rewrites docs/benchmarks.md with them and the machine they ran on.
 * npm hands this step the command's own arguments, so `npm run bench -- --vs REV` runs the
 * side-by-side comparison (build/bench-vs.mjs, from vs.ts) here, first.
 * Formatted with the project's prettier settings so the page passes `npm run format:check`.
 * Bundled to build/bench-report.mjs by scripts/bench/build-bench.mjs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, type } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import {
  renderBenchmarks,
  resultsDir,
  SECTION_ORDER,
  sideBySideFile,
  type BenchSection,
  type Machine,
} from './report.ts';
import type { SideBySide } from './vs-report.ts';

const root = fileURLToPath(new URL('..', import.meta.url)); // build/ → project root
const page = join(root, 'docs', 'benchmarks.md');

function iptablesVersion(): string | null {
  const r = spawnSync('iptables', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

const vsArgs = process.argv.slice(2);
if (vsArgs.length) {
  const vs = spawnSync(process.execPath, [join(root, 'build', 'bench-vs.mjs'), ...vsArgs], {
    stdio: 'inherit',
  });
  if (vs.status !== 0) console.log(`\nthe side-by-side run failed (exit ${vs.status})`);
}

const machine: Machine = {
  cores: cpus().length,
  cpuModel: cpus()[0]?.model.trim() ?? 'unknown CPU',
  node: process.version,
  os: `${type()} ${release()}`,
  iptables: iptablesVersion(),
  loadAverage: loadavg(),
  date: new Date().toISOString().slice(0, 16).replace('T', ' '),
};

const sections = new Map<BenchSection['id'], BenchSection>();
for (const id of SECTION_ORDER) {
  const file = join(resultsDir(root), `${id}.json`);
  if (existsSync(file)) sections.set(id, JSON.parse(readFileSync(file, 'utf8')) as BenchSection);
}

const sideBySide = existsSync(sideBySideFile(root))
  ? (JSON.parse(readFileSync(sideBySideFile(root), 'utf8')) as SideBySide[])
  : [];

const text = await format(renderBenchmarks(machine, sections, sideBySide), {
  ...(await resolveConfig(page)),
  filepath: page,
});
writeFileSync(page, text);
console.log(
  `\nwrote ${page} (${sections.size} of ${SECTION_ORDER.length} benchmarks, ${sideBySide.length} side-by-side)`,
);
