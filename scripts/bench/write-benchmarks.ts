/**
 * The last step of `npm run bench`: gathers the rows each benchmark saved under
 * build/bench-results/ and rewrites docs/benchmarks.md with them and the machine they ran on.
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
  type BenchSection,
  type Machine,
} from './report.ts';

const root = fileURLToPath(new URL('..', import.meta.url)); // build/ → project root
const page = join(root, 'docs', 'benchmarks.md');

function iptablesVersion(): string | null {
  const r = spawnSync('iptables', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
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

const text = await format(renderBenchmarks(machine, sections), {
  ...(await resolveConfig(page)),
  filepath: page,
});
writeFileSync(page, text);
console.log(`\nwrote ${page} (${sections.size} of ${SECTION_ORDER.length} benchmarks)`);
