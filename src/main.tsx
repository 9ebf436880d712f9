import './ui/app.css';
import { nextTask } from './ui/next-task.ts';
import { warmEngine } from './worker/client.ts';
import { askEarlyCompile } from './ui/queries/early-compile.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Evaluating all the code at once was one long task. Each dynamic import is evaluated in a task
// of its own: the app first, then React's DOM renderer; reading the saved work (browser storage
// answers synchronously, and slowly the first time) comes in a task between them, and asks the
// engine for the first answers, which it works out while React's renderer is evaluated and the
// page first rendered. The engine worker first: it loads and starts in parallel with all this,
// and compiles the default cluster meanwhile when that is what the app will open.
warmEngine();
askEarlyCompile(location.hash, entryStorage());
void (async () => {
  const { keep, render } = await import('./ui/boot.tsx');
  await nextTask();
  keep();
  await nextTask();
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  render(root, createRoot);
})();

function entryStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
