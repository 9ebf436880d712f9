// monaco-yaml's language service, bundled by Vite as its own worker (see monaco-setup.ts).
import 'monaco-yaml/yaml.worker.js';
