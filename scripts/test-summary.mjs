// Sums the JSON reports of the test runners into the last line of scripts/test-all.sh:
// `tests: N passed, M failed[, K skipped]`, and exits non-zero when anything failed.
//   node scripts/test-summary.mjs NAME=REPORT.json… [--failed="step step"]
// The closing line never says `0 failed` when something did not run: a runner that left no
// report, ran no test, reported errors outside its tests (a web server that could not start), or
// exited non-zero with every test passed counts as one failure; so does each failed check step
// (typecheck, lint, format) that has no report of its own.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Vitest's json reporter (jest's shape), Playwright's, or `lessons check --report` (one test per lesson). */
export function countReport(report) {
  if (report.kind === 'lessons')
    return { passed: report.passed ?? 0, failed: report.failed ?? 0, skipped: 0, errors: 0 };
  if (report.stats && 'expected' in report.stats) {
    const s = report.stats;
    return {
      passed: s.expected + s.flaky,
      failed: s.unexpected,
      skipped: s.skipped,
      errors: (report.errors ?? []).length,
    };
  }
  // a test file that failed to load has no tests in it: count it as one failure
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    errors: report.numRuntimeErrors ?? 0,
  };
}

/**
 * @param {{name: string, report: object | undefined, file: string}[]} runners each runner's parsed
 *   report, or undefined when it left none
 * @param {string[]} failedSteps the steps whose command exited non-zero
 * @returns {{lines: string[], failed: number}}
 */
export function summarise(runners, failedSteps) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const lines = [];
  for (const { name, file, report } of runners) {
    if (report === undefined) {
      total.failed += 1;
      lines.push(`${name}: did not run (no report at ${file}): counted as 1 failed`);
      continue;
    }
    const c = countReport(report);
    let failed = c.failed + c.errors;
    const why = [];
    if (c.errors > 0) why.push(`${c.errors} error(s) outside its tests`);
    if (c.passed + c.failed + c.skipped === 0) {
      failed = Math.max(failed, 1);
      why.push('ran no test');
    } else if (failed === 0 && failedSteps.includes(name)) {
      failed = 1;
      why.push('the runner exited non-zero with every test passed');
    }
    total.passed += c.passed;
    total.failed += failed;
    total.skipped += c.skipped;
    lines.push(
      `${name}: ${c.passed} passed, ${failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}` +
        (why.length ? ` (${why.join('; ')})` : ''),
    );
  }
  const checks = failedSteps.filter((s) => !runners.some((r) => r.name === s));
  if (checks.length) {
    total.failed += checks.length;
    lines.push(`checks failed: ${checks.join(', ')} (each counted as 1 failed)`);
  }
  lines.push(
    `tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
  );
  return { lines, failed: total.failed };
}

function main(argv) {
  const runners = [];
  let failedSteps = [];
  for (const arg of argv) {
    if (arg.startsWith('--failed='))
      failedSteps = arg.slice('--failed='.length).split(' ').filter(Boolean);
    else {
      const eq = arg.indexOf('=');
      const name = arg.slice(0, eq);
      const file = arg.slice(eq + 1);
      let report;
      if (existsSync(file)) {
        try {
          report = JSON.parse(readFileSync(file, 'utf8'));
        } catch {
          report = undefined;
        }
      }
      runners.push({ name, file, report });
    }
  }
  const { lines, failed } = summarise(runners, failedSteps);
  for (const l of lines) console.log(l);
  process.exitCode = failed > 0 || failedSteps.length > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2));
