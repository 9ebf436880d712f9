/**
 * The app's start, loaded by src/main.tsx once React's DOM renderer has been evaluated: this
 * module's own evaluation (the app's code) is then a task of its own, not part of one long one.
 */
import { startTransition, StrictMode } from 'react';
import type { createRoot as CreateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App.tsx';
import { createQueryClient } from './queries/query-client.ts';
import { startKeeping } from './share/start.ts';
import { useScenario } from './stores/scenario-store.ts';
import { ask } from '../worker/client.ts';
import { startLessons } from './lessons/start.ts';

/**
 * The saved work (and a shared link) before the first render, so nothing flashes the example.
 * Browser storage answers synchronously, and slowly the first time: a task of its own.
 */
export function keep(): void {
  startKeeping();
  startLessons();
  compileEarly();
}

/**
 * The saved (or default) cluster compiled while React builds the page: the worker keeps the
 * result by its text, so the page's own compile, asked once it has rendered, is answered at
 * once. Not when a link is being opened: it will replace the text.
 */
function compileEarly(): void {
  const { mode, yaml } = useScenario.getState();
  if (mode !== 'cluster' || location.hash.length > 1) return;
  void ask('prepareCluster', (e) => e.prepareCluster(yaml)).catch(() => undefined);
}

export function render(root: HTMLElement, createRoot: typeof CreateRoot): void {
  // the first render as a transition: React builds the page in slices of a few milliseconds
  // between which the browser may run other tasks, not in one long task
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <App />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}
