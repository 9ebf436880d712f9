/**
 * The first Monaco editor of a page does work that any later one skips: the services and
 * editor features are instantiated, the languages registered, the font measured, every
 * contribution constructed for the first time. Done in the commit that swaps the light editor
 * for Monaco, it made one task of well over 100 ms. Here it is done ahead, a task per step,
 * ending with a throwaway editor off screen, so that the swap itself only builds the learner's
 * editor.
 */
import { PixelRatio } from 'monaco-editor/esm/vs/base/browser/pixelRatio.js';
import { FontMeasurements } from 'monaco-editor/esm/vs/editor/browser/config/fontMeasurements.js';
import { editorOptionsRegistry } from 'monaco-editor/esm/vs/editor/common/config/editorOptions.js';
import { BareFontInfo } from 'monaco-editor/esm/vs/editor/common/config/fontInfo.js';
import { TokenizationRegistry } from 'monaco-editor/esm/vs/editor/common/languages.js';
import { StandaloneServices } from 'monaco-editor/esm/vs/editor/standalone/browser/standaloneServices.js';
import { nextTask } from '../next-task.ts';
import { EDITOR_BASE_OPTIONS } from './editor-options.ts';
import { configureIptables, configureYaml, monaco } from './monaco-setup.ts';

function afterFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

/**
 * The editors' font measured as an editor would (its options validated, then read): Monaco
 * keeps the measurement by font, so the editors made later find it done.
 */
function measureFont(): void {
  const raw: Record<string, unknown> = { ...EDITOR_BASE_OPTIONS };
  const byId = new Map(editorOptionsRegistry.map((o) => [o.id, o]));
  const validated = {
    get: (id: number) => {
      const o = byId.get(id);
      return o?.validate(raw[o.name]);
    },
  };
  const font = BareFontInfo.createFromValidatedSettings(
    validated,
    PixelRatio.getInstance(window).value,
    false,
  );
  FontMeasurements.readFontInfo(window, font);
}

/** A throwaway editor, off screen and without a model, made and disposed in tasks apart. */
async function throwawayEditor(): Promise<void> {
  const box = document.createElement('div');
  // laid out but never seen nor reached
  box.style.cssText =
    'position:fixed;left:-10000px;top:0;width:320px;height:120px;visibility:hidden';
  box.setAttribute('aria-hidden', 'true');
  document.body.appendChild(box);
  const ed = monaco.editor.create(box, {
    ...EDITOR_BASE_OPTIONS,
    model: null,
    dimension: { width: 320, height: 120 },
  });
  await nextTask();
  ed.dispose();
  box.remove();
}

const STEPS: (() => void | Promise<void>)[] = [
  () => {
    StandaloneServices.initialize({});
  },
  configureYaml,
  configureIptables,
  // Monaco's style sheets have just come: with the page drawn first, measuring the font lays
  // out only the measuring box, not the whole page
  () => afterFrame().then(measureFont),
  throwawayEditor,
];

let warmed: Promise<void> | null = null;

async function warm(): Promise<void> {
  for (const step of STEPS) {
    await step();
    await nextTask();
  }
}

/** Resolves once every step has run; the same promise for every caller. */
export function warmMonaco(): Promise<void> {
  warmed ??= warm();
  return warmed;
}

/** Lines tokenized ahead: more than any editor of the app shows at once. */
const FIRST_LINES = 120;

/** The model's tokens, which Monaco's public types leave out. */
interface Tokenized {
  tokenization?: { forceTokenization?(lineNumber: number): void };
}

/**
 * The model an editor of `uri` will show, made before the editor in a task of its own, and
 * its first lines tokenized in another once the language's grammar has come: the editor's
 * creation and first frame then find both done. The editor sets the text again if the learner
 * typed in between.
 */
export async function prepareModel(uri: string, language: string, text: () => string) {
  const u = monaco.Uri.parse(uri);
  const model = monaco.editor.getModel(u) ?? monaco.editor.createModel(text(), language, u);
  await nextTask();
  await TokenizationRegistry.getOrCreate(language);
  await nextTask();
  if (model.isDisposed()) return;
  (model as Tokenized).tokenization?.forceTokenization?.(
    Math.min(model.getLineCount(), FIRST_LINES),
  );
  await nextTask();
}
