/**
 * Monaco evaluated layer by layer, each in a task of its own, before the editor itself: in one
 * piece its code was one task of several hundred milliseconds. vite.config.ts puts each layer
 * (base, platform, the editor's model, its view, the standalone services, the features) in a
 * chunk of its own; importing any module of a layer evaluates that layer's chunk, the layers
 * below it being done already.
 */
import { nextTask } from '../next-task.ts';

const LAYERS: (() => Promise<unknown>)[] = [
  () => import('monaco-editor/esm/vs/base/common/lifecycle.js'),
  () => import('monaco-editor/esm/vs/platform/instantiation/common/instantiation.js'),
  () => import('monaco-editor/esm/vs/editor/common/core/range.js'),
  () => import('monaco-editor/esm/vs/editor/browser/editorExtensions.js'),
  () => import('monaco-editor/esm/vs/editor/standalone/browser/standaloneServices.js'),
  // the editor's features (find, folding, hover, suggest...), in two halves
  () => import('monaco-editor/esm/vs/editor/contrib/find/browser/findController.js'),
  () => import('monaco-editor/esm/vs/editor/contrib/suggest/browser/suggestController.js'),
];

export async function monacoInStages(): Promise<void> {
  for (const layer of LAYERS) {
    await layer();
    await nextTask();
  }
}
