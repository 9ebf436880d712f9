// Monaco's ESM files ship without their own declarations; the API's types describe them.
declare module 'monaco-editor/esm/vs/editor/editor.api.js' {
  export * from 'monaco-editor/esm/vs/editor/editor.api';
}
declare module 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
declare module 'monaco-yaml/yaml.worker.js';
declare module 'monaco-editor/esm/vs/editor/browser/config/tabFocus.js' {
  /** whether Tab moves focus (true) or indents (false), for every editor on the page */
  export const TabFocus: {
    getTabFocusMode(): boolean;
    setTabFocusMode(on: boolean): void;
  };
}
// the layers monaco-stages.ts loads ahead of the editor, for their side effects only
declare module 'monaco-editor/esm/vs/base/*';
declare module 'monaco-editor/esm/vs/platform/*';
declare module 'monaco-editor/esm/vs/editor/common/*';
declare module 'monaco-editor/esm/vs/editor/browser/editorExtensions.js';
// the editor features monaco-features.ts picks, for their side effects only
declare module 'monaco-editor/esm/vs/editor/browser/*';
declare module 'monaco-editor/esm/vs/editor/standalone/*';
declare module 'monaco-editor/esm/vs/editor/contrib/*';
