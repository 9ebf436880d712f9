import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (apt-get install chromium): no browser download.
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
// A free port of the kernel's choosing (not vite preview's 4173, which a developer may have
// open), written back to the environment so that Playwright's worker processes, which load this
// file again, use the same one. E2E_PORT chooses it by hand.
function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}
process.env['E2E_PORT'] ??= String(freePort());
const PORT = Number(process.env['E2E_PORT']);
// helpers working side by side give each run its own build folder
const OUT = process.env['E2E_OUT'] ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/playwright-${PORT}`,
  fullyParallel: false,
  // two browsers side by side on the two cores; E2E_WORKERS=1 runs one file at a time
  workers: Number(process.env['E2E_WORKERS'] ?? 2),
  projects: [
    { name: 'ui', grepInvert: /@measure/ },
    // the tests that print speed figures run alone, after the rest (e2e/measure-tag.ts)
    { name: 'measure', grep: /@measure/, workers: 1, dependencies: ['ui'] },
  ],
  retries: 0,
  forbidOnly: !!process.env['CI'],
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    // the static build, as it will be hosted: not the dev server
    command: `npx vite build --outDir ${OUT} --emptyOutDir && npx vite preview --outDir ${OUT} --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
