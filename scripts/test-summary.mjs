// Sums the JSON reports of the test runners into the last line of scripts/test-all.sh:
// `tests: N passed, M failed[, K skipped]`, and exits non-zero when anything failed.
//   node scripts/test-summary.mjs NAME=REPORT.json… [--failed="step step"]
// A runner listed in --failed that left no report (it crashed before testing) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

const reports = [];
let failedSteps = [];
for (const arg of process.argv.slice(2)) {
  if (arg.startsWith('--failed='))
    failedSteps = arg.slice('--failed='.length).split(' ').filter(Boolean);
  else {
    const eq = arg.indexOf('=');
    reports.push({ name: arg.slice(0, eq), file: arg.slice(eq + 1) });
  }
}

/** Vitest's json reporter (jest's shape) or Playwright's. */
function count(report) {
  if (report.stats && 'expected' in report.stats) {
    const s = report.stats;
    return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
  }
  // a test file that failed to load has no tests in it: count it as one failure
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

const total = { passed: 0, failed: 0, skipped: 0 };
const notes = [];
for (const { name, file } of reports) {
  if (!existsSync(file)) {
    if (failedSteps.includes(name)) {
      total.failed += 1;
      notes.push(`${name}: the runner failed before writing ${file}`);
    }
    continue;
  }
  const c = count(JSON.parse(readFileSync(file, 'utf8')));
  notes.push(
    `${name}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`,
  );
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
}

const checks = failedSteps.filter((s) => !reports.some((r) => r.name === s));
for (const n of notes) console.log(n);
if (checks.length) console.log(`checks failed: ${checks.join(', ')}`);
console.log(
  `tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exitCode = total.failed > 0 || failedSteps.length > 0 ? 1 : 0;
