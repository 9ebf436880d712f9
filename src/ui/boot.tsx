/**
 * The app's start, loaded by src/main.tsx before React's DOM renderer: this module's own
 * evaluation (the app's code) is a task of its own, not part of one long one.
 */
import { startTransition, StrictMode } from 'react';
import type { createRoot as CreateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App.tsx';
import { createQueryClient } from './queries/query-client.ts';
import { askFirstTrace } from './queries/first-trace.ts';
import { startKeeping } from './share/start.ts';
import { startLessons } from './lessons/start.ts';

/** The app's one query client: made here so the first answers can be asked before React runs. */
const queryClient = createQueryClient();

/**
 * The saved work (and a shared link) before the first render, so nothing flashes the example.
 * Browser storage answers synchronously, and slowly the first time: a task of its own.
 */
export function keep(): void {
  startKeeping();
  startLessons();
  void askFirstTrace(queryClient, location.hash).catch(() => undefined);
}

export function render(root: HTMLElement, createRoot: typeof CreateRoot): void {
  // the first render as a transition: React builds the page in slices of a few milliseconds
  // between which the browser may run other tasks, not in one long task
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}
