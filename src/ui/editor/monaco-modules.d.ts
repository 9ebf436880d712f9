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
declare module 'monaco-editor/esm/vs/editor/standalone/browser/standaloneServices.js' {
  /** Monaco's service container; the first call instantiates the services and editor features */
  export const StandaloneServices: { initialize(overrides: object): unknown };
}
// what monaco-warm.ts needs to measure the editor's font ahead, as the editor itself would
declare module 'monaco-editor/esm/vs/editor/common/config/editorOptions.js' {
  export const editorOptionsRegistry: {
    id: number;
    name: string;
    validate(input: unknown): unknown;
  }[];
}
declare module 'monaco-editor/esm/vs/editor/common/config/fontInfo.js' {
  export class BareFontInfo {
    static createFromValidatedSettings(
      options: { get(id: number): unknown },
      pixelRatio: number,
      ignoreEditorZoom: boolean,
    ): BareFontInfo;
  }
}
declare module 'monaco-editor/esm/vs/editor/browser/config/fontMeasurements.js' {
  import type { BareFontInfo } from 'monaco-editor/esm/vs/editor/common/config/fontInfo.js';
  export const FontMeasurements: { readFontInfo(win: Window, font: BareFontInfo): unknown };
}
declare module 'monaco-editor/esm/vs/base/browser/pixelRatio.js' {
  export const PixelRatio: { getInstance(win: Window): { value: number } };
}
declare module 'monaco-editor/esm/vs/editor/common/languages.js' {
  /** resolves once the language's tokenizer is registered (loading its grammar if need be) */
  export const TokenizationRegistry: { getOrCreate(languageId: string): Promise<unknown> };
}
