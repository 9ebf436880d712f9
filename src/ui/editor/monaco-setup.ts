/**
 * Monaco, bundled by Vite (no CDN): the editor core with its features, the YAML grammar, the
 * YAML language service (monaco-yaml, fed the cluster JSON Schema) and the iptables-save
 * grammar. Its workers are Vite `?worker` bundles. Only the lazily loaded editor imports this;
 * the languages are set up by monaco-warm.ts, a task each, before the first editor is made.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';
import './monaco-features.ts';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import { TabFocus } from 'monaco-editor/esm/vs/editor/browser/config/tabFocus.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import { configureMonacoYaml, type JSONSchema } from 'monaco-yaml';
import { clusterSchema } from '../../engine/cluster/manifests/schema.ts';
import YamlWorker from './yaml.worker.ts?worker';
import { registerIptablesLanguage } from './iptables-language.ts';
import { CLUSTER_MODEL_URI } from './language-ids.ts';

declare global {
  interface Window {
    MonacoEnvironment?: monaco.Environment;
  }
}

function workerFor(label: string): Worker {
  return label === 'yaml' ? new YamlWorker() : new EditorWorker();
}

window.MonacoEnvironment = {
  getWorker: (_moduleId: string, label: string) => workerFor(label),
};

/*
 * monaco-yaml (through monaco-worker-manager) still asks for a worker the old way, by label and
 * createData; Monaco 0.54's core wants the Worker itself. Monaco's full bundle bridges the two;
 * this app loads only the core, so it bridges them here: start the worker, hand it its data.
 */
interface LegacyWorkerOptions {
  label?: string;
  createData?: unknown;
  host?: unknown;
  keepIdleModels?: boolean;
  worker?: Worker | Promise<Worker>;
}
const createWebWorker = monaco.editor.createWebWorker;
Object.assign(monaco.editor, {
  createWebWorker(opts: LegacyWorkerOptions) {
    if (opts.worker) return createWebWorker({ ...opts, worker: opts.worker });
    const worker = workerFor(opts.label ?? '');
    worker.postMessage('start');
    worker.postMessage(opts.createData);
    return createWebWorker({
      worker,
      host: opts.host,
      keepIdleModels: opts.keepIdleModels ?? false,
    });
  },
});

/** The YAML language service, fed the cluster's JSON Schema. */
export function configureYaml(): void {
  configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    validate: true,
    completion: true,
    hover: true,
    schemas: [
      {
        uri: clusterSchema.$id,
        fileMatch: [CLUSTER_MODEL_URI],
        schema: clusterSchema as unknown as JSONSchema,
      },
    ],
  });
}

/** The iptables-save grammar, and Tab's behaviour. */
export function configureIptables(): void {
  registerIptablesLanguage(monaco);
  // Tab moves focus out of the editor by default, so keyboard users are never trapped in it;
  // Monaco's own Ctrl+M (Ctrl+Shift+M on a Mac) switches Tab to indenting and back.
  TabFocus.setTabFocusMode(true);
}

export { monaco };
