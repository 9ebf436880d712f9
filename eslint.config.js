import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The dependency direction (docs/architecture.md) is enforced here: ui → worker → engine,
// cli → engine.
const noUpwardImports = (patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: patterns, message: 'Dependencies point ui → worker → engine and cli → engine.' },
      ],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'build',
      'node_modules',
      'test-results',
      'playwright-report',
      'e2e/artifacts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: noUpwardImports([
      '**/ui/**',
      '**/worker/**',
      '**/cli/**',
      'react',
      'react-dom',
      'node:*',
      'fs',
      'path',
    ]),
  },
  // tests beside engine code may read fixtures from disk, but never reach up into the app
  {
    files: ['src/engine/**/*.test.ts'],
    rules: noUpwardImports(['**/ui/**', '**/worker/**', '**/cli/**', 'react']),
  },
  { files: ['src/worker/**/*.ts'], rules: noUpwardImports(['**/ui/**', '**/cli/**', 'react']) },
  { files: ['src/cli/**/*.ts'], rules: noUpwardImports(['**/ui/**', '**/worker/**', 'react']) },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/main.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...noUpwardImports(['**/cli/**']) },
  },
);
