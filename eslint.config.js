import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The dependency direction (docs/architecture.md) is enforced here: ui → worker → engine,
// cli → engine.
// And rules/ has two faces: outside it, only rules/index.ts (everything) and rules/model-face.ts
// (the model without the parser, for code on the page's first view and for the match and target
// modules, which the parser reads through) are imported (type-only imports too).
const RULES_FACE = {
  group: ['**/rules/*', '!**/rules/index.ts', '!**/rules/model-face.ts'],
  message: 'Import rules/ through its faces, rules/index.ts or rules/model-face.ts.',
};
// tests outside rules/ may also take the differential harness's rule generator
const RULES_FACE_FOR_TESTS = {
  ...RULES_FACE,
  group: [...RULES_FACE.group, '!**/rules/rule-text-arbitraries.ts'],
};
const MODULES_RULES_FACE = {
  group: ['**/rules/*', '!**/rules/index.ts', '!**/rules/model-face.ts'],
  message:
    'Match and target modules import rules/ through rules/model-face.ts (or index.ts for types).',
};
const noUpwardImports = (patterns, rulesFace = RULES_FACE) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...(patterns.length
          ? [
              {
                group: patterns,
                message: 'Dependencies point ui → worker → engine and cli → engine.',
              },
            ]
          : []),
        ...(rulesFace ? [rulesFace] : []),
      ],
    },
  ],
});
const ENGINE_UPWARD = [
  '**/ui/**',
  '**/worker/**',
  '**/cli/**',
  'react',
  'react-dom',
  'node:*',
  'fs',
  'path',
];
const ENGINE_TEST_UPWARD = ['**/ui/**', '**/worker/**', '**/cli/**', 'react'];

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
  // small files with one job, functions that read in one screen (docs/architecture.md)
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.bench.ts', 'src/**/test-kit.ts'],
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
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
    rules: noUpwardImports(ENGINE_UPWARD),
  },
  // tests beside engine code may read fixtures from disk, but never reach up into the app
  {
    files: ['src/engine/**/*.test.ts'],
    rules: noUpwardImports(ENGINE_TEST_UPWARD, RULES_FACE_FOR_TESTS),
  },
  // a module's evaluate knows the simulator's types but none of its code: what a match asks of
  // the host comes through its context (modules/evaluate.ts), so the parser, which reads rules
  // through the module registry, never loads the simulator
  {
    files: ['src/engine/modules/**/*.ts'],
    ignores: ['src/engine/modules/**/*.test.ts'],
    rules: {
      ...noUpwardImports(ENGINE_UPWARD, MODULES_RULES_FACE),
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/netfilter/**', '**/cluster/**', '**/scenario/**', '**/lessons/**'],
              allowTypeImports: true,
              message: 'Match and target modules import only the types of the simulator.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/engine/modules/**/*.test.ts'],
    rules: noUpwardImports(ENGINE_TEST_UPWARD, MODULES_RULES_FACE),
  },
  // inside rules/ its files import each other
  {
    files: ['src/engine/rules/**/*.ts'],
    ignores: ['src/engine/rules/**/*.test.ts'],
    rules: noUpwardImports(ENGINE_UPWARD, null),
  },
  {
    files: ['src/engine/rules/**/*.test.ts'],
    rules: noUpwardImports(ENGINE_TEST_UPWARD, null),
  },
  { files: ['scripts/**/*.ts', 'e2e/**/*.ts', 'tests/**/*.ts'], rules: noUpwardImports([]) },
  { files: ['src/worker/**/*.ts'], rules: noUpwardImports(['**/ui/**', '**/cli/**', 'react']) },
  { files: ['src/cli/**/*.ts'], rules: noUpwardImports(['**/ui/**', '**/worker/**', 'react']) },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/main.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...noUpwardImports(['**/cli/**']) },
  },
);
