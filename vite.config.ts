import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { firstViewPreload } from './scripts/first-view-preload.ts';

export default defineConfig({
  plugins: [
    react(),
    // what the first view loads, fetched at once (src/main.tsx and src/ui/App.tsx import them
    // one after another)
    firstViewPreload([
      'react-dom/client.js',
      'src/ui/boot.tsx',
      'src/ui/shell/ViewsPane.tsx',
      'src/ui/shell/TracePane.tsx',
    ]),
  ],
  base: './',
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  // module workers: a worker's dynamic imports (the lesson files in src/worker/lesson-files.ts)
  // become chunks of their own, fetched when first asked for, not part of the worker's start
  worker: {
    format: 'es',
    rolldownOptions: {
      // the lesson files (read as text) in one chunk: one request when lessons are first asked for
      output: {
        codeSplitting: { groups: [{ name: 'lesson-files', test: /[\\/]lessons[\\/].*\?raw$/ }] },
      },
    },
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Monaco's layers in chunks of their own, so that src/ui/editor/monaco-stages.ts can
          // have them evaluated one task each (in one chunk it was one task of several hundred ms)
          groups: [
            { name: 'monaco-base', test: /monaco-editor[\\/]esm[\\/]vs[\\/]base[\\/]/ },
            { name: 'monaco-platform', test: /monaco-editor[\\/]esm[\\/]vs[\\/]platform[\\/]/ },
            {
              name: 'monaco-model',
              test: /monaco-editor[\\/]esm[\\/]vs[\\/]editor[\\/]common[\\/]/,
            },
            {
              name: 'monaco-view',
              test: /monaco-editor[\\/]esm[\\/]vs[\\/]editor[\\/]browser[\\/]/,
            },
            {
              name: 'monaco-standalone',
              test: /monaco-editor[\\/]esm[\\/]vs[\\/]editor[\\/]standalone[\\/]/,
            },
            {
              name: 'monaco-features-a',
              test: /monaco-editor[\\/]esm[\\/]vs[\\/]editor[\\/]contrib[\\/][a-h]/,
            },
            {
              name: 'monaco-features-b',
              test: /monaco-editor[\\/]esm[\\/]vs[\\/]editor[\\/]contrib[\\/][i-z]/,
            },
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
  },
});
