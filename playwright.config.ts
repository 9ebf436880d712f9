import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (apt-get install chromium): no browser download.
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
// helpers working side by side give each run its own port and build folder
const PORT = Number(process.env['E2E_PORT'] ?? 4173);
const OUT = process.env['E2E_OUT'] ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/playwright-${PORT}`,
  fullyParallel: false,
  workers: 1,
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
