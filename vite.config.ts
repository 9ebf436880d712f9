import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  base: './',
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
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
