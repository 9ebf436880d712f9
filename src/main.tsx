import './ui/app.css';
import { nextTask } from './ui/next-task.ts';
import { warmEngine } from './worker/client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Evaluating all the code at once was one long task. Each dynamic import is evaluated in a task
// of its own: React's DOM renderer first, then the app; reading the saved work (browser storage
// answers synchronously, and slowly the first time) comes in a third, the first render in a fourth.
// The engine worker first: it loads and starts in parallel with everything below.
warmEngine();
void (async () => {
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const { keep, render } = await import('./ui/boot.tsx');
  await nextTask();
  keep();
  await nextTask();
  render(root, createRoot);
})();
