/** The options every editor of the app shares; the warm-up (monaco-warm.ts) uses the same font. */
export const EDITOR_BASE_OPTIONS = {
  minimap: { enabled: false },
  fontSize: 12.5,
  lineNumbersMinChars: 3,
  scrollBeyondLastLine: false,
  tabSize: 2,
  renderWhitespace: 'none',
  fixedOverflowWidgets: true,
} as const;
